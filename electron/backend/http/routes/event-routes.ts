import type { AdminBackend } from '../../admin-backend';
import type { SearchEvents } from '../../../../shared/schemas';
import type { EventQueryPage, EventQueryParams } from '../../demo/events/event-query';
import { unknownPath } from '../pipeline-checks';
import { reply, route, type Route } from '../route';
import { eventsQuery, searchEventsBody, searchEventsQuery } from '../request-schemas';

const QUERY_SEARCH_PATH = '/api/admin/search/events';

/** A backend that serves GET /api/admin/search/events (label/summary included). */
export interface EventQueryBackend {
  queryEvents(params: EventQueryParams): Promise<EventQueryPage>;
}

/**
 * The query search is not (yet) an AdminBackend method: a backend may offer queryEvents(), and the demo backend,
 * which exposes its event log as `events`, is served through the log's query(). Looked up per request, because a
 * demo reset swaps the log. Without either, the path is unknown, as on a server that predates it.
 */
function eventQueryOf(backend: AdminBackend): ((params: EventQueryParams) => Promise<EventQueryPage>) | undefined {
  const candidate = backend as AdminBackend & Partial<EventQueryBackend> & { events?: { query?: unknown } };
  const { queryEvents } = candidate;
  if (typeof queryEvents === 'function') return (params) => queryEvents.call(backend, params);
  const log = candidate.events as { query(params: EventQueryParams): EventQueryPage } | undefined;
  if (log && typeof log.query === 'function') return async (params) => log.query(params);
  return undefined;
}

/** /api/admin/events, the 6.x body search and the query search (facts §4.1, §4.2, §4.3). */
export function eventRoutes(backend: AdminBackend): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/events',
      query: eventsQuery,
      // `?project=` (empty) lists everything, as Unleash treats a falsy project as no filter.
      handle: async ({ query }) => reply.json(200, await backend.listEvents(query.project ? { project: query.project } : {})),
    }),
    route({
      method: 'POST',
      path: '/api/admin/events/search',
      body: searchEventsBody,
      handle: async ({ body }) => {
        const input: SearchEvents = {};
        if (body.type !== undefined) input.type = body.type;
        if (body.project !== undefined) input.project = body.project;
        if (body.feature !== undefined) input.feature = body.feature;
        if (body.query !== undefined) input.query = body.query;
        if (body.limit !== undefined) input.limit = body.limit;
        if (body.offset !== undefined) input.offset = body.offset;
        return reply.json(200, await backend.searchEvents(input));
      },
    }),
    route({
      method: 'GET',
      path: QUERY_SEARCH_PATH,
      query: searchEventsQuery,
      handle: async ({ query }) => {
        const search = eventQueryOf(backend);
        if (!search) return unknownPath(QUERY_SEARCH_PATH);
        const params: EventQueryParams = {};
        for (const [key, value] of Object.entries(query)) {
          if (typeof value === 'string') params[key as keyof EventQueryParams] = value;
        }
        return reply.json(200, await search(params));
      },
    }),
  ];
}
