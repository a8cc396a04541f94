import type { AreaOperations } from '../model/area-operations';

/** The event log's reads, answered by the demo's event store (demo/events/) in the context. */
export const operations = {
  listEvents: (ctx, query = {}) => ctx.events.list(query),
  searchEvents: (ctx, input = {}) => ctx.events.search(input),
  queryEvents: (ctx, params = {}) => ctx.events.query(params),
  queryEventsBytes: (ctx, params = {}) => ({ bytes: ctx.events.queryJson(params), release: () => undefined }),
  listEventCreators: (ctx) => ctx.events.creators(),
} satisfies AreaOperations;
