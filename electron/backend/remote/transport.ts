import http from 'node:http';
import https from 'node:https';

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
  signal: AbortSignal;
}

export interface TransportResponse {
  status: number;
  statusText: string;
  header(name: string): string | undefined;
  body: AsyncIterable<Uint8Array>;
  /** Stops reading and frees the connection (used when a body is refused). */
  discard(): void;
}

export interface Transport {
  send(request: TransportRequest): Promise<TransportResponse>;
  close(): void;
}

export function nodeTransport(): Transport {
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  return {
    send(request) {
      return new Promise((resolve, reject) => {
        const url = new URL(request.url);
        const secure = url.protocol === 'https:';
        // The signal is wired by hand: http.request's own `signal` option cost ~50 µs a request (bench:
        // remote backend vs direct HTTP), more than everything else the client adds.
        const options = { method: request.method, headers: request.headers };
        const onResponse = (res: http.IncomingMessage): void => {
          res.once('close', () => request.signal.removeEventListener('abort', abort));
          resolve({
            status: res.statusCode ?? 0,
            statusText: res.statusMessage ?? '',
            header: (name) => {
              const value = res.headers[name.toLowerCase()];
              return Array.isArray(value) ? value.join(', ') : value;
            },
            body: res,
            discard: () => res.destroy(),
          });
        };
        const req = secure
          ? https.request(url, { ...options, agent: agents.https }, onResponse)
          : http.request(url, { ...options, agent: agents.http }, onResponse);
        function abort(): void {
          const error = new Error('The operation was aborted');
          error.name = 'AbortError';
          req.destroy(error);
        }
        if (request.signal.aborted) abort();
        else request.signal.addEventListener('abort', abort, { once: true });
        // Stays attached after the response: a later socket error then surfaces while reading the body.
        req.on('error', (error) => {
          request.signal.removeEventListener('abort', abort);
          reject(error);
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
      const res = await fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        signal: request.signal,
        // Never follow: a redirect would carry the token to another address.
        redirect: 'manual',
      });
      const stream = res.body as (ReadableStream<Uint8Array> & AsyncIterable<Uint8Array>) | null;
      return {
        status: res.status,
        statusText: res.statusText,
        header: (name) => res.headers.get(name) ?? undefined,
        body: stream ?? emptyBody(),
        discard: () => void stream?.cancel().catch(() => undefined),
      };
    },
    close() {},
  };
}

async function* emptyBody(): AsyncIterable<Uint8Array> {}
