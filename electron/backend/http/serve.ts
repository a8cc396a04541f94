import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FixturedBackend } from '../instance-fixtures';
import { createRequestHandler, type FaceOptions, type WireRequest } from './handle-request';
import { BODY_LIMIT_BYTES } from './pipeline-checks';

/** Puts the request handler on a loopback socket (the demo-server CLI, and tests that speak real HTTP). */

export interface ServeOptions extends FaceOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: '127.0.0.1';
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Reads at most one byte past the limit: enough for the handler to answer 413, without buffering floods. */
async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    if (size > BODY_LIMIT_BYTES) continue;
    chunks.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(chunks).subarray(0, BODY_LIMIT_BYTES + 1).toString('utf8');
}

function flatHeaders(request: IncomingMessage): WireRequest['headers'] {
  const headers: WireRequest['headers'] = {};
  for (const [name, value] of Object.entries(request.headers)) {
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

export async function serveAdminApi(backend: FixturedBackend, options: ServeOptions): Promise<RunningServer> {
  const handle = createRequestHandler(backend, options);
  const host = options.host ?? '127.0.0.1';
  const server = createServer((request, response) => {
    void (async () => {
      try {
        const body = await readBody(request);
        const answer = await handle({
          method: request.method ?? 'GET',
          path: request.url ?? '/',
          headers: flatHeaders(request),
          body,
        });
        // A length rather than chunked framing, as Express sends (none on bodiless statuses).
        const length = answer.status === 204 || answer.status === 304 ? {} : { 'Content-Length': String(Buffer.byteLength(answer.body)) };
        response.writeHead(answer.status, { ...answer.headers, ...length });
        response.end(answer.body);
      } catch {
        // Only a broken socket gets here: the handler maps every backend failure itself.
        if (!response.headersSent) response.writeHead(500);
        response.end();
      }
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
