import { describe, expect, it } from 'vitest';
import { searchEventsSchema } from '../../../shared/schemas';
import { parseEventQuery } from '../event-query/event-query';
import { detectCapabilities, type Probe } from './capabilities';
import type { HttpRequest } from './http-client';
import { hasRoute } from './test-support/server-lines';

function serverLike(version: string, asked: HttpRequest[] = []): Probe {
  return async (request) => {
    asked.push(request);
    if (!hasRoute(version, request.method, request.path)) return { status: 404 };
    return { status: request.method === 'GET' || request.path.endsWith('/events/search') ? 200 : 400 };
  };
}

describe('detectCapabilities', () => {
  it('5.x: the seed event search, CORS through POST /ui-config, batch archive and revive, both playgrounds', async () => {
    expect(await detectCapabilities({ version: '5.12.8' }, serverLike('5.12.8'))).toEqual({
      version: '5.12.8',
      eventSearch: 'events-search',
      seedEventSearch: true,
      corsWrite: 'ui-config',
      archive: true,
      revive: true,
      playground: true,
      advancedPlayground: true,
    });
  });

  it('6.10.1 has both event searches and both CORS writes: the newer of each is picked', async () => {
    const caps = await detectCapabilities({ version: '6.10.1' }, serverLike('6.10.1'));
    expect(caps).toMatchObject({ eventSearch: 'search-events', seedEventSearch: true, corsWrite: 'ui-config-cors' });
  });

  it.each(['7.6.5', '8.2.0'])('%s: GET /search/events and /ui-config/cors only', async (version) => {
    const caps = await detectCapabilities({ version }, serverLike(version));
    expect(caps).toMatchObject({ eventSearch: 'search-events', seedEventSearch: false, corsWrite: 'ui-config-cors', archive: true });
  });

  it('a server with no search and no CORS write falls back to the event list and says CORS cannot be changed', async () => {
    const caps = await detectCapabilities({ version: '4.22.0' }, async (request) => ({
      status: request.path.includes('search') || request.path.includes('ui-config') ? 404 : 400,
    }));
    expect(caps).toMatchObject({ eventSearch: 'events-list', seedEventSearch: false, corsWrite: 'none' });
  });

  it('decides from the routes, not the version it reports', async () => {
    const caps = await detectCapabilities({ version: '8.2.0' }, serverLike('5.12.8')); // a server that says 8 but lacks its routes
    expect(caps).toMatchObject({ eventSearch: 'events-search', corsWrite: 'ui-config' });
  });

  it('never sends a write the server could accept: every write probe carries a body its validation refuses', async () => {
    const asked: HttpRequest[] = [];
    await detectCapabilities({ version: '6.10.1' }, serverLike('6.10.1', asked));
    const writes = asked.filter((r) => r.method !== 'GET' && !r.path.endsWith('/events/search'));
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) {
      const body = JSON.stringify(write.body);
      // an origin that is not a URL, a features list that is not a list, or a playground request with no context
      expect(body === '{}' || body.includes('flagdesk-capability-probe') || body.includes('"not a list"'), `${write.path} ${body}`).toBe(true);
    }
  });

  it('never runs an event search: both search probes carry what validation refuses before the search counts the log', async () => {
    const asked: HttpRequest[] = [];
    await detectCapabilities({ version: '6.10.1' }, serverLike('6.10.1', asked));
    const search = asked.find((r) => r.path.startsWith('/api/admin/search/events'));
    const from = new URL(`http://x${search?.path}`).searchParams.get('from') ?? '';
    expect(() => parseEventQuery({ from })).toThrow('Request validation failed');
    const seed = asked.find((r) => r.path === '/api/admin/events/search');
    expect(searchEventsSchema.safeParse(seed?.body).success).toBe(false);
  });

  it('a probe that cannot reach the server fails the detection (it is asked again later, not guessed)', async () => {
    await expect(detectCapabilities({ version: '6.10.1' }, () => Promise.reject(new Error('ECONNREFUSED')))).rejects.toThrow('ECONNREFUSED');
  });
});
