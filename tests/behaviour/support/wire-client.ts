/** Raw HTTP exchanges, the same for every wire target (in-process handler, demo-server, real Unleash). */

/** `token`: undefined = the target's admin token; null = no Authorization header; a string = that exact value. */
export interface WireRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  token?: string | null;
  /** Send the admin token as `Bearer <token>`. */
  bearer?: boolean;
  /** A JSON value to send (serialised), unless `raw` is given. */
  body?: unknown;
  /** Exact body bytes (malformed JSON and the like). */
  raw?: string;
  /** Content-Type; defaults to application/json when there is a body; null = no Content-Type header. */
  contentType?: string | null;
}

export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: unknown;
}

export type Send = (request: WireRequest) => Promise<WireResponse>;

export interface PreparedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export function prepare(request: WireRequest, adminToken: string): PreparedRequest {
  const headers: Record<string, string> = {};
  const token = request.token === undefined ? adminToken : request.token;
  if (token !== null) headers.authorization = request.bearer ? `Bearer ${token}` : token;
  const body = request.raw ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const contentType = request.contentType === undefined ? (body === undefined ? null : 'application/json') : request.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  return { method: request.method, path: request.path, headers, body };
}

/** The JSON of an answer, or undefined for an empty or non-JSON body (the checks then look at `text`). */
export function jsonOrUndefined(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function fetchSender(baseUrl: string, adminToken: string): Send {
  return async (request) => {
    const prepared = prepare(request, adminToken);
    const response = await fetch(baseUrl + prepared.path, {
      method: prepared.method,
      headers: prepared.headers,
      // bytes, not a string: fetch would add `text/plain;charset=UTF-8` to a string body without a content type
      ...(prepared.body === undefined ? {} : { body: new TextEncoder().encode(prepared.body) }),
    });
    const text = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => (headers[key] = value));
    return { status: response.status, headers, text, json: jsonOrUndefined(text) };
  };
}
