import type { PreflightResult } from '../schemas/preflight';
import { originAllowed } from './origin';

/**
 * The front-end API's CORS preflight as Unleash 6.x-8.x answers it: cors-origin-middleware hands the `cors` package
 * `'*'` when the list is empty or holds `*`, else the list itself (exact string match), with credentials, the ETag
 * exposed and `Access-Control-Max-Age` = config.accessControlMaxAge (86400 s unless ACCESS_CONTROL_MAX_AGE is set).
 * An origin that is not allowed still gets 204, only without Access-Control-Allow-Origin.
 */
export const UNLEASH_PREFLIGHT_MAX_AGE = 86_400;

/**
 * How long a saved list takes to reach the front-end API: each Unleash instance reads the setting into a cache that
 * it refreshes every 2 minutes (frontend-api-service), and a browser then reuses a preflight answer for
 * Access-Control-Max-Age seconds, capped by the browser (Chrome 2 h, Firefox 24 h).
 */
export const CORS_PROPAGATION_TEXT =
  'A saved list reaches the front-end API within about 2 minutes: every Unleash instance caches the setting and ' +
  're-reads it every 2 minutes. Browsers also reuse a preflight answer for its Access-Control-Max-Age (Unleash ' +
  'sends 86400 s; Chrome keeps it at most 2 hours, Firefox 24 hours), so a browser that was refused may need a ' +
  'restart or a cleared cache after the server already allows it.';

export interface PreflightAsk {
  origin: string;
  method: string;
  requestHeaders: string;
}

/** The headers Unleash's middleware sends for this preflight, given the stored origins. */
export function unleashPreflightHeaders(allowedOrigins: readonly string[], ask: PreflightAsk): [string, string][] {
  const any = allowedOrigins.length === 0 || allowedOrigins.includes('*');
  // in the order 6.10.1 sent them (checked with curl): Vary first, as Unleash sets it before `cors` runs
  const headers: [string, string][] = [['vary', ask.requestHeaders === '' ? 'Origin' : 'Origin, Access-Control-Request-Headers']];
  if (any) headers.push(['access-control-allow-origin', '*']);
  else if (originAllowed(allowedOrigins, ask.origin)) headers.push(['access-control-allow-origin', ask.origin]);
  headers.push(['access-control-allow-credentials', 'true']);
  headers.push(['access-control-allow-methods', 'GET,HEAD,PUT,PATCH,POST,DELETE']);
  if (ask.requestHeaders !== '') headers.push(['access-control-allow-headers', ask.requestHeaders]);
  headers.push(['access-control-max-age', String(UNLEASH_PREFLIGHT_MAX_AGE)]);
  headers.push(['access-control-expose-headers', 'ETag']);
  return headers;
}

function header(headers: readonly [string, string][], name: string): string | undefined {
  return headers.find(([key]) => key === name)?.[1];
}

/** Reads a preflight answer as a browser would: may a page on `ask.origin` make this request? */
export function readPreflight(
  url: string,
  status: number,
  headers: readonly [string, string][],
  ask: PreflightAsk,
  answeredBy: PreflightResult['answeredBy'],
): PreflightResult {
  const allowOrigin = header(headers, 'access-control-allow-origin');
  const methods = (header(headers, 'access-control-allow-methods') ?? '').split(',').map((m) => m.trim().toUpperCase());
  const allowHeaders = (header(headers, 'access-control-allow-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
  const asked = ask.requestHeaders.split(',').map((h) => h.trim().toLowerCase()).filter((h) => h !== '');
  const maxAge = Number.parseInt(header(headers, 'access-control-max-age') ?? '', 10);
  const base = { url, status, headers: [...headers], maxAgeSeconds: Number.isFinite(maxAge) ? maxAge : null, answeredBy };
  if (status < 200 || status > 299) {
    return { ...base, allowed: false, reason: `The server answered ${status}: browsers treat that as a refused preflight.` };
  }
  if (allowOrigin === undefined) {
    return { ...base, allowed: false, reason: `No Access-Control-Allow-Origin: ${ask.origin} is not in the allowed origins.` };
  }
  if (allowOrigin !== '*' && allowOrigin !== ask.origin) {
    return { ...base, allowed: false, reason: `The server allows ${allowOrigin}, not ${ask.origin}.` };
  }
  const simple = ['GET', 'HEAD', 'POST'];
  if (!simple.includes(ask.method.toUpperCase()) && !methods.includes(ask.method.toUpperCase())) {
    return { ...base, allowed: false, reason: `The method ${ask.method} is not allowed.` };
  }
  const missing = asked.filter((h) => !allowHeaders.includes(h) && !allowHeaders.includes('*'));
  if (missing.length > 0) {
    return { ...base, allowed: false, reason: `The request headers ${missing.join(', ')} are not allowed.` };
  }
  return {
    ...base,
    allowed: true,
    reason: allowOrigin === '*' ? 'Allowed: the server allows every origin (*).' : `Allowed: ${ask.origin} is in the allowed origins.`,
  };
}
