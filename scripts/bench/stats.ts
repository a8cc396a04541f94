import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface Timing {
  p50: number;
  p95: number;
  runs: number;
}

/** Runs `fn` `runs` times (after `warmup` untimed runs) and returns percentiles in ms. */
export function timeRuns(fn: () => unknown, runs: number, warmup = 3): Timing {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return { ...percentiles(samples), runs };
}

export async function timeRunsAsync(fn: () => Promise<unknown>, runs: number, warmup = 2): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return { ...percentiles(samples), runs };
}

export function percentiles(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

/** A full GC when possible, so memory rows measure what is retained, not garbage. */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  gc?.();
  gc?.();
}

export const MB = 1024 * 1024;
