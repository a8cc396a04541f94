import { useCallback, useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

const PREFIX = 'flagdesk.draft.';

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    sessionStorage.setItem(PREFIX + key, value);
  } catch {
    // Too large for the storage: the state still holds it.
  }
}

/** Forget a draft: after a successful save or submit, or when the user discards it. */
export function clearDraft(key: string) {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** A stored draft as it was saved (JSON), or undefined when there is none or it cannot be read back. */
export function readDraft<T>(key: string): T | undefined {
  const text = read(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export function saveDraft(key: string, value: unknown) {
  write(key, JSON.stringify(value));
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
      write(key, next);
    },
    [key],
  );
  return [value, set];
}

/**
 * The same for a react-hook-form form: every edit the user makes is stored under `key`, and a remount (Retry)
 * puts the stored values back over the form's defaults, so the form is dirty against what the server holds. Resets
 * the screen does itself (after a save, "Take theirs") store nothing; the screen calls clearDraft when a save
 * succeeds or the user discards.
 */
export function useFormDraft<T extends FieldValues>(key: string, form: UseFormReturn<T>) {
  const { reset, watch } = form;
  useEffect(() => {
    const stored = readDraft<T>(key);
    if (stored) reset(stored, { keepDefaultValues: true });
    // A change by the user names its field; a reset names none.
    const subscription = watch((values, { name }) => {
      if (name !== undefined) saveDraft(key, values);
    });
    return () => subscription.unsubscribe();
  }, [key, reset, watch]);
}
