import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../../shared/errors';
import { notFound } from '../errors';
import type { WireResponse } from './wire-response';
import { bareErrorResponse, errorResponse } from './wire-response';

/** The middleware steps Unleash runs before a handler (docs/server-behaviour.md#request-pipeline, #errors and #authentication), one function each. */

/** express.json()'s default limit (100 kB). */
export const BODY_LIMIT_BYTES = 100 * 1024;

export function header(headers: Record<string, string | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

/** type-is matching of `application/json`: parameters such as `; charset=utf-8` are fine. */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const [type] = contentType.split(';');
  return type?.trim().toLowerCase() === 'application/json';
}

/**
 * body-parser: only JSON content types are parsed; an empty body becomes `{}`; `strict: false` allows any JSON
 * value. Malformed JSON answers 400 `{message}` with JSON.parse's own words, before any routing.
 */
export function parseRequestJson(
  body: string | undefined,
  contentType: string | undefined,
): { ok: true; value: unknown } | { ok: false; response: WireResponse } {
  if (!isJsonContentType(contentType) || body === undefined || body.length === 0) return { ok: true, value: {} };
  if (Buffer.byteLength(body, 'utf8') > BODY_LIMIT_BYTES) {
    return { ok: false, response: bareErrorResponse(413, 'request entity too large') };
  }
  let value: unknown;
  try {
    value = JSON.parse(body) as unknown;
  } catch (error) {
    // body-parser answers with JSON.parse's sentence (a wire-compatible parse error, not an internal fault).
    return { ok: false, response: bareErrorResponse(400, (error as Error).message) };
  }
  // Validation and error details walk the body recursively; a 10,000-deep one would overflow the stack (a 500).
  if (nestingDepth(value, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
    return { ok: false, response: bareErrorResponse(400, `request body is nested more than ${MAX_BODY_DEPTH} levels deep`) };
  }
  return { ok: true, value };
}

/** No admin API body comes near this (a constraint inside a segment is 4 levels). */
export const MAX_BODY_DEPTH = 32;

/** How deep arrays and objects nest, counted without recursion and stopping once past `limit`. */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) stack.push([child, level]);
  }
  return deepest;
}

const LOGIN_PATH = '/auth/simple/login';

function tokensMatch(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `Bearer ` is stripped; no (or an empty) header and a wrong token are Unleash's two different 401s. */
export function authenticate(authorization: string | undefined, token: string): WireResponse | undefined {
  const given = (authorization ?? '').replace(/^Bearer\s+/i, '').trim();
  if (given === '') {
    const message = `You must log in to use Unleash. Your request had no authorization header, so we could not authorize you. Try logging in at ${LOGIN_PATH}`;
    return errorResponse(new ApiError(401, 'AuthenticationRequired', message), {
      path: LOGIN_PATH,
      type: 'password',
      defaultHidden: false,
    });
  }
  if (!tokensMatch(given, token)) {
    return errorResponse(new ApiError(401, 'UnauthorizedError', 'You must log in to use Unleash.'));
  }
  return undefined;
}

/** content_type_checker.ts: POST/PUT routes accept application/json only. */
export function checkContentType(contentType: string | undefined): WireResponse | undefined {
  if (isJsonContentType(contentType)) return undefined;
  const provided = contentType || "you didn't provide one";
  const message = `We do not accept the content-type you provided (${provided}). Try using one of the content-types we do accept instead (application/json) and make sure the body is in the corresponding format.`;
  return errorResponse(new ApiError(415, 'ContentTypeError', message));
}

/** The /api catch-all. */
export function unknownPath(pathname: string): WireResponse {
  return errorResponse(notFound(`The path you were looking for (${pathname}) is not available.`));
}
