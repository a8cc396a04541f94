import { useEffect, useState } from 'react';

/**
 * The current time, moved on every `everyMs` while the page is visible: relative times ("3 minutes ago") stay
 * true without a timer per row. A hidden window skips ticks and catches up when shown again.
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => {
      if (document.visibilityState !== 'hidden') setNow(Date.now());
    };
    const timer = setInterval(tick, everyMs);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [everyMs]);
  return now;
}
