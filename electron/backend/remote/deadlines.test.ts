import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Deadlines } from './deadlines';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('deadlines on one timer', () => {
  it('expires each entry at its own deadline, and never one that was released', () => {
    const deadlines = new Deadlines();
    const expired: string[] = [];
    deadlines.add(100, () => expired.push('first'));
    vi.advanceTimersByTime(40);
    const release = deadlines.add(100, () => expired.push('released'));
    deadlines.add(100, () => expired.push('second'));
    deadlines.add(20, () => expired.push('short'));

    vi.advanceTimersByTime(30);
    expect(expired).toEqual(['short']);
    release();
    vi.advanceTimersByTime(30);
    expect(expired).toEqual(['short', 'first']);
    vi.advanceTimersByTime(50);
    expect(expired).toEqual(['short', 'first', 'second']);
  });

  it('drops everything on clear', () => {
    const deadlines = new Deadlines();
    const expire = vi.fn();
    deadlines.add(10, expire);
    deadlines.clear();
    vi.advanceTimersByTime(1000);
    expect(expire).not.toHaveBeenCalled();
  });
});
