/**
 * Runs one operation on the backend of the active connection profile, whichever it is when the call arrives (the
 * user may switch profiles between two calls). A handler slice takes one, typed to the operations it uses.
 */
export type OnActiveBackend<Operations> = <T>(operation: (backend: Operations) => Promise<T>) => Promise<T>;

/** For a channel whose contract output is `nothing`: the backend answered no body, the page gets null. */
export function toNull(): null {
  return null;
}
