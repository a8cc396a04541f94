import { useEffect, useState } from 'react';

/**
 * Whether `key` (not null) has been shown in a painted frame: work that must not hold that frame (asks whose answers
 * would be rendered before it) waits for this. A frame callback runs before its paint; a task queued from it, after.
 */
export function usePainted(key: string | null): boolean {
  const [painted, setPainted] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(key));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [key]);
  return key !== null && painted === key;
}
