/**
 * Front-end API origin validation, as Unleash's validateOrigin.ts: exactly `*`, or a string that parses as a URL
 * whose origin equals the input exactly (no path, no trailing slash, no default port, lower-case host).
 */
export function isValidOrigin(origin: string): boolean {
  if (origin === '*') return true;
  if (origin.includes('*')) return false;
  try {
    return new URL(origin).origin === origin;
  } catch {
    return false;
  }
}

/** The first invalid origin of a list, or undefined when every entry is valid. */
export function firstInvalidOrigin(origins: readonly string[]): string | undefined {
  return origins.find((origin) => !isValidOrigin(origin));
}
