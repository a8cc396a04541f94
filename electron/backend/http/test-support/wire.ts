import type { AdminBackend } from '../../admin-backend';
import { createRequestHandler } from '../handle-request';
import { bodyText, type WireResponse } from '../wire-response';
import { recordingBackend } from './recording-backend';

/** A tiny client over the in-process handler, so tests read like HTTP exchanges. */

export const TOKEN = '*:*.test-admin-token';

export interface SendOptions {
  token?: string | null;
  contentType?: string | null;
  /** A value is sent as JSON; a string is sent as is. */
  body?: unknown;
  raw?: string;
}

export function face(overrides: Partial<AdminBackend> = {}) {
  const { backend, calls } = recordingBackend(overrides);
  const handler = createRequestHandler(backend, { token: TOKEN });
  async function send(method: string, path: string, options: SendOptions = {}): Promise<WireResponse> {
    const headers: Record<string, string | undefined> = {};
    if (options.token !== null) headers.authorization = options.token ?? TOKEN;
    const hasBody = options.body !== undefined || options.raw !== undefined;
    if (options.contentType !== null && (options.contentType !== undefined || hasBody)) {
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    return handler({ method, path, headers, ...(body === undefined ? {} : { body }) });
  }
  return { send, calls };
}

export function json(response: WireResponse): Record<string, unknown> {
  return JSON.parse(bodyText(response)) as Record<string, unknown>;
}

/** The single detail message of an error body. */
export function detail(response: WireResponse): { message: string; path?: string } {
  const details = json(response).details as { message: string; path?: string }[];
  if (details.length !== 1 || !details[0]) throw new Error(`expected one detail, got ${bodyText(response)}`);
  return details[0];
}
