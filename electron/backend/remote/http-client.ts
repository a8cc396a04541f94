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

function noop(): void {}

/** Header values cannot carry control characters; say so without echoing the token. */
function tokenProblem(token: string): ApiError | undefined {
  if (!token.trim() || /[^\t\x20-\x7e\x80-\xff]/.test(token)) {
    return new ApiError(400, 'ValidationError', 'The API token is empty or contains characters a header cannot carry.');
  }
  return undefined;
}

/** Answers up to this size are put together in one buffer kept for the process rather than a fresh one each. */
const ASSEMBLY_MAX = 4 * 1024 * 1024;
let assembly = Buffer.alloc(0);

function utf8(chunks: Uint8Array[], total: number): string {
  const [only] = chunks;
  // Most answers arrive in one chunk: decode it in place rather than copy it.
  if (chunks.length === 1 && only) return Buffer.from(only.buffer, only.byteOffset, only.byteLength).toString('utf8');
  if (total > ASSEMBLY_MAX) return Buffer.concat(chunks, total).toString('utf8');
  // Copied and decoded at once, so one buffer serves every answer: a fresh copy of each page of 1,000 events
  // (~0.7 MB) waited for the collector outside the heap, tens of MB of them at an export's peak.
  if (assembly.length < total) assembly = Buffer.allocUnsafeSlow(Math.min(ASSEMBLY_MAX, Math.max(total, assembly.length * 2)));
  let at = 0;
  for (const chunk of chunks) {
    assembly.set(chunk, at);
    at += chunk.byteLength;
  }
  return assembly.toString('utf8', 0, at);
}

/** What one attempt holds until it ends: a plain object, not closures per attempt (see ended). */
interface Attempt {
  request: HttpRequest;
  signal: AbortSignal | undefined;
  /** 1 for the first try. */
  number: number;
  cancel: Cancellation;
  release: () => void;
  onSignal: (() => void) | undefined;
  timedOut: boolean;
}

/**
 * Releases what one attempt held. A function of its own rather than a closure per attempt: the bench runs through
 * tsx, whose keepNames wraps every named closure in a defineProperty call.
 */
function ended(attempt: Attempt, inFlight: Set<Cancellation>): void {
  attempt.release();
  inFlight.delete(attempt.cancel);
  if (attempt.onSignal) attempt.signal?.removeEventListener('abort', attempt.onSignal);
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
      let response: HttpResponse;
      try {
        response = { status: res.status, statusText: res.statusText, contentType: res.header('content-type') ?? '', text: utf8(chunks, total) };
      } catch (error) {
        return fail(error);
      }
      done(response);
    }, fail);
  }

  // Built once: a header object per request showed in the bench (node:http copies it, fetch's Headers too).
  const readHeaders: Record<string, string> = { Authorization: token, Accept: 'application/json' };
  const bodyHeaders: Record<string, string> = { ...readHeaders, 'Content-Type': 'application/json' };

  /**
   * An ended attempt's failure as a fault, or the next attempt: only reads are repeated, and only when the network
   * failed (a write may have reached the server).
   */
  function failed(attempt: Attempt, error: unknown): Promise<HttpResponse> {
    ended(attempt, inFlight);
    const cancelledHere = closed || attempt.signal?.aborted === true;
    const fault = toFault(error, { display: server.display, timedOut: attempt.timedOut, cancelled: cancelledHere, timeoutMs });
    if (attempt.request.method === 'GET' && attempt.number <= options.retries && fault.name === 'NetworkError') {
      return retry(attempt.request, attempt.signal, attempt.number);
    }
    return Promise.reject(fault);
  }

  /**
   * One attempt. Not an async function (an await less per request showed in the bench: remote backend vs direct
   * HTTP), and its promise is resolved straight from the body's end, without a further `then` for the release. A
   * failure resolves it with the fault's rejection or with the retry.
   */
  function once(request: HttpRequest, signal: AbortSignal | undefined, number: number): Promise<HttpResponse> {
    if (closed || signal?.aborted) return Promise.reject(cancelled(server.display));
    // One cancellation per attempt, fed by its deadline, by close() and by the caller's signal; all released at the end.
    const cancel = new Cancellation();
    const attempt: Attempt = { request, signal, number, cancel, release: noop, onSignal: undefined, timedOut: false };
    attempt.release = deadlines.add(timeoutMs, () => {
      attempt.timedOut = true;
      cancel.abort();
    });
    inFlight.add(cancel);
    if (signal) {
      attempt.onSignal = (): void => cancel.abort();
      signal.addEventListener('abort', attempt.onSignal, { once: true });
    }
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers = body === undefined ? readHeaders : bodyHeaders;
    let sent: Promise<TransportResponse>;
    try {
      sent = transport.send({ url: server.base + request.path, method: request.method, headers, body, cancel });
    } catch (error) {
      sent = Promise.reject(error);
    }
    return new Promise<HttpResponse>((resolve) => {
      sent.then(
        (res) => {
          try {
            readCapped(
              res,
              (response) => {
                ended(attempt, inFlight);
                resolve(response);
              },
              (error) => resolve(failed(attempt, error)),
            );
          } catch (error) {
            resolve(failed(attempt, error));
          }
        },
        (error: unknown) => resolve(failed(attempt, error)),
      );
    });
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
