import { ApiError } from '../../../shared/errors';
import type { AnswerBytes } from '../operations/events';
import { dotSegmentProblem, type ServerUrl } from './base-url';
import { giveAssembly, takeAssembly } from './assembly-pool';
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
  /**
   * A 2xx answer is left as its bytes (HttpResponse.bytes), not decoded: the local copy's sync scans a page of events
   * in pieces (page-scan.ts) rather than as one string of most of a megabyte.
   */
  bytes?: true;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  contentType: string;
  /** The body as text; empty for a 2xx answer to a request for its bytes. */
  text: string;
  /** The body of a 2xx answer to a request for its bytes. */
  bytes?: AnswerBytes;
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

/** Answers up to this size are put together in pooled buffers (assembly-pool.ts) rather than a fresh one each. */
const ASSEMBLY_MAX = 4 * 1024 * 1024;
const ASSEMBLY_FIRST = 1024 * 1024;

/**
 * A body put together as it arrives. Each chunk is copied out of the socket's buffer at once, so that buffer is
 * garbage while still young: kept until the answer ended, the chunks of the answers read meanwhile outlived the
 * young generation and waited for a full collection outside the heap, ~64 MB of them, which left as many holes in
 * the C heap after a sync of a million events. Most answers arrive in one chunk, decoded in place.
 */
class Body {
  total = 0;
  #first: Uint8Array | undefined;
  #buffer: Buffer | undefined;
  /** An answer over ASSEMBLY_MAX: its chunks, concatenated at the end. */
  #chunks: Uint8Array[] | undefined;

  add(chunk: Uint8Array): void {
    const at = this.total;
    this.total += chunk.byteLength;
    if (this.#chunks) {
      this.#chunks.push(chunk);
    } else if (at === 0) {
      this.#first = chunk;
    } else if (this.total > ASSEMBLY_MAX) {
      this.#chunks = this.#buffer ? [Buffer.from(this.#buffer.subarray(0, at)), chunk] : [this.#first as Uint8Array, chunk];
      this.release();
    } else {
      if (!this.#buffer) {
        // the first chunk may be larger than a pooled buffer: the room is made before it is copied in
        const pooled = takeAssembly(ASSEMBLY_FIRST);
        this.#buffer = pooled.length >= this.total ? pooled : Buffer.allocUnsafeSlow(Math.min(ASSEMBLY_MAX, Math.max(this.total, pooled.length * 2)));
        this.#buffer.set(this.#first as Uint8Array, 0);
        this.#first = undefined;
      } else if (this.#buffer.length < this.total) {
        const grown = Buffer.allocUnsafeSlow(Math.min(ASSEMBLY_MAX, Math.max(this.total, this.#buffer.length * 2)));
        grown.set(this.#buffer.subarray(0, at), 0);
        this.#buffer = grown;
      }
      this.#buffer.set(chunk, at);
    }
  }

  /** The body as text; the buffer goes back for the next answer. */
  text(): string {
    try {
      if (this.#chunks) return Buffer.concat(this.#chunks, this.total).toString('utf8');
      if (this.#buffer) return this.#buffer.toString('utf8', 0, this.total);
      const only = this.#first;
      return only ? Buffer.from(only.buffer, only.byteOffset, only.byteLength).toString('utf8') : '';
    } finally {
      this.release();
    }
  }

  /** The body as bytes; a pooled buffer goes back when they are released, not before. */
  take(): AnswerBytes {
    if (this.#chunks) return { bytes: Buffer.concat(this.#chunks, this.total), release: noop };
    const buffer = this.#buffer;
    if (buffer) {
      this.#buffer = undefined;
      let held = true;
      const release = (): void => {
        if (held) giveAssembly(buffer);
        held = false;
      };
      return { bytes: buffer.subarray(0, this.total), release };
    }
    const only = this.#first;
    this.#first = undefined;
    return { bytes: only ? Buffer.from(only.buffer, only.byteOffset, only.byteLength) : Buffer.alloc(0), release: noop };
  }

  /** Gives the buffer back (also when the answer is refused or fails). */
  release(): void {
    if (this.#buffer) giveAssembly(this.#buffer);
    this.#buffer = undefined;
    this.#first = undefined;
  }
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
  function readCapped(res: TransportResponse, asBytes: boolean, done: (response: HttpResponse) => void, fail: (error: unknown) => void): void {
    const declared = Number(res.header('content-length'));
    if (declared > maxBodyBytes) {
      res.discard();
      return fail(tooLarge(server.display, maxBodyBytes));
    }
    const body = new Body();
    let refused = false;
    const reading = res.read((chunk) => {
      // Refused while streaming: a chunked 50 MB answer never gets buffered whole.
      if (body.total + chunk.byteLength > maxBodyBytes) refused = true;
      else body.add(chunk);
      return !refused;
    });
    reading.then(
      () => {
        if (refused) {
          body.release();
          return fail(tooLarge(server.display, maxBodyBytes));
        }
        let response: HttpResponse;
        try {
          const head = { status: res.status, statusText: res.statusText, contentType: res.header('content-type') ?? '' };
          response = asBytes && res.status >= 200 && res.status < 300 ? { ...head, text: '', bytes: body.take() } : { ...head, text: body.text() };
        } catch (error) {
          return fail(error);
        }
        done(response);
      },
      (error: unknown) => {
        body.release();
        fail(error);
      },
    );
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
              request.bytes === true,
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
