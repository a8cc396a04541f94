import { valueProblem, type ValueKind } from '../../../shared/domain/operators';

/*
 * A constraint value's problem in the words of someone filling in a form: the form's schema, its inputs and the
 * list's summaries use it. Kept apart from the form's schema, so that the list loads no zod.
 */

// ISO 8601 date, optionally with a time; then Z, or an offset such as +01:00, +0100 or -05.
const ISO_LOCAL = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;
const ZONE = /(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/;

/**
 * A date with no time zone (`2025-01-01T00:00`): Unleash stores it as typed, and each SDK then reads it in the zone
 * of the machine it runs on, so one segment would switch at different instants in different places. Flagdesk asks
 * for the zone instead of taking it silently.
 */
export function lacksTimeZone(value: string): boolean {
  return ISO_LOCAL.test(value.trim()) && !Number.isNaN(Date.parse(value.trim()));
}

/** The catalogue's rules, in the words of someone filling in a form. */
export function valueMessage(kind: ValueKind, value: string): string | null {
  if (kind === 'date' && lacksTimeZone(value)) {
    return `“${value}” has no time zone: each SDK would read it in its own machine's zone. Add Z for UTC or an offset such as +01:00.`;
  }
  // Date.parse takes "Jan 1 2025" too, but the SDKs' parsers differ on anything that is not ISO 8601 with a zone.
  if (kind === 'date' && value.trim() !== '' && !Number.isNaN(Date.parse(value)) && !(/^\d{4}-\d{2}-\d{2}[Tt ]/.test(value.trim()) && ZONE.test(value.trim()))) {
    return `“${value}” is not a date: use ISO 8601, e.g. 2026-01-31T09:00:00Z`;
  }
  const problem = valueProblem(kind, value);
  if (!problem) return null;
  switch (kind) {
    case 'string':
      return value.length === 0 ? 'A value cannot be empty' : 'Values are at most 100 characters';
    case 'number':
      return `“${value}” is not a number (use a dot for decimals, e.g. 2.5)`;
    case 'date':
      return `“${value}” is not a date: use ISO 8601, e.g. 2026-01-31T09:00:00Z`;
    case 'semver':
      return `“${value}” is not a version like 1.2.3 (no “v”, three numbers)`;
    case 'regex':
      return `Not a valid regular expression: ${problem.replace(/^.*Error: /, '')}`;
  }
}
