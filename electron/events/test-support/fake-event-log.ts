import type { EventQueryPage, EventQueryParams, FlagEvent } from '../../../shared/schemas';

const DAY_MS = 86_400_000;

/**
 * A large event log in memory for the window walkers' tests: `count` events (less any in `gap`), one every `everyMs`, ending at `newest`
 * (ids grow with time), answering GET /search/events' from/to/type/offset/limit as the server does (newest first),
 * and recording every request so tests can check what was asked.
 */
export function fakeEventLog(options: {
  count: number;
  everyMs: number;
  newest: Date;
  gap?: { from: string; days: number };
  /** The zone the server's database reads `IS:yyyy-MM-dd` in, as hours from UTC (-5: its days start at 05:00 UTC). */
  zoneHours?: number;
}) {
  const { count, everyMs } = options;
  const newestMs = options.newest.getTime();
  // oldest first while building; answers read it from the end
  const events: FlagEvent[] = [];
  const gapFrom = options.gap ? Date.parse(`${options.gap.from}T00:00:00.000Z`) : Infinity;
  const gapTo = options.gap ? gapFrom + options.gap.days * DAY_MS : -Infinity;
  for (let i = 0; i < count; i++) {
    const at = newestMs - (count - 1 - i) * everyMs;
    if (at >= gapFrom && at < gapTo) continue; // nothing happened in the gap
    const id = events.length + 1;
    events.push({ id, type: id % 3 === 0 ? 'segment-updated' : 'feature-created', createdBy: 'bench', createdAt: new Date(at).toISOString() });
  }
  const requests: EventQueryParams[] = [];

  /** Index of the first event (oldest-first order) created at or after `ms`. */
  const firstAtOrAfter = (ms: number): number => {
    let lo = 0;
    let hi = events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (Date.parse((events[mid] as FlagEvent).createdAt) < ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const zoneMs = (options.zoneHours ?? 0) * 3_600_000;
  const dayMs = (value: string | undefined): number | undefined => (value ? Date.parse(`${value.slice(3)}T00:00:00.000Z`) - zoneMs : undefined);

  return {
    requests,
    /** Every event, newest first. */
    all: (): FlagEvent[] => [...events].reverse(),
    /** New events arriving now (after the newest), as a server receives them mid-walk. */
    arrive(n: number): void {
      for (let i = 0; i < n; i++) {
        const last = events.at(-1) as FlagEvent;
        events.push({ id: last.id + 1, type: 'feature-created', createdBy: 'late', createdAt: new Date(Date.parse(last.createdAt) + 1000).toISOString() });
      }
    },
    async query(params: EventQueryParams): Promise<EventQueryPage> {
      requests.push(params);
      const from = dayMs(params.from);
      const to = dayMs(params.to);
      let matches = events.slice(from === undefined ? 0 : firstAtOrAfter(from), to === undefined ? events.length : firstAtOrAfter(to + DAY_MS));
      const type = params.type?.replace(/^IS(_ANY_OF)?:/, '');
      if (type) matches = matches.filter((event) => type.split(',').includes(event.type));
      const offset = Number(params.offset ?? 0);
      const limit = Number(params.limit ?? 50);
      const end = matches.length - offset;
      return { events: matches.slice(Math.max(0, end - limit), Math.max(0, end)).reverse(), total: matches.length };
    },
  };
}
