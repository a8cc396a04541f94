import { describe, expect, it } from 'vitest';
import { limitsOf } from '../../../shared/schemas';
import { TOKEN, event8, segment, uiConfig } from './test-support/fixtures';
import { hasRoute } from './test-support/server-lines';
import { useStubBackend } from './test-support/stub-backend';
import { empty, json, type Recorded } from './test-support/stub-server';

const { stub, connect } = useStubBackend();

describe('requests on the wire', () => {
  it('sends the raw token, JSON bodies and encoded path segments under a normalised base URL', async () => {
    stub.handle((req, res) => (req.method === 'POST' ? json(res, 201, segment) : json(res, 200, { name: 'x', project: 'p' })));
    const remote = connect(`${stub.url}/unleash/api/admin/`);
    await remote.createSegment({ name: 'beta users', constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }] });
    await remote.getFeature({ projectId: 'my project', featureName: 'a/b?c' });

    const [create, read] = stub.requests;
    expect(create?.url).toBe('/unleash/api/admin/segments');
    expect(create?.headers.authorization).toBe(TOKEN);
    expect(create?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(create?.body ?? '')).toEqual({
      name: 'beta users',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }],
    });
    expect(read?.url).toBe('/unleash/api/admin/projects/my%20project/features/a%2Fb%3Fc');
    expect(read?.headers['content-type']).toBeUndefined();
  });

  it('keeps the connection alive between requests', async () => {
    stub.handle((_req, res) => json(res, 200, { version: 1, projects: [] }));
    const remote = connect();
    await remote.listProjects();
    await remote.listProjects();
    const [first, second] = stub.requests;
    expect(first?.headers.connection).toBe('keep-alive');
    expect(second?.remotePort).toBe(first?.remotePort);
  });

  it('uses an injected fetch when one is given', async () => {
    stub.handle((_req, res) => json(res, 200, { version: 1, environments: [{ name: 'development' }] }));
    const seen: string[] = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const remote = connect(stub.url, { fetch: spy });
    expect(await remote.listEnvironments()).toEqual([{ name: 'development' }]);
    expect(seen).toEqual([`${stub.url}/api/admin/environments`]);
    expect(stub.requests[0]?.headers.authorization).toBe(TOKEN);
  });
});

describe('parsing what servers send', () => {
  it('tolerates unknown fields and 8.x extras (groupType/groupId, ULID strategy ids)', async () => {
    stub.handle((req, res) => {
      if (req.url.startsWith('/api/admin/events')) return json(res, 200, { version: 1, events: [event8], totalEvents: 1, x: 1 });
      json(res, 200, { id: '01M81MRV8VESDB52BH70EJSEJT', name: 'flexibleRollout', segments: [7], variants: [] });
    });
    const remote = connect();
    const events = await remote.listEvents({ project: 'default' });
    expect(events.events[0]).toMatchObject({ id: 148, groupId: '01M81MRV8VESDB52BH70EJSEJT', label: 'Flag created' });
    expect(stub.requests[0]?.url).toBe('/api/admin/events?project=default');
    const strategy = await remote.fixtures.addFeatureStrategy('default', 'f', 'development', { name: 'flexibleRollout' });
    expect(strategy.id).toBe('01M81MRV8VESDB52BH70EJSEJT');
  });

  it('fills in the project that feature lists leave out', async () => {
    stub.handle((_req, res) => json(res, 200, { version: 2, features: [{ name: 'a', type: 'release', favorite: false }] }));
    expect(await connect().listProjectFeatures({ projectId: 'web' })).toEqual([{ name: 'a', type: 'release', favorite: false, project: 'web' }]);
  });

  it('returns void for 204/202/200-empty writes', async () => {
    stub.handle((req, res) => empty(res, req.url.endsWith('/archive') ? 202 : 204));
    const remote = connect();
    await expect(remote.updateSegment({ id: 7, segment: { name: 'n', constraints: [] } })).resolves.toBeUndefined();
    await expect(remote.archiveFeatures({ projectId: 'default', features: ['a'] })).resolves.toBeUndefined();
    expect(JSON.parse(stub.requests[1]?.body ?? '')).toEqual({ features: ['a'] });
  });
});

