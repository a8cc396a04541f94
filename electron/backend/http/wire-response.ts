import { randomUUID } from 'node:crypto';
import { ApiError } from '../../../shared/errors';

/** What the face answers: the status, headers and body one HTTP response carries. */
export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  /**
   * '' for 204 and the other empty answers. UTF-8 bytes when the backend wrote the JSON itself (json-text-reads.ts);
   * bodyText() reads either.
   */
  body: string | Uint8Array;
}

/** The body as text (tests and logs; the socket writes bytes). */
export function bodyText(response: WireResponse): string {
  return typeof response.body === 'string' ? response.body : Buffer.from(response.body).toString('utf8');
}

/** Builders for the responses the face sends, in Express's framing (JSON with charset; empty bodies bare). */

const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonResponse(status: number, value: unknown, headers: Record<string, string> = {}): WireResponse {
  return { status, headers: { 'Content-Type': JSON_TYPE, ...headers }, body: JSON.stringify(value) };
}

/**
 * A JSON answer the backend serialised itself, as UTF-8 (json-text-reads.ts holds what such a text must be): only the
 * routes of JsonTextReads use it, every other answer is an object through jsonResponse.
 */
export function jsonTextResponse(status: number, utf8: Uint8Array): WireResponse {
  return { status, headers: { 'Content-Type': JSON_TYPE }, body: utf8 };
}

/** 204s, 202s and Unleash's "200 with no body" answers carry neither a body nor a content type. */
export function emptyResponse(status: number): WireResponse {
  return { status, headers: {}, body: '' };
}

/**
 * An Unleash error body. 6.10.1 puts a fresh `id` on every error (8.x only on middleware errors); details default
 * to `[{message}]`. `extra` carries the additional fields some errors have (AuthenticationRequired's `path`...).
 */
export function errorResponse(error: ApiError, extra: Record<string, unknown> = {}): WireResponse {
  return jsonResponse(error.status, {
    id: randomUUID(),
    name: error.name,
    message: error.message,
    details: error.details ?? [{ message: error.message }],
    ...extra,
  });
}

/** Framework-level errors (body parsing) answer `{message}` only, as Express's http-errors branch does. */
export function bareErrorResponse(status: number, message: string): WireResponse {
  return jsonResponse(status, { message });
}

/** What a thrown value becomes on the wire. */
export function responseForThrown(thrown: unknown): WireResponse {
  if (thrown instanceof ApiError) {
    // Unleash answers a DELETE of a segment in use with a bare 409; the demo's explanatory error stays in-process.
    if (thrown.name === 'SegmentInUseError') return emptyResponse(thrown.status);
    return errorResponse(thrown);
  }
  // Never the exception's own text: it names internals (and once was "Maximum call stack size exceeded").
  return errorResponse(new ApiError(500, 'UnknownError', 'Unexpected error on the server.'));
}
