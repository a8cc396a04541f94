import type { ServerCapabilities, UiConfig } from '../../../shared/schemas';
import type { HttpRequest } from './http-client';

/** Sends one request and gives its status; a network failure rejects (detection then fails and is asked again). */
export type Probe = (request: HttpRequest) => Promise<{ status: number }>;

/** Said in the probes (not an origin, not a date: validation refuses it), so a log on the server shows who asked. */
const PROBE_MARK = 'flagdesk-capability-probe';

/**
 * Each probe asks whether a route exists, without changing anything and without work on the server: every probe
 * carries a parameter or body the route's validation refuses (400) before its handler runs. The event searches
 * especially: a search that runs counts every event, seconds on a large log, and the first page waits for these.
 * Unleash answers a route it does not have with 404 (its API catch-all), so anything else (2xx, 400, 401, 403)
 * means the route is there.
 */
const PROBES = {
  searchEvents: { method: 'GET', path: `/api/admin/search/events?from=${PROBE_MARK}` },
  seedEventSearch: { method: 'POST', path: '/api/admin/events/search', body: { limit: 0 } },
  corsWrite: { method: 'POST', path: '/api/admin/ui-config/cors', body: { frontendApiOrigins: [PROBE_MARK] } },
  uiConfigWrite: {
    method: 'POST',
    path: '/api/admin/ui-config',
    body: { frontendSettings: { frontendApiOrigins: [PROBE_MARK] } },
  },
  archive: { method: 'POST', path: '/api/admin/projects/default/archive', body: { features: 'not a list' } },
  revive: { method: 'POST', path: '/api/admin/projects/default/revive', body: { features: 'not a list' } },
  playground: { method: 'POST', path: '/api/admin/playground', body: {} },
  advancedPlayground: { method: 'POST', path: '/api/admin/playground/advanced', body: {} },
} satisfies Record<string, HttpRequest>;

type Found = Record<keyof typeof PROBES, boolean>;

/** Reads, in parallel, which of the routes the app can use this server has. */
export async function detectCapabilities(config: UiConfig, probe: Probe): Promise<ServerCapabilities> {
  const entries = await Promise.all(
    Object.entries(PROBES).map(async ([name, request]) => {
      const { status } = await probe(request);
      return [name, status !== 404] as const;
    }),
  );
  return capabilitiesFrom(config.version, Object.fromEntries(entries) as Found);
}

export function capabilitiesFrom(version: string, found: Found): ServerCapabilities {
  return {
    version,
    eventSearch: found.searchEvents ? 'search-events' : found.seedEventSearch ? 'events-search' : 'events-list',
    seedEventSearch: found.seedEventSearch,
    corsWrite: found.corsWrite ? 'ui-config-cors' : found.uiConfigWrite ? 'ui-config' : 'none',
    archive: found.archive,
    revive: found.revive,
    playground: found.playground,
    advancedPlayground: found.advancedPlayground,
  };
}
