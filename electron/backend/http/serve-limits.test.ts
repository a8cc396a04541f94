import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { serveAdminApi, type RunningServer } from './serve';
import { recordingBackend } from './test-support/recording-backend';
import { TOKEN } from './test-support/wire';

/** The demo-server's socket face (Host, UTF-8, slow and many connections). */
let server: RunningServer | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
});

function raw(port: number, hostHeader: string, body?: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: body ? 'POST' : 'GET',
        path: '/api/admin/segments',
        headers: { Host: hostHeader, Authorization: TOKEN, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A socket that sends half a request and then nothing: `closed` settles (with the milliseconds it stayed open) when
 * the server drops it. Whatever the server sends first (Node's own header sweep answers 408 before closing) is read
 * and discarded: an unread byte would hold back 'end', so the socket would never close on this side.
 */
function slowSocket(port: number): Promise<{ closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const start = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      resolve({ closed });
    });
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - start)));
    socket.resume();
    socket.on('error', () => undefined);
    socket.once('error', reject);
    sockets.push(socket);
  });
}

/** Fails (instead of hanging until the test's timeout) when a socket outlives `ms`. */
async function allClosedWithin(closed: Promise<number>[], ms: number): Promise<number[]> {
  let open = closed.length;
  const counted = closed.map((c) => c.then((took) => (open--, took)));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${open} of ${closed.length} slow sockets still open after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([Promise.all(counted), late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('demo-server socket limits', () => {
  it('answers only requests whose Host names its own loopback address and port (DNS rebinding)', async () => {
    server = await serveAdminApi(recordingBackend().backend, { token: TOKEN });
    expect((await raw(server.port, `127.0.0.1:${server.port}`)).status).toBe(200);
    expect((await raw(server.port, `localhost:${server.port}`)).status).toBe(200);
    for (const host of ['attacker.example', `attacker.example:${server.port}`, '127.0.0.1:1', `127.0.0.2:${server.port}`]) {
      const answer = await raw(server.port, host);
      expect(answer.status, host).toBe(421);
      expect(answer.text).not.toContain('segments');
    }
  });

  it('answers invalid UTF-8 in a body with 400 instead of storing U+FFFD', async () => {
    const backend = recordingBackend();
    server = await serveAdminApi(backend.backend, { token: TOKEN });
    const body = Buffer.concat([Buffer.from('{"name":"bad '), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('","constraints":[]}')]);
    const answer = await raw(server.port, `127.0.0.1:${server.port}`, body);
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/not valid UTF-8/);
    expect(backend.calls).toEqual([]);
  });

  it('closes sockets that never finish their headers, and refuses connections past the cap', async () => {
    const headersTimeoutMs = 1_000;
    server = await serveAdminApi(recordingBackend().backend, {
      token: TOKEN,
      // Node's own sweep is held off, so that it is the server's per-socket guard that has to close them.
      limits: { headersTimeoutMs, requestTimeoutMs: 2 * headersTimeoutMs, checkIntervalMs: 60_000, maxConnections: 5 },
    });
    const port = server.port;
    const slow = await Promise.all(Array.from({ length: 8 }, () => slowSocket(port)));
    // Every one of them is closed by the server: the three past the cap at once, the others at the header timeout.
    const openFor = await allClosedWithin(slow.map((s) => s.closed), 20_000);
    expect(openFor.filter((ms) => ms < headersTimeoutMs), 'refused at once').toHaveLength(3);
    // and the server still answers afterwards
    expect((await raw(port, `127.0.0.1:${port}`)).status).toBe(200);
  }, 60_000);
});
