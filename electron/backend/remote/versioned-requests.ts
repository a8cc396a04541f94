import { LIMITS } from '../../../shared/domain/limits';
import { majorVersion, type EventQueryPage, type Events, type SearchEvents } from '../../../shared/schemas';
import { withQuery } from './base-url';
import type { HttpRequest } from './http-client';

/**
 * Unleash 7.0 removed POST /api/admin/events/search and POST /api/admin/ui-config (docs/versions.md#removed-in-70). The major
 * version GET /api/admin/ui-config reports picks the request; 6.x keeps the seed's endpoints.
 */
export function speaksSeedApi(version: string): boolean {
  return majorVersion(version) < 7;
}


/**
 * On 7+: filters become `IS:` filters; limit is sent always, since the new default is 50 and the seed's is 100.
 * Differences the caller inherits: `query` matches data/tags/preData only, and `total` honours the query.
 */
export function searchEventsRequest(version: string, input: SearchEvents): HttpRequest {
  if (speaksSeedApi(version)) return { method: 'POST', path: '/api/admin/events/search', body: input };
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

export function setOriginsRequest(version: string, origins: string[]): HttpRequest {
  return speaksSeedApi(version)
    ? { method: 'POST', path: '/api/admin/ui-config', body: { frontendSettings: { frontendApiOrigins: origins } } }
    : { method: 'POST', path: '/api/admin/ui-config/cors', body: { frontendApiOrigins: origins } };
}
