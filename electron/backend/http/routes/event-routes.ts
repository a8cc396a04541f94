import type { AdminBackend } from '../../admin-backend';
import type { EventQueryParams, SearchEvents } from '../../../../shared/schemas';
import { reply, route, type Route } from '../route';
import type { JsonTextReads } from '../json-text-reads';
import { jsonTextResponse } from '../wire-response';
import { eventsQuery, searchEventsBody, searchEventsQuery } from '../request-schemas';

const QUERY_SEARCH_PATH = '/api/admin/search/events';

/** /api/admin/events, the 6.x body search and the query search (docs/server-behaviour.md#event-list, docs/server-behaviour.md#body-search-6x, docs/server-behaviour.md#query-search). */
export function eventRoutes(backend: AdminBackend, jsonTexts?: JsonTextReads): Route[] {
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
        // Only the declared parameters go on (the schema lets others through, as Unleash's does).
        const params: EventQueryParams = {};
        for (const key of Object.keys(searchEventsQuery.shape) as (keyof EventQueryParams)[]) {
          const value = (query as Record<string, unknown>)[key];
          if (typeof value === 'string') params[key] = value;
        }
        // The same page either way; a backend that keeps its bodies as JSON text writes it without objects.
        if (jsonTexts) return jsonTextResponse(200, await jsonTexts.queryEvents(params));
        return reply.json(200, await backend.queryEvents(params));
      },
    }),
    route({
      method: 'GET',
      path: '/api/admin/event-creators',
      handle: async () => reply.json(200, await backend.listEventCreators()),
    }),
  ];
}
