import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from './test-connection';
import { TOKEN, uiConfig } from './test-support/fixtures';
import { hasRoute } from './test-support/server-lines';
import { closedPort, empty, json, startStub, type Stub } from './test-support/stub-server';

let stub: Stub;

beforeAll(async () => {
  stub = await startStub();
});
afterAll(() => stub.close());
afterEach(() => {
  stub.requests.length = 0;
});

const check = (baseUrl = stub.url, timeoutMs?: number) =>
  testConnection({ baseUrl, token: TOKEN, ...(timeoutMs ? { timeoutMs } : {}) });

describe('testConnection', () => {
  it('reports version, edition, admin rights and what the server supports', async () => {
    stub.handle((req, res) => {
      if (!hasRoute('8.2.0', req.method, req.url)) return json(res, 404, { name: 'NotFoundError', message: 'The path you were looking for is not available.' });
      if (req.url === '/api/admin/ui-config') return json(res, 200, uiConfig('8.2.0'));
      if (req.method === 'GET') return json(res, 200, { version: 1, events: [] });
      return json(res, 400, { name: 'BadDataError', message: 'Request validation failed' });
    });
    expect(await check()).toEqual({
      ok: true,
      reachable: true,
      version: '8.2.0',
      edition: 'Open Source',
      admin: true,
      message: `Connected to Unleash 8.2.0 (Open Source) at ${stub.url} with admin rights.`,
      capabilities: {
        version: '8.2.0',
        eventSearch: 'search-events',
        seedEventSearch: false,
        corsWrite: 'ui-config-cors',
        archive: true,
        revive: true,
        playground: true,
        advancedPlayground: true,
      },
    });
    expect(stub.requests[0]?.url).toBe('/api/admin/ui-config');
    expect(stub.requests.map((r) => r.url)).toContain('/api/admin/events');
    expect(stub.requests.every((r) => r.headers.authorization === TOKEN)).toBe(true);
    // every write it sent is a probe the server's validation refuses: the test changes nothing
    expect(stub.requests.filter((r) => r.method === 'POST' && !/flagdesk-capability-probe|not a list|^\{\}$|^\{"limit":0\}$/.test(r.body))).toEqual([]);
  });

  it('lists what a 5.x server lacks', async () => {
    stub.handle((req, res) => {
      if (!hasRoute('5.12.8', req.method, req.url)) return json(res, 404, { name: 'NotFoundError', message: 'The path you were looking for is not available.' });
      if (req.url === '/api/admin/ui-config') return json(res, 200, uiConfig('5.12.8'));
      return json(res, req.method === 'GET' || req.url === '/api/admin/events/search' ? 200 : 400, { version: 1, events: [] });
    });
    expect((await check()).capabilities).toMatchObject({ eventSearch: 'events-search', corsWrite: 'ui-config' });
  });

  it('says when the token lacks admin rights (403 on an ADMIN-only read)', async () => {
    stub.handle((req, res) =>
      req.url === '/api/admin/ui-config'
        ? json(res, 200, uiConfig('6.10.1'))
        : json(res, 403, { name: 'PermissionError', message: 'You need the "ADMIN" permission.' }),
    );
    const report = await check();
    expect(report).toMatchObject({ ok: true, reachable: true, version: '6.10.1', admin: false });
    expect(report.message).toContain('the token lacks admin rights');
  });

  const refusals: [string, number, string][] = [
    ['401', 401, 'refused the token (401)'],
    ['403', 403, 'does not let this token use the admin API (403)'],
    ['a 404 (not Unleash)', 404, 'answered 404 at /api/admin/ui-config, so it does not look like an Unleash server'],
  ];
  it.each(refusals)('explains %s', async (_label, status, text) => {
    stub.handle((_req, res) => (status === 404 ? empty(res, 404) : json(res, status, { message: 'no' })));
    const report = await check();
    expect(report).toEqual({ ok: false, reachable: true, message: expect.stringContaining(text) });
  });

  const strangers: [string, string][] = [
    ['an HTML page', '<!doctype html><title>My site</title>'],
    ['JSON without a version', '{"hello":"world"}'],
  ];
  it.each(strangers)('recognises %s as not Unleash', async (_label, body) => {
    stub.handle((_req, res) => {
      res.writeHead(200);
      res.end(body);
    });
    expect(await check()).toEqual({
      ok: false,
      reachable: true,
      message: `${stub.url} answered, but not like an Unleash server (no version at /api/admin/ui-config): check the address and any path prefix.`,
    });
  });

  it('explains a refused connection, a timeout and a TLS mismatch; only the refusal sent nothing', async () => {
    const port = await closedPort();
    expect(await check(`http://127.0.0.1:${port}`)).toEqual({
      ok: false,
      reachable: false,
      tokenSent: false,
      message: `Could not reach http://127.0.0.1:${port}: connection refused.`,
    });

    stub.handle(() => undefined);
    expect(await check(stub.url, 100)).toEqual({ ok: false, reachable: false, message: `${stub.url} did not answer within 100 ms.` });

    const https = stub.url.replace('http:', 'https:');
    expect(await check(https)).toEqual({
      ok: false,
      reachable: false,
      message: `Could not reach ${https}: it does not speak HTTPS (try http://).`,
    });
  });

  it('explains an address it cannot use', async () => {
    expect(await check('ftp://example.com')).toEqual({
      ok: false,
      reachable: false,
      message: 'The server URL must start with http:// or https://.',
    });
  });
});
