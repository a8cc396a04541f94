import { useCallback, useState } from 'react';

const PREFIX = 'flagdesk.draft.';

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

/**
 * A text the user typed, kept in sessionStorage as well as in state: it survives the screen's error boundary
 * remounting it (Retry) and a visit to another screen, and is gone when the window closes. A storage that refuses
 * (quota, disabled) only loses the copy, never the typing.
 */
export function useSessionDraft(key: string, initial: string): [string, (next: string) => void] {
  const [value, setValue] = useState(() => read(key) ?? initial);
  const set = useCallback(
    (next: string) => {
      setValue(next);
      try {
        sessionStorage.setItem(PREFIX + key, next);
      } catch {
        // Too large for the storage: the state still holds it.
      }
    },
    [key],
  );
  return [value, set];
}
