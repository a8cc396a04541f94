import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/errors';
import { toFault } from './faults';
import { createRemoteBackend, type RemoteBackend, type RemoteOptions } from './remote-backend';
import { TOKEN } from './test-support/fixtures';
import { closedPort, failure, json, startStub, type Stub } from './test-support/stub-server';

const projects = { version: 1, projects: [{ id: 'default', name: 'Default' }] };
const MB = 1024 * 1024;

/** Writes `total` bytes of a JSON-ish body in 64 kB chunks, without Content-Length; reports how far it got. */
function stream(res: ServerResponse, total: number, onDone: (written: number) => void): void {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let written = 0;
  const pump = (): void => {
    while (written < total && !res.destroyed) {
      written += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
    onDone(written);
  };
  res.on('close', () => onDone(written));
  pump();
}

describe.each([
  ['node:http', undefined],
  ['fetch', fetch],
] as const)('faults over %s', (_transport, fetchImpl) => {
  let stub: Stub;
  let backend: RemoteBackend;

  function connect(options: Partial<RemoteOptions> = {}): RemoteBackend {
    backend = createRemoteBackend({ baseUrl: stub.url, token: TOKEN, ...(fetchImpl ? { fetch: fetchImpl } : {}), ...options });
    return backend;
  }
  async function fault(promise: Promise<unknown>): Promise<ApiError> {
    const error = await failure(promise);
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  /** After each fault the same backend must still answer. */
  async function stillWorks(): Promise<void> {
    stub.handle((_req, res) => json(res, 200, projects));
    expect(await backend.listProjects()).toEqual(projects.projects);
  }

  beforeAll(async () => {
    stub = await startStub();
  });
  afterAll(() => stub.close());
  afterEach(async () => {
    await backend.close();
    stub.requests.length = 0;
  });

  it('connection refused: status 0 NetworkError with a plain sentence', async () => {
    const port = await closedPort();
    connect({ baseUrl: `http://127.0.0.1:${port}/`, retries: 0 });
    const error = await fault(backend.listProjects());
    expect(error.toShape()).toEqual({
      kind: 'unreachable',
      status: 0,
      name: 'NetworkError',
      message: `Could not reach http://127.0.0.1:${port}: connection refused.`,
    });
  });

  it('a server that never answers: TimeoutError, then the backend keeps working', async () => {
    stub.handle(() => undefined);
    connect({ timeoutMs: 150 });
    const error = await fault(backend.listProjects());
    expect(error).toMatchObject({ status: 0, name: 'TimeoutError', message: `${stub.url} did not answer within 150 ms.` });
    expect(stub.requests).toHaveLength(1); // a timeout is not retried
    await stillWorks();
  });

  it('a 500 is mapped and not retried', async () => {
    stub.handle((_req, res) => json(res, 500, { name: 'UnknownError', message: 'boom' }));
    connect();
    expect(await fault(backend.listProjects())).toMatchObject({ status: 500, name: 'UnknownError', message: 'boom' });
    expect(stub.requests).toHaveLength(1);
    await stillWorks();
  });

  it('truncated JSON is an InvalidResponseError; a connection cut mid-body is a NetworkError', async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"version":1,"projects":[{"id":"def');
    });
    connect({ retries: 0 });
    expect(await fault(backend.listProjects())).toMatchObject({ status: 502, name: 'InvalidResponseError' });
    stub.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 1000 });
      res.write('{"version":1,"projects":[');
      setImmediate(() => res.destroy());
    });
    expect(await fault(backend.listProjects())).toMatchObject({ status: 0, name: 'NetworkError' });
    await stillWorks();
  });

  it('a 50 MB body is refused while streaming, above the 10 MB default cap', async () => {
    let written = -1;
    stub.handle((_req, res) => stream(res, 50 * MB, (n) => (written = n)));
    connect();
    const error = await fault(backend.listProjects());
    expect(error).toMatchObject({ kind: 'fault', name: 'ResponseTooLargeError' });
    expect(error.message).toBe(`The answer from ${stub.url} was larger than 10 MB and was refused.`);
    await expect.poll(() => written).toBeGreaterThan(0);
    expect(written).toBeLessThan(50 * MB);
    await stillWorks();
  });

  it('a declared Content-Length above the cap is refused before reading', async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 2048 });
      res.end(' '.repeat(2048));
    });
    connect({ maxBodyBytes: 1024 });
    expect(await fault(backend.listProjects())).toMatchObject({ name: 'ResponseTooLargeError' });
    await stillWorks();
  });

  it('retries a GET whose connection dropped, but never a POST', async () => {
    let drops = 1;
    stub.handle((req, res) => {
      if (drops-- > 0) return void res.socket?.destroy();
      json(res, req.method === 'GET' ? 200 : 201, req.method === 'GET' ? projects : { id: 1, name: 'a', constraints: [], createdAt: 'now' });
    });
    connect();
    expect(await backend.listProjects()).toEqual(projects.projects);
    expect(stub.requests.map((r) => r.method)).toEqual(['GET', 'GET']);

    stub.requests.length = 0;
    drops = 1;
    expect(await fault(backend.createSegment({ name: 'a', constraints: [] }))).toMatchObject({ status: 0, name: 'NetworkError' });
    expect(stub.requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('stops retrying after the bound', async () => {
    stub.handle((_req, res) => void res.socket?.destroy());
    connect({ retries: 2 });
    expect(await fault(backend.listProjects())).toMatchObject({ name: 'NetworkError' });
    expect(stub.requests).toHaveLength(3);
    await stillWorks();
  });

  it('close() cancels what is in flight', async () => {
    stub.handle(() => undefined);
    connect();
    const pending = backend.listProjects();
    await expect.poll(() => stub.requests.length).toBe(1);
    await backend.close();
    expect(await fault(pending)).toMatchObject({ status: 0, name: 'AbortError' });
  });
});

describe('TLS faults read as sentences', () => {
  const context = { display: 'https://flags.example', timedOut: false, cancelled: false, timeoutMs: 15_000 };
  const cases: [string, string][] = [
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'its TLS certificate is self-signed and not trusted. If the server uses a company or self-signed certificate, use "Choose CA file…" on the profile to pick the CA\'s certificate (PEM), or install that CA in the operating system\'s certificate store'],
    ['CERT_HAS_EXPIRED', 'its TLS certificate has expired'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'its TLS certificate is for another host name'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'its TLS certificate is signed by a certificate authority this computer does not trust. If the server uses a company or self-signed certificate, use "Choose CA file…" on the profile to pick the CA\'s certificate (PEM), or install that CA in the operating system\'s certificate store'],
    ['ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE', 'the TLS handshake failed (ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE)'],
  ];
  it.each(cases)('%s', (code, text) => {
    const error = toFault(Object.assign(new Error('raw text'), { code }), context);
    expect(error.toShape()).toEqual({ kind: 'unreachable', status: 0, name: 'NetworkError', message: `Could not reach https://flags.example: ${text}.` });
  });
});
