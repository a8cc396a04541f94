import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FixturedBackend } from '../instance-fixtures';
import { createRequestHandler, type FaceOptions, type WireRequest } from './handle-request';
import type { WireResponse } from './wire-response';
import { BODY_LIMIT_BYTES } from './pipeline-checks';
import { guardSlowHeaders } from './socket-guard';

/** Puts the request handler on a loopback socket (the demo-server CLI, and tests that speak real HTTP). */

export interface ServeOptions extends FaceOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: '127.0.0.1';
  /** Socket limits (tests shorten them). */
  limits?: Partial<SocketLimits>;
}

export interface SocketLimits {
  /** A client must have sent all its headers within this (slow-header sockets are closed). */
  headersTimeoutMs: number;
  /** ... and the whole request within this. */
  requestTimeoutMs: number;
  /** Open connections beyond this are refused at once. */
  maxConnections: number;
  /** How often Node checks the two timeouts (its default, 30 s, would let a slow socket outlive the limit). */
  checkIntervalMs: number;
}

export const SOCKET_LIMITS: SocketLimits = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: 64, checkIntervalMs: 1_000 };

/**
 * A DNS-rebinding page reaches 127.0.0.1 under its own host name, and would then use a token it knows: only the
 * loopback names of the port we listen on are accepted.
 */
export function isOwnHost(hostHeader: string | undefined, port: number): boolean {
  if (!hostHeader) return false;
  const host = hostHeader.trim().toLowerCase();
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || (port === 80 && (host === '127.0.0.1' || host === 'localhost'));
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function plainAnswer(status: number, message: string): WireResponse {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify({ message }) };
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Reads at most one byte past the limit: enough for the handler to answer 413, without buffering floods. Invalid
 * UTF-8 is undefined (answered 400) rather than silently stored as U+FFFD.
 */
async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    if (size > BODY_LIMIT_BYTES) continue;
    chunks.push(chunk);
    size += chunk.length;
  }
  const bytes = Buffer.concat(chunks);
  // Over the limit the handler answers 413 whatever the bytes are (a cut may fall inside a character).
  if (bytes.length > BODY_LIMIT_BYTES) return bytes.subarray(0, BODY_LIMIT_BYTES + 1).toString('utf8');
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
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
  const limits = { ...SOCKET_LIMITS, ...options.limits };
  let port = 0;
  /** The Host check and the UTF-8 check come before Unleash's own pipeline (handle-request.ts). */
  async function answerFor(request: IncomingMessage): Promise<WireResponse> {
    const body = await readBody(request);
    if (!isOwnHost(request.headers.host, port)) {
      return plainAnswer(421, 'This server answers only requests addressed to 127.0.0.1 or localhost on its own port.');
    }
    if (body === undefined) return plainAnswer(400, 'The request body is not valid UTF-8.');
    return handle({ method: request.method ?? 'GET', path: request.url ?? '/', headers: flatHeaders(request), body });
  }

  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    (request, response) => {
      void (async () => {
        try {
          const answer = await answerFor(request);
          // A length rather than chunked framing, as Express sends (none on bodiless statuses). The body is encoded
          // once: measuring the string and then writing it encoded a page of 1,000 events twice. A backend's own
          // JSON text comes as bytes already (json-text-reads.ts).
          const bodiless = answer.status === 204 || answer.status === 304;
          const body = bodiless ? undefined : typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body;
          response.writeHead(answer.status, body ? { ...answer.headers, 'Content-Length': String(body.length) } : answer.headers);
          response.end(body);
        } catch {
          // Only a broken socket gets here: the handler maps every backend failure itself.
          if (!response.headersSent) response.writeHead(500);
          response.end();
        }
      })();
    },
  );
  server.maxConnections = limits.maxConnections;
  guardSlowHeaders(server, limits.headersTimeoutMs);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  ({ port } = server.address() as AddressInfo);

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
