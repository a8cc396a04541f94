import type { EventHistogram, EventQueryPage, EventQueryParams } from '../../shared/schemas';
import type { ExportFilter } from '../../shared/schemas/event-export';

/** At most this many bars; a longer range gets buckets of several days. */
export const MAX_BUCKETS = 60;
/**
 * Count queries in flight at once. Unleash runs each on one of its 4 database connections (DATABASE_POOL_MAX's
 * default) and a count over a large log holds one for seconds: the chart takes at most half, so the list's next page
 * or next filter never waits behind it. The local copy answers each at once either way.
 */
const CONCURRENCY = 2;
const DAY_MS = 86_400_000;

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);
const bare = (value: string | undefined): string | undefined => value?.replace(/^IS:/, '');

/**
 * Events per day (or per run of days) over the filter. The search has no aggregation, so each bar is one count
 * query (`limit=1`, read `total`) over its date window; without a date filter the range runs from the oldest
 * matching event to today.
 */
export async function eventHistogram(
  filter: ExportFilter,
  query: (params: EventQueryParams) => Promise<EventQueryPage>,
  now: () => Date = () => new Date(),
  /** The filter's total when just read (the list's first page): on a server, one count less of the whole log. */
  knownTotal?: number,
): Promise<EventHistogram> {
  let from = bare(filter.from);
  const to = bare(filter.to) ?? dayOf(now().getTime());
  if (!from) {
    const count = async () => (await query({ ...filter, limit: '1' })).total;
    const oldestOf = async (total: number) => (await query({ ...filter, offset: String(total - 1), limit: '1' })).events[0];
    let total = knownTotal ?? (await count());
    if (total === 0) return { days: 1, buckets: [] };
    let oldest = await oldestOf(total);
    if (!oldest && knownTotal !== undefined) {
      // events deleted since the total was read: count again
      total = await count();
      if (total === 0) return { days: 1, buckets: [] };
      oldest = await oldestOf(total);
    }
    from = oldest ? oldest.createdAt.slice(0, 10) : to;
  }
  const spanDays = Math.max(1, Math.round((msOf(to) - msOf(from)) / DAY_MS) + 1);
  const days = Math.ceil(spanDays / MAX_BUCKETS);
  const windows: { from: string; to: string }[] = [];
  for (let start = msOf(from); start <= msOf(to); start += days * DAY_MS) {
    windows.push({ from: dayOf(start), to: dayOf(Math.min(start + (days - 1) * DAY_MS, msOf(to))) });
  }
  const counts = new Array<number>(windows.length).fill(0);
  let next = 0;
  const worker = async () => {
    while (next < windows.length) {
      const index = next++;
      const window = windows[index] as { from: string; to: string };
      counts[index] = (await query({ ...filter, from: `IS:${window.from}`, to: `IS:${window.to}`, limit: '1' })).total;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, windows.length) }, worker));
  return { days, buckets: windows.map((window, index) => ({ ...window, count: counts[index] ?? 0 })) };
}
