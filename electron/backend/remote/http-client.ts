import { ApiError } from '../../../shared/errors';
import type { ServerUrl } from './base-url';
import { toFault, tooLarge } from './faults';
import type { Transport, TransportResponse } from './transport';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method: Method;
  /** Starts with /api/...; segments already encoded (base-url.ts `path`). */
  path: string;
  body?: unknown;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  contentType: string;
  text: string;
}

export interface HttpClientOptions {
  server: ServerUrl;
  token: string;
  timeoutMs: number;
  maxBodyBytes: number;
  retries: number;
  transport: Transport;
}

export interface HttpClient {
  send(request: HttpRequest): Promise<HttpResponse>;
  /** Cancels what is in flight and frees the kept-alive connections. */
  close(): void;
}

const RETRY_PAUSE_MS = 100;

/** Header values cannot carry control characters; say so without echoing the token. */
function checkToken(token: string): void {
  if (!token.trim() || /[^\t\x20-\x7e\x80-\xff]/.test(token)) {
    throw new ApiError(400, 'ValidationError', 'The API token is empty or contains characters a header cannot carry.');
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const closing = new AbortController();
  const { server, token, transport } = options;

  async function readCapped(res: TransportResponse): Promise<string> {
    const declared = Number(res.header('content-length'));
    if (declared > options.maxBodyBytes) {
      res.discard();
      throw tooLarge(server.display, options.maxBodyBytes);
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    for await (const chunk of res.body) {
      total += chunk.byteLength;
      // Refused while streaming: a chunked 50 MB answer never gets buffered whole.
      if (total > options.maxBodyBytes) {
        res.discard();
        throw tooLarge(server.display, options.maxBodyBytes);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function once(request: HttpRequest): Promise<HttpResponse> {
    // One controller per attempt, fed by its own timer and by close(); both are released when the attempt ends.
    const attempt = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      attempt.abort();
    }, options.timeoutMs);
    const cancel = (): void => attempt.abort();
    if (closing.signal.aborted) cancel();
    closing.signal.addEventListener('abort', cancel);
    const headers: Record<string, string> = { Authorization: token, Accept: 'application/json' };
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const res = await transport.send({
        url: server.base + request.path,
        method: request.method,
        headers,
        body,
        signal: attempt.signal,
      });
      const text = await readCapped(res);
      return { status: res.status, statusText: res.statusText, contentType: res.header('content-type') ?? '', text };
    } catch (error) {
      throw toFault(error, {
        display: server.display,
        timedOut,
        cancelled: closing.signal.aborted,
        timeoutMs: options.timeoutMs,
      });
    } finally {
      clearTimeout(timer);
      closing.signal.removeEventListener('abort', cancel);
    }
  }

  return {
    async send(request) {
      checkToken(token);
      // Only reads are repeated, and only when the network failed: a write may have reached the server.
      const attempts = request.method === 'GET' ? options.retries + 1 : 1;
      for (let attempt = 1; ; attempt++) {
        try {
          return await once(request);
        } catch (error) {
          const retry = attempt < attempts && error instanceof ApiError && error.name === 'NetworkError';
          if (!retry) throw error;
          await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * attempt));
        }
      }
    },
    close() {
      closing.abort();
      transport.close();
    },
  };
}
