import { ApiError } from '../../../shared/errors';

/** Client-side faults: status 0, our own names, one plain sentence each. */

const TLS_CODES = /^(CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|ERR_TLS_|ERR_SSL_|EPROTO$|HOSTNAME_MISMATCH)/;

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const own = (error as { code?: unknown }).code;
  if (typeof own === 'string') return own;
  return codeOf((error as { cause?: unknown }).cause);
}

/** Node's https reports a plain-HTTP peer as EPROTO; only its text says so. */
function speaksPlainHttp(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { message, cause } = error as { message?: unknown; cause?: unknown };
  return (typeof message === 'string' && message.includes('wrong version number')) || speaksPlainHttp(cause);
}

/** What to do about a certificate nobody here trusts (never "use http"). */
const UNTRUSTED_HINT =
  'If the server uses a company or self-signed certificate, use "Choose CA file…" on the profile to pick the CA\'s certificate (PEM), or install that CA in the operating system\'s certificate store';

function reason(code: string | undefined): string {
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name could not be resolved (DNS)';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'the host or network is unreachable';
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'the connection timed out';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'ERR_STREAM_PREMATURE_CLOSE')
    return 'the connection was closed before the answer was complete';
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER') return 'it does not speak HTTPS (try http://)';
  if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || code === 'SELF_SIGNED_CERT_IN_CHAIN')
    return `its TLS certificate is self-signed and not trusted. ${UNTRUSTED_HINT}`;
  if (code === 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' || code === 'UNABLE_TO_GET_ISSUER_CERT' || code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE')
    return `its TLS certificate is signed by a certificate authority this computer does not trust. ${UNTRUSTED_HINT}`;
  if (code === 'CERT_HAS_EXPIRED') return 'its TLS certificate has expired';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH')
    return 'its TLS certificate is for another host name';
  if (code && TLS_CODES.test(code)) return `the TLS handshake failed (${code})`;
  return code ? `network error ${code}` : 'network error';
}

/** Failures before any connection was made: no byte of the request (nor its token) left this computer. */
const BEFORE_CONNECTING = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const unsent = new WeakSet<ApiError>();

/** Whether this fault happened before a connection: nothing was sent (so no token travelled, in clear or not). */
export function nothingWasSent(error: ApiError): boolean {
  return unsent.has(error);
}

export interface FaultContext {
  display: string;
  timedOut: boolean;
  cancelled: boolean;
  timeoutMs: number;
}

/** Maps anything a transport throws to an ApiError; never copies the raw error text (it may echo headers). */
export function toFault(error: unknown, context: FaultContext): ApiError {
  if (error instanceof ApiError) return error;
  if (context.cancelled) return cancelled(context.display);
  if (context.timedOut) {
    const ms = context.timeoutMs;
    const span = ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
    return new ApiError(0, 'TimeoutError', `${context.display} did not answer within ${span}.`);
  }
  const code = speaksPlainHttp(error) ? 'ERR_SSL_WRONG_VERSION_NUMBER' : codeOf(error);
  const fault = new ApiError(0, 'NetworkError', `Could not reach ${context.display}: ${reason(code)}.`);
  if (code !== undefined && BEFORE_CONNECTING.has(code)) unsent.add(fault);
  return fault;
}

export function cancelled(display: string): ApiError {
  return new ApiError(0, 'AbortError', `The request to ${display} was cancelled.`);
}

export function tooLarge(display: string, maxBodyBytes: number): ApiError {
  const size = maxBodyBytes >= 1024 * 1024 ? `${Math.round(maxBodyBytes / 1024 / 1024)} MB` : `${maxBodyBytes} bytes`;
  return ApiError.fault('ResponseTooLargeError', `The answer from ${display} was larger than ${size} and was refused.`);
}
