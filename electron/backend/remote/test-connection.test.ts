import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from './test-connection';
import { TOKEN, uiConfig } from './test-support/fixtures';
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
  it('reports version, edition and admin rights of a reachable Unleash', async () => {
    stub.handle((req, res) =>
      req.url === '/api/admin/ui-config' ? json(res, 200, uiConfig('8.2.0')) : json(res, 200, { version: 1, events: [] }),
    );
    expect(await check()).toEqual({
      ok: true,
      reachable: true,
      version: '8.2.0',
      edition: 'Open Source',
      admin: true,
      message: `Connected to Unleash 8.2.0 (Open Source) at ${stub.url} with admin rights.`,
    });
    expect(stub.requests.map((r) => r.url)).toEqual(['/api/admin/ui-config', '/api/admin/events']);
    expect(stub.requests[0]?.headers.authorization).toBe(TOKEN);
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

  it('explains a refused connection, a timeout and a TLS mismatch', async () => {
    const port = await closedPort();
    expect(await check(`http://127.0.0.1:${port}`)).toEqual({
      ok: false,
      reachable: false,
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
