import { describeEvent } from '../../../shared/domain/event-summary';
import { QUERY_LIMIT_DEFAULT } from '../event-query/event-query';
import type { EventQueryPage, EventQueryParams, Events } from '../../../shared/schemas';
import { newestFirst } from './event-scan';

/**
 * The event browser's unfiltered first page from GET /api/admin/events, Unleash's plain newest-first list (the newest
 * 100 and `totalEvents`, every line from 5.x to 8.x): it answers in a fraction of a second where the search counts
 * every match first, which takes seconds on a large log. The next pages and every filter still go through the search.
 */

/** The list's length: the newest 100, whatever the server holds (docs/server-behaviour.md). */
const LIST_SIZE = 100;

/**
 * How many rows the list can answer for these parameters, or null when the search must: no filter, the first page,
 * and fewer rows than the list holds (its 101st row is missing, so a page of 100 could not be checked at its seam).
 */
export function newestListLimit(params: EventQueryParams): number | null {
  const { limit, offset, ...filters } = params;
  if (Object.values(filters).some((value) => value !== undefined)) return null;
  if (offset !== undefined && offset !== '0') return null;
  const rows = limit === undefined ? QUERY_LIMIT_DEFAULT : Number(limit);
  return Number.isInteger(rows) && rows >= 1 && rows < LIST_SIZE ? rows : null;
}

/**
 * The search's first `limit` rows out of the list, or null when the list cannot tell them. The search orders newest
 * first too, but may break ties (same time) otherwise: the rows are kept only when the one after the page is older
 * than the page's last (or the list holds every event), so the set matches the search's and the next page, read from
 * the search at this offset, neither repeats nor skips a row. Rows get the label and summary the search would give,
 * in the search's order.
 */
export function newestFromList(list: Events, limit: number, unleashUrl: string | undefined): EventQueryPage | null {
  const { events, totalEvents } = list;
  if (totalEvents === undefined) return null; // the count the browser shows: every line sends it
  const [last, next] = [events[limit - 1], events[limit]];
  const clean = next === undefined ? events.length >= totalEvents : last !== undefined && last.createdAt !== next.createdAt;
  if (!clean) return null;
  return {
    // the list's own order breaks no ties before 7.x; the search's (and the scan's) breaks them by id
    events: events.slice(0, limit).sort(newestFirst).map((event) => ({ ...event, ...describeEvent(event, unleashUrl) })),
    total: totalEvents,
  };
}
