import { unleashPreflightHeaders } from '../../../shared/domain/cors-preflight';
import type { AdminBackend } from '../admin-backend';
import type { WireResponse } from './wire-response';

/**
 * OPTIONS /api/frontend[/...]: the front-end API's CORS preflight, answered from the stored origins as Unleash's
 * cors-origin-middleware does (no token needed: browsers send none on a preflight). The face serves no front-end
 * API itself; this is what lets Flagdesk's preflight tester be tried against the demo server.
 */
export function isFrontendPreflight(method: string, pathname: string): boolean {
  return method === 'OPTIONS' && (pathname === '/api/frontend' || pathname.startsWith('/api/frontend/'));
}

export async function frontendPreflight(
  backend: AdminBackend,
  header: (name: string) => string | undefined,
): Promise<WireResponse> {
  const origins = (await backend.getUiConfig()).frontendApiOrigins ?? ['*'];
  const headers = unleashPreflightHeaders(origins, {
    origin: header('origin') ?? '',
    method: header('access-control-request-method') ?? 'GET',
    requestHeaders: header('access-control-request-headers') ?? '',
  });
  return { status: 204, headers: Object.fromEntries(headers), body: '' };
}
