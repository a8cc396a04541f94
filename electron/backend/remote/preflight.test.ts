import { afterEach, describe, expect, it } from 'vitest';
import { normaliseBaseUrl } from './base-url';
import { sendPreflight } from './preflight';
import { closedPort, failure, startStub, type Stub } from './test-support/stub-server';
import { nodeTransport } from './transport';

let stub: Stub | undefined;
const transport = nodeTransport();
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

describe('sendPreflight', () => {
  it('sends OPTIONS /api/frontend with the Origin and request headers, no token, and reads the CORS answer', async () => {
    stub = await startStub((req, res) => {
      const allowed = req.headers.origin === 'https://app.example.com';
      res.writeHead(204, {
        ...(allowed ? { 'Access-Control-Allow-Origin': 'https://app.example.com' } : {}),
        Vary: 'Origin, Access-Control-Request-Headers',
        'Access-Control-Allow-Methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
        'Access-Control-Allow-Headers': String(req.headers['access-control-request-headers']),
        'Access-Control-Max-Age': '86400',
        'X-Other': 'not kept',
      });
      res.end();
    });
    const server = normaliseBaseUrl(`${stub.url}/unleash/`);
    const ok = await sendPreflight(transport, server, { origin: 'https://app.example.com' }, 2000);
    expect(stub.requests[0]).toMatchObject({ method: 'OPTIONS', url: '/unleash/api/frontend' });
    expect(stub.requests[0]!.headers).toMatchObject({
      origin: 'https://app.example.com',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization,content-type',
    });
    expect(stub.requests[0]!.headers.authorization).toBeUndefined();
    expect(ok).toMatchObject({ allowed: true, status: 204, maxAgeSeconds: 86400, answeredBy: 'server' });
    expect(ok.headers.map(([name]) => name)).not.toContain('x-other');

    const refused = await sendPreflight(transport, server, { origin: 'https://evil.example', method: 'POST' }, 2000);
    expect(refused.allowed).toBe(false);
    expect(refused.reason).toContain('https://evil.example');
  });

  it('says when the server cannot be reached', async () => {
    const server = normaliseBaseUrl(`http://127.0.0.1:${await closedPort()}`);
    const error = await failure(sendPreflight(transport, server, { origin: 'https://a.com' }, 2000));
    expect(error).toMatchObject({ name: 'NetworkError', status: 0 });
    expect((error as Error).message).toContain('ECONNREFUSED');
  });
});
