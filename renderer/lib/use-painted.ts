import { useEffect, useEffectEvent, useState } from 'react';

/**
 * Runs `run` once the frame showing `key` (not null) is painted, again for each new key: a frame callback runs
 * before its paint, a task queued from it after. Work that must not hold that frame (code or asks it does not
 * need) waits for this. Nothing renders again: `run` is read when it is due, not a dependency.
 */
export function useAfterPaint(key: string | null, run: () => void): void {
  const due = useEffectEvent(run);
  useEffect(() => {
    if (key === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => due());
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [key]);
}

/**
 * Whether `key` (not null) has been shown in a painted frame, as state: asks whose answers would be rendered before
 * that frame wait for this.
 */
export function usePainted(key: string | null): boolean {
  const [painted, setPainted] = useState<string | null>(null);
  useAfterPaint(key, () => setPainted(key));
  return key !== null && painted === key;
}
