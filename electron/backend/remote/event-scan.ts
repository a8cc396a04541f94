import { EVENT_SCAN_LIMIT } from '../../../shared/domain/capabilities';
import { describeEvent } from '../../../shared/domain/event-summary';
import { isEventType } from '../../../shared/domain/event-types';
import type { EventQueryPage, EventQueryParams, Events, FlagEvent, SearchEvents } from '../../../shared/schemas';
import { parseEventQuery, type EventQuery } from '../event-query/event-query';
import { compileLike, type LikeMatcher } from '../event-query/like-pattern';
import { jsonbText, jsonText } from '../event-query/pg-json-text';

/**
 * Event search done by the app, for servers without GET /api/admin/search/events (Unleash 5.x) or without any
 * search: the server narrows what it can (exact type/project/flag and its own, broader, text match), the app applies
 * the rest with the same rules the server's search uses (the demo's parser and LIKE matcher), then counts and pages.
 */

/** What the server can narrow by: the seed's POST /events/search filters. */
export type Narrow = Pick<SearchEvents, 'type' | 'project' | 'feature' | 'query'>;

/** Pages of events, newest first, a superset of the matches; the scan stops after EVENT_SCAN_LIMIT events. */
export type EventPages = (narrow: Narrow) => AsyncIterable<FlagEvent[]>;

const single = (values: string[] | undefined): string | undefined => (values?.length === 1 ? values[0] : undefined);

function narrowOf(q: EventQuery): Narrow {
  const type = single(q.types);
  return {
    // the seed's search refuses a type outside its enum with a 400, where the query answers "no events"
    ...(type !== undefined && isEventType(type) ? { type } : {}),
    ...(single(q.projects) !== undefined ? { project: single(q.projects) } : {}),
    ...(single(q.features) !== undefined ? { feature: single(q.features) } : {}),
    // the server matches type, createdBy, data, tags and preData: more than the query's three columns, never fewer
    ...(q.text !== undefined ? { query: q.text } : {}),
  };
}

function likeTest(matcher: LikeMatcher): (text: string) => boolean {
  switch (matcher.kind) {
    case 'all':
      return () => true;
    case 'none':
      return () => false;
    case 'substring':
      return (text) => text.toLowerCase().includes(matcher.needle);
    case 'regex': {
      const regex = new RegExp(matcher.source, 'su');
      return (text) => regex.test(text.toLowerCase());
    }
  }
}

const within = <T>(values: T[] | undefined, value: T | null | undefined): boolean =>
  values === undefined || (value !== null && value !== undefined && values.includes(value));

function matcherOf(q: EventQuery): (event: FlagEvent) => boolean {
  const text = q.text === undefined ? undefined : likeTest(compileLike(q.text));
  return (event) => {
    const created = Date.parse(event.createdAt);
    return (
      within(q.ids, event.id) &&
      within(q.groupIds, event.groupId) &&
      within(q.features, event.featureName) &&
      within(q.projects, event.project) &&
      within(q.types, event.type) &&
      within(q.createdByUserIds, event.createdByUserId) &&
      within(q.environments, event.environment) &&
      (q.fromMs === undefined || created >= q.fromMs) &&
      (q.toMs === undefined || created < q.toMs) &&
      (text === undefined ||
        text(jsonText(event.data ?? null)) ||
        text(jsonText(event.tags ?? null)) ||
        text(jsonbText(event.preData ?? null)))
    );
  };
}

/** created_at DESC, id DESC, as GET /search/events orders. */
export const newestFirst = (a: FlagEvent, b: FlagEvent): number => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

async function collect(pages: AsyncIterable<FlagEvent[]>, keep: (event: FlagEvent) => boolean): Promise<FlagEvent[]> {
  const seen = new Map<number, FlagEvent>();
  for await (const page of pages) {
    for (const event of page) if (keep(event)) seen.set(event.id, event); // row-offset pages may repeat a tie
  }
  return [...seen.values()].sort(newestFirst);
}

/** GET /search/events' answer (label and summary included) computed by the app over the server's narrowed pages. */
export async function queryEventsByScan(params: EventQueryParams, pages: EventPages, unleashUrl: string | undefined): Promise<EventQueryPage> {
  const q = parseEventQuery(params); // the same 400s the server's OpenAPI check gives
  const matches = await collect(pages(narrowOf(q)), matcherOf(q));
  const events = matches.slice(q.offset, q.offset + q.limit).map((event) => ({ ...event, ...describeEvent(event, unleashUrl ?? undefined) }));
  return { events, total: matches.length };
}

/**
 * The seed's search over the event list, for a server with neither search: exact type/project/flag, the text over
 * type, createdBy, data, tags and preData; totalEvents ignores the text, as the seed's does.
 */
export async function searchEventsByScan(input: SearchEvents, pages: EventPages): Promise<Events> {
  const exact = (event: FlagEvent): boolean =>
    (input.type === undefined || event.type === input.type) &&
    (input.project === undefined || event.project === input.project) &&
    (input.feature === undefined || event.featureName === input.feature);
  const filtered = await collect(pages({}), exact);
  const text = input.query ? likeTest(compileLike(input.query)) : undefined;
  const matches = text
    ? filtered.filter((e) => [e.type, e.createdBy, jsonText(e.data ?? null), jsonText(e.tags ?? null), jsonbText(e.preData ?? null)].some(text))
    : filtered;
  const offset = input.offset ?? 0;
  return { version: 1, events: matches.slice(offset, offset + (input.limit ?? 100)), totalEvents: filtered.length };
}

/** Pages of POST /api/admin/events/search, 100 at a time, until a short page or EVENT_SCAN_LIMIT events. */
export async function* seedSearchPages(narrow: Narrow, read: (body: SearchEvents) => Promise<Events>): AsyncIterable<FlagEvent[]> {
  const size = 100;
  for (let offset = 0; offset < EVENT_SCAN_LIMIT; offset += size) {
    const { events } = await read({ ...narrow, limit: size, offset });
    yield events;
    if (events.length < size) return;
  }
}