describe('capabilities pick the endpoint', () => {
  /** The capability probes: reads with limit 1, writes with a body validation refuses. */
  const isProbe = (r: Recorded): boolean =>
    r.url.includes('flagdesk-capability-probe') || r.body === '{"limit":0}' || r.body === '{}' || /flagdesk-capability-probe|not a list/.test(r.body);

  /** A stub with the routes of one line: 404 for those it lacks, a validation 400 for probe writes. */
  function serve(version: string): void {
    stub.handle((req, res) => {
      if (!hasRoute(version, req.method, req.url)) return json(res, 404, { name: 'NotFoundError', message: `The path you were looking for (${req.url}) is not available.` });
      if (req.url === '/api/admin/ui-config' && req.method === 'GET') return json(res, 200, uiConfig(version));
      if (req.url === '/api/admin/events/search') return json(res, 200, { version: 1, events: [event8], totalEvents: 9 });
      if (req.url === '/api/admin/events') return json(res, 200, { version: 1, events: [listed], totalEvents: 1 });
      if (req.url.startsWith('/api/admin/search/events')) return json(res, 200, { events: [event8], total: 4 });
      if (isProbe(req)) return json(res, 400, { name: 'BadDataError', message: 'Request validation failed' });
      empty(res, 204);
    });
  }
  const used = (): string[] => stub.requests.filter((r) => !isProbe(r)).map((r) => `${r.method} ${r.url.split('?')[0]}`);
  /** The plain list gives no label or summary. */
  const { label: _label, summary: _summary, ...listed } = event8;

  // Unleash's search counts every match before it answers (seconds on a large log); its plain list does not.
  it.each(['5.12.8', '6.10.1', '7.6.5', '8.2.0'])('%s: the unfiltered first page comes from GET /events, labelled as the search labels', async (version) => {
    serve(version);
    const remote = connect();
    const page = await remote.queryEvents({ limit: '50', offset: '0' });
    expect(page).toMatchObject({ total: 1, events: [{ id: 148, label: 'Flag created', summary: expect.stringContaining('**admin** created') }] });
    expect(used()).toEqual(['GET /api/admin/ui-config', 'GET /api/admin/events']);
  });

  it('a further page, any filter and a page of 100 or more go through the search', async () => {
    serve('8.2.0');
    const remote = connect();
    await remote.queryEvents({ limit: '200', offset: '50' });
    await remote.queryEvents({ limit: '50', type: 'IS:feature-created' });
    await remote.queryEvents({ limit: '50', query: 'f' });
    await remote.queryEvents({ limit: '100' });
    expect(used().filter((line) => line.includes('events'))).toEqual(Array(4).fill('GET /api/admin/search/events'));
  });

  // the local copy's sync scans the bytes (page-scan.ts): the very search answer where there is one, the parsed page
  // as JSON where queryEvents reads another route (a first page from the plain list, a server without the search)
  it.each([
    ['8.2.0', { limit: '1', offset: '5' }, 'GET /api/admin/search/events', 4],
    ['6.10.1', { limit: '1', offset: '5' }, 'GET /api/admin/search/events', 4],
    ['8.2.0', { limit: '1' }, 'GET /api/admin/events', 1],
    ['5.12.8', { limit: '1', type: 'IS:feature-created' }, 'POST /api/admin/events/search', 1],
  ])('%s: queryEventsBytes(%o) gives the answer of %s as its bytes', async (version, params, route, total) => {
    serve(version);
    const remote = connect();
    const answer = await remote.queryEventsBytes(params);
    const text = answer.bytes.toString('utf8');
    answer.release();
    expect(JSON.parse(text)).toMatchObject({ total, events: [{ id: 148 }] });
    expect(used().slice(-1)).toEqual([route]);
    if (route === 'GET /api/admin/search/events') expect(text).toBe(JSON.stringify({ events: [event8], total: 4 }));
  });

  it('6.x: searches with POST /events/search and writes origins with POST /ui-config/cors', async () => {
    serve('6.10.1');
    const remote = connect();
    const result = await remote.searchEvents({ type: 'feature-created', query: 'abc', limit: 5, offset: 10 });
    await remote.setFrontendApiOrigins({ origins: ['https://a.example'] });
    expect(result.totalEvents).toBe(9);
    expect(used()).toEqual(['GET /api/admin/ui-config', 'POST /api/admin/events/search', 'POST /api/admin/ui-config/cors']);
    const search = stub.requests.find((r) => r.url === '/api/admin/events/search' && r.body.includes('abc'));
    expect(JSON.parse(search?.body ?? '')).toEqual({ type: 'feature-created', query: 'abc', limit: 5, offset: 10 });
  });

  it('5.x: writes origins with POST /ui-config (no /ui-config/cors) and queries events through POST /events/search', async () => {
    serve('5.12.8');
    const remote = connect();
    await remote.setFrontendApiOrigins({ origins: ['https://a.example'] });
    const page = await remote.queryEvents({ type: 'IS:feature-created' });
    expect(page).toMatchObject({ total: 1, events: [{ id: 148, label: 'Flag created' }] });
    expect(used()).toEqual(['GET /api/admin/ui-config', 'POST /api/admin/ui-config', 'POST /api/admin/events/search']);
    const written = stub.requests.find((r) => r.url === '/api/admin/ui-config' && r.method === 'POST' && r.body.includes('a.example'));
    expect(JSON.parse(written?.body ?? '')).toEqual({ frontendSettings: { frontendApiOrigins: ['https://a.example'] } });
    expect((await remote.capabilities()).eventSearch).toBe('events-search');
  });

  it('8.x: maps search to GET /search/events with IS: filters and writes origins with POST /ui-config/cors', async () => {
    serve('8.2.0');
    const remote = connect();
    const result = await remote.searchEvents({ type: 'feature-created', project: 'default', feature: 'f', query: 'a b' });
    await remote.setFrontendApiOrigins({ origins: [] });
    expect(result).toMatchObject({ version: 1, totalEvents: 4, events: [{ id: 148 }] });
    const request = stub.requests.find((r) => r.url.startsWith('/api/admin/search/events?type'));
    const search = new URL(`http://x${request?.url}`);
    expect(Object.fromEntries(search.searchParams)).toEqual({
      type: 'IS:feature-created',
      project: 'IS:default',
      feature: 'IS:f',
      query: 'a b',
      limit: '100',
    });
    expect(used().slice(-1)).toEqual(['POST /api/admin/ui-config/cors']);
    expect(JSON.parse(stub.requests.at(-1)?.body ?? '')).toEqual({ frontendApiOrigins: [] });
  });

  it('asks ui-config and probes once per backend', async () => {
    serve('7.6.5');
    const remote = connect();
    expect(await remote.serverVersion()).toBe('7.6.5');
    await remote.searchEvents({});
    await remote.setFrontendApiOrigins({ origins: ['*'] });
    await remote.queryEvents({});
    const probes = stub.requests.filter((r) => r.url.startsWith('/api/admin/search/events?from='));
    expect(probes).toHaveLength(1);
    expect(stub.requests.filter((r) => r.url === '/api/admin/ui-config' && r.method === 'GET')).toHaveLength(1);
  });

  it('reads limits from either generation of ui-config', async () => {
    stub.handle((_req, res) => json(res, 200, uiConfig('6.10.1', { segmentValuesLimit: 12, strategySegmentsLimit: 3 })));
    expect(limitsOf(await connect().getUiConfig())).toMatchObject({ segmentValues: 12, strategySegments: 3 });
    stub.handle((_req, res) => json(res, 200, uiConfig('8.2.0', { resourceLimits: { segmentValues: 40, segments: 9 } })));
    expect(limitsOf(await connect().getUiConfig())).toMatchObject({ segmentValues: 40, segments: 9 });
  });
});
