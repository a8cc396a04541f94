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

  /**
   * Reads the body, capped, and hands the whole answer to `done` (or the failure to `fail`). Callbacks rather than a
   * promise returned from a `then`: adopting that promise takes two more turns of the microtask queue a request.
   */
  function readCapped(res: TransportResponse, done: (response: HttpResponse) => void, fail: (error: unknown) => void): void {
    const declared = Number(res.header('content-length'));
    if (declared > maxBodyBytes) {
      res.discard();
      return fail(tooLarge(server.display, maxBodyBytes));
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
    reading.then(() => {
      if (refused) return fail(tooLarge(server.display, maxBodyBytes));
      const text = utf8(chunks);
      done({ status: res.status, statusText: res.statusText, contentType: res.header('content-type') ?? '', text });
    }, fail);
  }

  // Built once: a header object per request showed in the bench (node:http copies it, fetch's Headers too).
  const readHeaders: Record<string, string> = { Authorization: token, Accept: 'application/json' };
  const bodyHeaders: Record<string, string> = { ...readHeaders, 'Content-Type': 'application/json' };

  /**
   * A promise chain, not an async function: two awaits less per request (bench: remote backend vs direct HTTP). A
   * failed read is retried from the chain's own rejection handler rather than through a `.catch` on every request.
   */
  function once(request: HttpRequest, signal: AbortSignal | undefined, attempt: number): Promise<HttpResponse> {
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
    const answered = new Promise<HttpResponse>((resolve, reject) => {
      sent.then((res) => {
        try {
          readCapped(res, resolve, reject);
        } catch (error) {
          reject(error);
        }
      }, reject);
    });
    return answered.then(
      (response) => {
        settle(release, inFlight, cancel, signal, onSignal);
        return response;
      },
      (error: unknown) => {
        settle(release, inFlight, cancel, signal, onSignal);
        const fault = toFault(error, { display: server.display, timedOut, cancelled: closed || signal?.aborted === true, timeoutMs });
        // Only reads are repeated, and only when the network failed: a write may have reached the server.
        if (request.method === 'GET' && attempt <= options.retries && fault.name === 'NetworkError') {
          return retry(request, signal, attempt);
        }
        throw fault;
      },
    );
  }

  /** The next attempt after a pause that grows with each failure; retries are rare, so no care for its promises. */
  async function retry(request: HttpRequest, signal: AbortSignal | undefined, failed: number): Promise<HttpResponse> {
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * failed));
    return once(request, signal, failed + 1);
  }

  return {
    send(request, signal) {
      // Checked once per client, reported on every request (as a rejection, like any other failure).
      if (badToken) return Promise.reject(badToken);
      // only a path holding a dot or an escape can hold a dot segment ('.', '..', '%2e')
      const dots = request.path.includes('.') || request.path.includes('%') ? dotSegmentProblem(request.path) : undefined;
      if (dots) return Promise.reject(dots);
      return once(request, signal, 1);
    },
    close() {
      closed = true;
      for (const cancel of inFlight) cancel.abort();
      deadlines.clear();
      transport.close();
    },
  };
}
