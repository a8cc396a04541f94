import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { relativeTime } from '../features/events/event-format';
import { useNow } from './use-now';

afterEach(() => {
  vi.useRealTimers();
});

describe('useNow', () => {
  it('moves on every interval, so "just now" becomes "3 minutes ago" on a screen left open', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-05-01T10:00:00.000Z'));
    const written = '2026-05-01T09:59:50.000Z';
    const { result } = renderHook(() => relativeTime(written, useNow(30_000)));
    expect(result.current).toBe('just now');
    act(() => {
      vi.advanceTimersByTime(3 * 60_000);
    });
    expect(result.current).toBe('3 minutes ago');
  });
});
