import { readPreflight } from '../../../shared/domain/cors-preflight';
import { ApiError } from '../../../shared/errors';
import { preflightRequestSchema, type PreflightRequest, type PreflightResult } from '../../../shared/schemas';
import type { ServerUrl } from './base-url';
import { Cancellation } from './cancellation';
import type { Transport } from './transport';

/**
 * Sends the front-end API's CORS preflight (OPTIONS /api/frontend) with the chosen Origin, as a browser would: no
 * token (a preflight never carries credentials), the requested method and headers. Only the CORS headers of the
 * answer are kept; the body is discarded unread.
 */
export async function sendPreflight(
  transport: Transport,
  server: ServerUrl,
  input: PreflightRequest,
  timeoutMs: number,
): Promise<PreflightResult> {
  const ask = preflightRequestSchema.parse(input);
  const url = `${server.base}/api/frontend`;
  const cancel = new Cancellation();
  const timer = setTimeout(() => cancel.abort(), timeoutMs);
  try {
    const response = await transport.send({
      url,
      method: 'OPTIONS',
      headers: {
        origin: ask.origin,
        'access-control-request-method': ask.method,
        ...(ask.requestHeaders === '' ? {} : { 'access-control-request-headers': ask.requestHeaders }),
      },
      cancel,
    });
    response.discard();
    const names = [
      'access-control-allow-origin',
      'access-control-allow-credentials',
      'access-control-allow-methods',
      'access-control-allow-headers',
      'access-control-expose-headers',
      'access-control-max-age',
      'vary',
    ];
    const headers = names.flatMap((name): [string, string][] => {
      const value = response.header(name);
      return value === undefined ? [] : [[name, value]];
    });
    return readPreflight(server.display + '/api/frontend', response.status, headers, ask, 'server');
  } catch (error) {
    if (cancel.aborted) throw new ApiError(0, 'TimeoutError', `The preflight to ${server.display} got no answer in ${timeoutMs} ms.`);
    const code = (error as { code?: string }).code ?? (error as Error).message;
    throw new ApiError(0, 'NetworkError', `The preflight to ${server.display} failed: ${code}.`);
  } finally {
    clearTimeout(timer);
  }
}
