import { z } from 'zod';

/**
 * The bounds every string and array the renderer may send gets (IPC inputs, docs/architecture.md#ipc). Where
 * Unleash has a limit it is used (ui-config's resourceLimits: 1000 segment values; 100-character URL-friendly
 * names, shared/schemas/path-id.ts); where it has none, a bound far above real use and far below harm (a 20 MB
 * name once grew the snapshot to 47 MB).
 */
export const BOUNDS = {
  /** Names of segments, strategy parameters, context fields and the like. */
  name: 255,
  description: 2000,
  /** A single constraint value (a long regex or a date fits). */
  value: 1000,
  /** Unleash's resourceLimits.segmentValues default: values of one constraint cannot exceed what a segment may hold. */
  values: 1000,
  constraints: 1000,
  /** Free-text search. */
  query: 1000,
  origin: 2048,
  origins: 500,
  /** Feature names in one batch (archive, validate). */
  features: 1000,
  /** Segment ids on one strategy (Unleash's default limit is 5; servers may raise it). */
  segmentIds: 100,
  parameters: 100,
} as const;

/** C0 controls except tab, line feed and carriage return, and DEL: never part of text a person typed. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A string of at most `max` characters, without NUL or other control characters. */
export function boundedText(max: number) {
  return z
    .string()
    .max(max)
    .refine((value) => !CONTROL.test(value), 'must not contain control characters (such as NUL)');
}

/** A bounded text that is not empty or only whitespace. */
export function boundedName(max: number = BOUNDS.name) {
  return boundedText(max).refine((value) => value.trim() !== '', 'must not be empty or only whitespace');
}
