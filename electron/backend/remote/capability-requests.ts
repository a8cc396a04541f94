import { cannotDo } from '../../../shared/domain/capabilities';
import { LIMITS } from '../../../shared/domain/limits';
import type { EventQueryPage, Events, SearchEvents, ServerCapabilities } from '../../../shared/schemas';
import { notFound } from '../errors';
import { withQuery } from './base-url';
import type { HttpRequest } from './http-client';

/** The seed's search, exact on servers that still have it (up to 6.x). */
export function seedSearchRequest(input: SearchEvents): HttpRequest {
  return { method: 'POST', path: '/api/admin/events/search', body: input };
}

/**
 * The seed's search over GET /search/events (7+): filters become `IS:` filters; limit is sent always, since the new
 * default is 50 and the seed's is 100. Differences the caller inherits: `query` matches data/tags/preData only, and
 * `total` honours the query.
 */
export function searchEventsQueryRequest(input: SearchEvents): HttpRequest {
  const is = (value: string | undefined): string | undefined => (value === undefined ? undefined : `IS:${value}`);
  return {
    method: 'GET',
    path: withQuery('/api/admin/search/events', {
      type: is(input.type),
      project: is(input.project),
      feature: is(input.feature),
      query: input.query,
      limit: input.limit ?? LIMITS.searchLimitDefault,
      offset: input.offset,
    }),
  };
}

export function toEvents(result: EventQueryPage): Events {
  return { version: 1, events: result.events, totalEvents: result.total };
}

/** The CORS write this server has (POST /ui-config/cors from 6.6, POST /ui-config up to 6.x); none: a clear 404. */
export function setOriginsRequest(caps: ServerCapabilities, origins: string[]): HttpRequest {
  switch (caps.corsWrite) {
    case 'ui-config-cors':
      return { method: 'POST', path: '/api/admin/ui-config/cors', body: { frontendApiOrigins: origins } };
    case 'ui-config':
      return { method: 'POST', path: '/api/admin/ui-config', body: { frontendSettings: { frontendApiOrigins: origins } } };
    case 'none':
      throw notFound(cannotDo(caps, 'corsWrite'));
  }
}
