import { z } from 'zod';

/**
 * An id that travels as one segment of a request path (project, feature, environment, strategy and strategy type
 * names). `.` and `..` would be resolved by the server or any proxy in between (`/projects/../archive`), and `/`,
 * `\` or a control character would split or break the path, so they are refused before anything is sent. Unleash's
 * own names are URL-friendly (docs/server-behaviour.md#strategy-types) and its name schema stops at 100
 * characters, so nothing real is lost.
 */
export const PATH_ID_MAX = 100;

export function isDotSegment(value: string): boolean {
  return value === '.' || value === '..';
}

export const pathIdSchema = z
  .string()
  .min(1)
  .max(PATH_ID_MAX)
  .refine((value) => !isDotSegment(value), 'must not be "." or ".." (a path would resolve it)')
  .refine((value) => !/[/\\]/.test(value), 'must not contain "/" or "\\"')
  // eslint-disable-next-line no-control-regex
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'must not contain control characters')
  .refine((value) => value.trim() !== '', 'must not be blank');
