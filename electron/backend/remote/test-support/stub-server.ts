import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A node:http server on 127.0.0.1:0 that records requests and lets each test script the answers. */
export interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The client's port: equal across requests when the connection was kept alive. */
  remotePort: number | undefined;
}

export type Handler = (req: Recorded, res: http.ServerResponse) => void;

export interface Stub {
  url: string;
  requests: Recorded[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export function json(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export function empty(res: http.ServerResponse, status: number): void {
  res.writeHead(status);
  res.end();
}

export async function startStub(initial: Handler = (_req, res) => empty(res, 404)): Promise<Stub> {
  let handler = initial;
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        remotePort: req.socket.remotePort,
      };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port that was just free: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs a promise that must reject and returns what it threw. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure, got a result');
}
