import type { z } from 'zod';
import { ApiError } from '../../../shared/errors';
import { errorBodySchema } from '../../../shared/schemas';
import { redactSecrets } from '../../security/redact';
import { checkAnswer } from './answer-check';
import type { HttpRequest, HttpResponse } from './http-client';
import { jsonOrUndefined } from '../../../shared/json';

/** Names for error answers that carry no Unleash body (proxies, http-errors' `{message}`, empty 409s). */
const DEFAULT_NAMES: Record<number, string> = {
  400: 'BadDataError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'NotImplementedError',
  409: 'ConflictError',
  413: 'ContentTooLargeError',
  415: 'ContentTypeError',
  422: 'DisabledError',
  500: 'UnknownError',
  502: 'BadGatewayError',
  503: 'ServiceUnavailableError',
  504: 'GatewayTimeoutError',
};

export interface Exchange {
  operation: string;
  request: HttpRequest;
  /** Removed from every text we keep, in case a server or proxy echoes it. */
  token: string;
}

function label(exchange: Exchange): string {
  return `${exchange.operation} (${exchange.request.method} ${exchange.request.path.split('?')[0]})`;
}

function redact(text: string, token: string): string {
  return redactSecrets(text, [token]);
}

/** Every non-2xx answer becomes an ApiError with the server's status, name, message and details. */
export function errorFromResponse(res: HttpResponse, exchange: Exchange): ApiError {
  const parsed = errorBodySchema.safeParse(jsonOrUndefined(res.text));
  const sent = parsed.success ? parsed.data.name : undefined;
  const name = (sent === undefined ? undefined : redact(sent, exchange.token)) ?? DEFAULT_NAMES[res.status] ?? 'HttpError';
  if (parsed.success) {
    const details = parsed.data.details?.map((d) => ({
      ...(d.message !== undefined ? { message: redact(d.message, exchange.token) } : {}),
      ...(d.path !== undefined ? { path: redact(d.path, exchange.token) } : {}),
    }));
    return new ApiError(res.status, name, redact(parsed.data.message, exchange.token), details);
  }
  const status = `${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
  const redirect = res.status >= 300 && res.status < 400 ? ' (a redirect, which is not followed; check the URL)' : '';
  return new ApiError(res.status, name, `${label(exchange)} failed: the server answered ${status}${redirect}.`);
}

export function invalidResponse(exchange: Exchange, why: string): ApiError {
  // The server answered, but not in a shape Flagdesk understands: Flagdesk's fault to report, not a refusal.
  return ApiError.fault('InvalidResponseError', `The server's answer to ${label(exchange)} ${why}.`, undefined, 502);
}

/** Where a parsed answer keeps the body it was read from (see answerText). */
const ANSWER_TEXT = Symbol('answer text');

/**
 * The JSON text a value parsed by parseAnswer was read from: whoever writes an answer out again as JSON (the event
 * export) can slice it instead of serialising the parsed copy anew. Held by the value itself (not enumerable, so
 * neither JSON nor IPC nor a spread carries it): the text goes when the value goes, with no WeakMap entry to outlive it.
 */
export function answerText(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const text: unknown = (value as { [ANSWER_TEXT]?: unknown })[ANSWER_TEXT];
  return typeof text === 'string' ? text : undefined;
}

/**
 * Parses a 2xx body with a shared schema (loose: unknown fields pass). `prepare` fills what a server leaves out
 * before validation (e.g. `project` on list items).
 */
export function parseAnswer<S extends z.ZodType>(
  res: HttpResponse,
  exchange: Exchange,
  schema: S,
  prepare: (json: unknown) => unknown = (json) => json,
): z.infer<S> {
  if (res.text.trim() === '') throw invalidResponse(exchange, 'was empty');
  const json = jsonOrUndefined(res.text);
  if (json === undefined) {
    const html = /^\s*</.test(res.text) ? ' (it looks like HTML: is this the address of an Unleash server?)' : '';
    throw invalidResponse(exchange, `was not valid JSON${html}`);
  }
  const parsed = checkAnswer(schema, prepare(json));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length ? ` at ${issue.path.join('.')}` : '';
    throw invalidResponse(exchange, `did not have the expected shape${where}: ${issue?.message ?? 'invalid'}`);
  }
  const data: unknown = parsed.data;
  if (typeof data === 'object' && data !== null) Object.defineProperty(data, ANSWER_TEXT, { value: res.text });
  return parsed.data;
}
