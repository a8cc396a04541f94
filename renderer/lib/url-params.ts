import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Each key set to its value, or removed when the value is null or empty; or a function that edits the copy itself. */
export type UrlParamChange = Record<string, string | null> | ((next: URLSearchParams) => void);

/**
 * A screen's URL parameters (every filter, sort and selection lives in the URL) with one way to change them. The
 * change replaces the history entry unless `push` is asked for, so typing in a filter does not fill Back with a step
 * per key; a step the user would go back to (opening a dialog) pushes.
 */
export function useUrlParams(): [URLSearchParams, (change: UrlParamChange, options?: { push?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: UrlParamChange, options?: { push?: boolean }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (typeof change === 'function') change(next);
          else {
            for (const [key, value] of Object.entries(change)) {
              if (value === null || value === '') next.delete(key);
              else next.set(key, value);
            }
          }
          return next;
        },
        { replace: !options?.push },
      ),
    [setParams],
  );
  return [params, update];
}
