import { ApiError } from '../../../shared/errors';
import { insecureHttpProblem } from '../../../shared/domain/transport-security';
import { isDotSegment } from '../../../shared/schemas/path-id';

/** A server address, normalised once: `https://host[:port][/prefix]` without a trailing slash. */
export interface ServerUrl {
  /** What requests are built on. */
  readonly base: string;
  /** What messages show: the same address (it never holds credentials; those are refused). */
  readonly display: string;
}

/**
 * Accepts what users paste: trailing slashes, a path prefix (`https://host/unleash`), and even the API root
 * itself (`.../api` or `.../api/admin`), which is dropped since every request path starts with /api/admin.
 */
export function normaliseBaseUrl(raw: string, allowInsecureHttp = false): ServerUrl {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ApiError(400, 'ValidationError', 'The server URL is not a valid address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiError(400, 'ValidationError', 'The server URL must start with http:// or https://.');
  }
  // fetch refuses URLs with credentials, and they would leak into messages: the token is the only secret we send.
  if (url.username || url.password) {
    throw new ApiError(400, 'ValidationError', 'The server URL must not contain a user name or password.');
  }
  // The floor under the connection manager's check: no admin token over plain http to another machine unasked.
  const insecure = insecureHttpProblem(url.href, allowInsecureHttp);
  if (insecure) throw new ApiError(400, 'InsecureTransportError', insecure);
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api(\/admin)?$/, '');
  const base = `${url.origin}${path}`;
  return { base, display: base };
}

type PathPart = string | number;

/** Builds a request path, URL-encoding every interpolated segment: path`/segments/${id}/strategies`. */
export function path(strings: TemplateStringsArray, ...parts: PathPart[]): string {
  return strings.reduce((out, text, i) => {
    const part = parts[i - 1];
    return out + (i > 0 && part !== undefined ? encodeURIComponent(String(part)) : '') + text;
  }, '');
}

/**
 * A request path with a `.` or `..` segment (an id of dots: `path` encodes slashes but not dots) is refused:
 * encoded or not, the server or a proxy would resolve it (`/projects/../archive`) and the request would reach
 * another endpoint than the one meant. The IPC contract refuses such ids first; this is the floor under it.
 */
export function dotSegmentProblem(requestPath: string): ApiError | undefined {
  const pathname = requestPath.split('?')[0] ?? '';
  const dots = pathname.split('/').find((segment) => isDotSegment(segment) || /^(\.|%2e){1,2}$/i.test(segment));
  return dots === undefined ? undefined : new ApiError(400, 'ValidationError', `"${dots}" cannot be used as a name in a request path.`);
}

/** Appends defined query values in order. */
export function withQuery(requestPath: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.append(key, String(value));
  const text = params.toString();
  return text ? `${requestPath}?${text}` : requestPath;
}
