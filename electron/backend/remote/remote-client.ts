import { normaliseBaseUrl, type ServerUrl } from './base-url';
import { createHttpClient, type HttpClient } from './http-client';
import { fetchTransport, nodeTransport } from './transport';

export interface RemoteOptions {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  maxBodyBytes?: number;
  retries?: number;
  fetch?: typeof fetch;
  /** Plain http to a host other than loopback, which is refused unless the profile allows it. */
  allowInsecureHttp?: boolean;
  /** Certificate authorities to trust for https (tls-trust.ts); default Node's bundled list. */
  ca?: readonly string[];
}

export const REMOTE_DEFAULTS = { timeoutMs: 15_000, maxBodyBytes: 10 * 1024 * 1024, retries: 2 } as const;

/**
 * The one HTTP-client set-up, shared by the remote backend and the connection test: the normalised server URL
 * (throws ApiError 400 on a bad one), the limits with their defaults, and the transport (node:http, or an
 * injected fetch). `defaults` lets the connection test answer promptly (no retries) unless told otherwise.
 */
export function createRemoteClient(
  options: RemoteOptions,
  defaults: { retries: number } = REMOTE_DEFAULTS,
): { server: ServerUrl; http: HttpClient } {
  const server = normaliseBaseUrl(options.baseUrl, options.allowInsecureHttp);
  const http = createHttpClient({
    server,
    token: options.token,
    timeoutMs: options.timeoutMs ?? REMOTE_DEFAULTS.timeoutMs,
    maxBodyBytes: options.maxBodyBytes ?? REMOTE_DEFAULTS.maxBodyBytes,
    retries: options.retries ?? defaults.retries,
    transport: options.fetch ? fetchTransport(options.fetch) : nodeTransport({ ca: options.ca }),
  });
  return { server, http };
}
