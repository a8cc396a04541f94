import { ApiError } from '../../../shared/errors';
import { dotSegmentProblem, type ServerUrl } from './base-url';
import { Cancellation } from './cancellation';
import { Deadlines } from './deadlines';
import { cancelled, toFault, tooLarge } from './faults';
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
  /**
   * One request (reads retried on network failures). `signal` cancels this request only: it then fails with
   * status 0 'AbortError', at once and without touching the network when the signal is already aborted.
   */
  send(request: HttpRequest, signal?: AbortSignal): Promise<HttpResponse>;
  /** Cancels what is in flight and frees the kept-alive connections. */
  close(): void;
}

const RETRY_PAUSE_MS = 100;

/** Header values cannot carry control characters; say so without echoing the token. */
function tokenProblem(token: string): ApiError | undefined {
  if (!token.trim() || /[^\t\x20-\x7e\x80-\xff]/.test(token)) {
    return new ApiError(400, 'ValidationError', 'The API token is empty or contains characters a header cannot carry.');
  }
  return undefined;
}

function utf8(chunks: Uint8Array[]): string {
  const [only] = chunks;
  // Most answers arrive in one chunk: decode it in place rather than copy it.
  if (chunks.length === 1 && only) return Buffer.from(only.buffer, only.byteOffset, only.byteLength).toString('utf8');
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Releases what one attempt held. A function of its own rather than a closure per attempt: the bench runs through
 * tsx, whose keepNames wraps every named closure in a defineProperty call.
 */
function settle(
  release: () => void,
  inFlight: Set<Cancellation>,
  cancel: Cancellation,
  signal: AbortSignal | undefined,
  onSignal: (() => void) | undefined,
): void {
  release();
  inFlight.delete(cancel);
  if (onSignal) signal?.removeEventListener('abort', onSignal);
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { server, token, transport, timeoutMs, maxBodyBytes } = options;
  let closed = false;
  const inFlight = new Set<Cancellation>();
  const deadlines = new Deadlines();
  const badToken = tokenProblem(token);

  function readCapped(res: TransportResponse): Promise<string> {
    const declared = Number(res.header('content-length'));
    if (declared > maxBodyBytes) {
      res.discard();
      return Promise.reject(tooLarge(server.display, maxBodyBytes));
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    let refused = false;
    const reading = res.read((chunk) => {
      total += chunk.byteLength;
      // Refused while streaming: a chunked 50 MB answer never gets buffered whole.
      if (total > maxBodyBytes) refused = true;
      else chunks.push(chunk);
      return !refused;
    });
    // Not an async function: one promise less per request (bench).
    return reading.then(() => {
      if (refused) throw tooLarge(server.display, maxBodyBytes);
      return utf8(chunks);
    });
  }

  // Built once: a header object per request showed in the bench (node:http copies it, fetch's Headers too).
  const readHeaders: Record<string, string> = { Authorization: token, Accept: 'application/json' };
  const bodyHeaders: Record<string, string> = { ...readHeaders, 'Content-Type': 'application/json' };

  /** A promise chain, not an async function: two awaits less per request (bench: remote backend vs direct HTTP). */
  function once(request: HttpRequest, signal: AbortSignal | undefined): Promise<HttpResponse> {
    if (closed || signal?.aborted) return Promise.reject(cancelled(server.display));
    // One cancellation per attempt, fed by its deadline, by close() and by the caller's signal; all released at the end.
    const cancel = new Cancellation();
    let timedOut = false;
    const release = deadlines.add(timeoutMs, () => {
      timedOut = true;
      cancel.abort();
    });
    inFlight.add(cancel);
    const onSignal = signal ? (): void => cancel.abort() : undefined;
    if (onSignal) signal?.addEventListener('abort', onSignal, { once: true });
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers = body === undefined ? readHeaders : bodyHeaders;
    let sent: Promise<TransportResponse>;
    try {
      sent = transport.send({ url: server.base + request.path, method: request.method, headers, body, cancel });
    } catch (error) {
      sent = Promise.reject(error);
    }
    return sent
      .then((res) => readCapped(res).then((text) => ({ status: res.status, statusText: res.statusText, contentType: res.header('content-type') ?? '', text })))
      .then(
        (response) => {
          settle(release, inFlight, cancel, signal, onSignal);
          return response;
        },
        (error: unknown) => {
          settle(release, inFlight, cancel, signal, onSignal);
          throw toFault(error, { display: server.display, timedOut, cancelled: closed || signal?.aborted === true, timeoutMs });
        },
      );
  }

  async function retried(request: HttpRequest, signal: AbortSignal | undefined, error: unknown): Promise<HttpResponse> {
    // Only reads are repeated, and only when the network failed: a write may have reached the server.
    const attempts = request.method === 'GET' ? options.retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      const retry = attempt < attempts && error instanceof ApiError && error.name === 'NetworkError';
      if (!retry) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * attempt));
      try {
        return await once(request, signal);
      } catch (next) {
        error = next;
      }
    }
  }

  return {
    send(request, signal) {
      // Checked once per client, reported on every request (as a rejection, like any other failure).
      if (badToken) return Promise.reject(badToken);
      // only a path holding a dot or an escape can hold a dot segment ('.', '..', '%2e')
      const dots = request.path.includes('.') || request.path.includes('%') ? dotSegmentProblem(request.path) : undefined;
      if (dots) return Promise.reject(dots);
      // The first attempt without an async wrapper around it: it showed in the bench; retries are rare.
      return once(request, signal).catch((error: unknown) => retried(request, signal, error));
    },
    close() {
      closed = true;
      for (const cancel of inFlight) cancel.abort();
      deadlines.clear();
      transport.close();
    },
  };
}
