import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { giveAssembly, pooledAssemblyBytes, takeAssembly } from './assembly-pool';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

it('keeps the buffers of a burst of answers for the next ones, and lets them go once no answer came for a while', () => {
  const taken = [takeAssembly(1024), takeAssembly(1024), takeAssembly(1024)];
  for (const buffer of taken) giveAssembly(buffer);
  expect(pooledAssemblyBytes()).toBe(3 * 1024);
  // an answer 20 s later reuses one and gives it back: the pool stays for the next 30 s
  vi.advanceTimersByTime(20_000);
  const again = takeAssembly(1024);
  expect(taken).toContain(again);
  giveAssembly(again);
  vi.advanceTimersByTime(20_000);
  expect(pooledAssemblyBytes()).toBe(3 * 1024);
  vi.advanceTimersByTime(10_000);
  expect(pooledAssemblyBytes()).toBe(0);
  expect(takeAssembly(2048)).toHaveLength(2048);
});
