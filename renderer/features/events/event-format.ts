import { readableSummary } from '../../../shared/domain/event-wording';
import type { FlagEvent } from '../../../shared/schemas';

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** "3 hours ago", "yesterday": the row's quick read (the exact time is beside it on hover and in the detail). */
export function relativeTime(iso: string, now: number): string {
  const diff = Date.parse(iso) - now;
  for (const [unit, ms] of units) if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit);
  return 'just now';
}

export function exactTime(iso: string): string {
  return exact.format(new Date(iso));
}

/** The server's markdown summary as plain text (bold marks and links dropped), or one that names the entity. */
export function plainSummary(event: FlagEvent): string {
  return readableSummary(event);
}
