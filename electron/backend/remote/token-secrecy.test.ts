import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRemoteBackend } from './remote-backend';
import { testConnection } from './test-connection';
import { uiConfig } from './test-support/fixtures';
import { closedPort, failure, json, startStub, type Stub } from './test-support/stub-server';

const SECRET = '*:*.do-not-leak-5f2d9c0e4b7a1e6d3c8b';
let stub: Stub;

beforeAll(async () => {
  stub = await startStub();
});
afterAll(() => stub.close());

/** Everything a thrown value exposes: message, stack, own fields, its IPC shape and its JSON. */
function everythingIn(error: unknown): string {
  const record = error as Record<string, unknown> & { toShape?: () => unknown };
  return [
    String(error),
    record.stack,
    JSON.stringify(error),
    JSON.stringify(record.toShape?.()),
    ...Object.getOwnPropertyNames(error).map((key) => JSON.stringify(record[key]) ?? ''),
  ].join('\n');
}

it('no error message, thrown object or connection report carries the token', async () => {
  const port = await closedPort();
  const seen: string[] = [];
  const collect = async (promise: Promise<unknown>): Promise<void> => void seen.push(everythingIn(await failure(promise)));

  // A server that echoes the Authorization header back in every error it sends.
  stub.handle((req, res) => {
    const token = String(req.headers.authorization);
    if (req.url.includes('hang')) return;
    if (req.method === 'DELETE') return json(res, 400, { name: `Bad${token}`, message: `bad token ${token}`, details: [{ message: token }] });
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(`not json ${token}`);
  });
  const backend = createRemoteBackend({ baseUrl: stub.url, token: SECRET, timeoutMs: 100, retries: 0 });
  await collect(backend.deleteSegment({ id: 1 }));
  await collect(backend.listSegments());
  await collect(backend.getFeature({ projectId: 'hang', featureName: 'x' }));
  await backend.close();

  const refused = createRemoteBackend({ baseUrl: `http://127.0.0.1:${port}`, token: SECRET, retries: 0 });
  await collect(refused.listProjects());
  // A token a header cannot carry is refused before anything is sent, without echoing it.
  const broken = createRemoteBackend({ baseUrl: stub.url, token: `${SECRET}\n` });
  await collect(broken.listProjects());

  stub.handle((_req, res) => json(res, 401, { name: 'UnauthorizedError', message: 'You must log in to use Unleash.' }));
  seen.push(JSON.stringify(await testConnection({ baseUrl: stub.url, token: SECRET })));
  seen.push(JSON.stringify(await testConnection({ baseUrl: `http://127.0.0.1:${port}`, token: SECRET })));
  stub.handle((_req, res) => json(res, 200, uiConfig('8.2.0')));
  seen.push(JSON.stringify(await testConnection({ baseUrl: stub.url, token: SECRET })));

  expect(seen).toHaveLength(8);
  for (const text of seen) expect(text).not.toContain(SECRET);
  // The echoing server did receive it: the check above is not vacuous.
  expect(stub.requests.some((r) => r.headers.authorization === SECRET)).toBe(true);
});
