import http from 'node:http';
import https from 'node:https';
import type { Cancellation } from './cancellation';

/**
 * The one seam between the HTTP client and the wire. The default speaks node:http(s) through keep-alive agents:
 * unlike fetch it reaches every port (fetch blocks "bad ports" such as 1 or 6000) and reports plain errno codes.
 * A fetch implementation can be injected instead (RemoteOptions.fetch).
 */
export interface TransportRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  cancel: Cancellation;
}

export interface TransportResponse {
  status: number;
  statusText: string;
  header(name: string): string | undefined;
  /**
   * Streams the body into `onChunk` until it ends; when `onChunk` answers false the rest is discarded and the
   * connection freed. Rejects when the connection fails or is cancelled mid-body.
   */
  read(onChunk: (chunk: Uint8Array) => boolean): Promise<void>;
  /** Stops reading and frees the connection (used when a body is refused unread). */
  discard(): void;
}

export interface Transport {
  send(request: TransportRequest): Promise<TransportResponse>;
  close(): void;
}

function prematureClose(): Error {
  return Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
}

/** 'data'/'end' events: `for await` over the response cost ~10 µs a request more (bench). */
function nodeBody(res: http.IncomingMessage): TransportResponse['read'] {
  // Listening from the start: an error before read() is called must not go unhandled.
  let failure: unknown;
  let fail: ((error: unknown) => void) | undefined;
  res.on('error', (error) => {
    failure ??= error;
    fail?.(error);
  });
  return (onChunk) =>
    new Promise((resolve, reject) => {
      if (failure !== undefined) return reject(failure);
      fail = reject;
      res.on('data', (chunk: Buffer) => {
        if (onChunk(chunk)) return;
        res.destroy();
        resolve();
      });
      res.on('end', resolve);
      res.on('close', () => {
        if (!res.complete) reject(prematureClose());
      });
    });
}

/** A response of node:http; a class, not an object of closures per request (bench: remote backend vs direct HTTP). */
class NodeResponse implements TransportResponse {
  readonly status: number;
  readonly statusText: string;
  readonly read: TransportResponse['read'];
  readonly #res: http.IncomingMessage;

  constructor(res: http.IncomingMessage) {
    this.#res = res;
    this.status = res.statusCode ?? 0;
    this.statusText = res.statusMessage ?? '';
    this.read = nodeBody(res);
  }

  header(name: string): string | undefined {
    const value = this.#res.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  discard(): void {
    this.#res.destroy();
  }
}

/** Where a base URL points, parsed once: a URL per request showed up in the bench. */
interface Origin {
  /** `http(s)://host[:port]` exactly as URL.origin writes it (base-url.ts builds every address from it). */
  href: string;
  secure: boolean;
  hostname: string;
  port: string;
}

/** The path is sent as the client built it (already encoded), whether or not the origin was cached. */
function locate(url: string, last: Origin | undefined): { origin: Origin; path: string } {
  const cached = last && url.startsWith(last.href) && url.charAt(last.href.length) === '/';
  if (last && cached) return { origin: last, path: url.slice(last.href.length) };
  const parsed = new URL(url);
  const hostname = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname;
  const origin = { href: parsed.origin, secure: parsed.protocol === 'https:', hostname, port: parsed.port };
  const path = url.startsWith(`${origin.href}/`) ? url.slice(origin.href.length) : parsed.pathname + parsed.search;
  return { origin, path };
}

export interface NodeTransportOptions {
  /** The certificate authorities https trusts (tls-trust.ts builds them); Node's bundled list when absent. */
  ca?: readonly string[] | undefined;
}

export function nodeTransport(options: NodeTransportOptions = {}): Transport {
  const agents = {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true, ...(options.ca ? { ca: [...options.ca] } : {}) }),
  };
  let last: Origin | undefined;
  return {
    send(request) {
      return new Promise((resolve, reject) => {
        const { origin, path } = locate(request.url, last);
        last = origin;
        // Cancellation is wired by hand: http.request's own `signal` option cost ~50 µs a request (bench).
        const options: http.RequestOptions = {
          hostname: origin.hostname,
          port: origin.port,
          path,
          method: request.method,
          headers: request.headers,
          agent: origin.secure ? agents.https : agents.http,
        };
        const req = (origin.secure ? https.request : http.request)(options, (res) => resolve(new NodeResponse(res)));
        // Stays attached after the response: a later socket error then surfaces while reading the body.
        req.on('error', reject);
        // After the response, destroying the request fails the body read too ('aborted').
        request.cancel.onAbort(() => {
          const error = new Error('The operation was aborted');
          error.name = 'AbortError';
          req.destroy(error);
        });
        req.end(request.body);
      });
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

export function fetchTransport(fetchImpl: typeof fetch): Transport {
  return {
    async send(request) {
      const controller = new AbortController();
      request.cancel.onAbort(() => controller.abort());
      const res = await fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        signal: controller.signal,
        // Never follow: a redirect would carry the token to another address.
        redirect: 'manual',
      });
      const stream = res.body as (ReadableStream<Uint8Array> & AsyncIterable<Uint8Array>) | null;
      return {
        status: res.status,
        statusText: res.statusText,
        header: (name) => res.headers.get(name) ?? undefined,
        async read(onChunk) {
          if (!stream) return;
          // Leaving the loop early cancels the stream.
          for await (const chunk of stream) if (!onChunk(chunk)) return;
        },
        discard: () => void stream?.cancel().catch(() => undefined),
      };
    },
    close() {},
  };
}
