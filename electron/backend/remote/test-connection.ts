import { ApiError } from '../../../shared/errors';
import { uiConfigSchema, type ConnectionReport, type ServerCapabilities } from '../../../shared/schemas';
import type { ServerUrl } from './base-url';
import { detectCapabilities } from './capabilities';
import { nothingWasSent } from './faults';
import type { HttpClient, HttpResponse } from './http-client';
import { createRemoteClient, type RemoteOptions } from './remote-client';
import { jsonOrUndefined } from '../../../shared/json';

export type { ConnectionReport };

const UI_CONFIG = '/api/admin/ui-config';
/** An ADMIN-only read in Unleash (docs/server-behaviour.md#authentication), so its answer tells whether the token has admin rights. */
const ADMIN_PROBE = '/api/admin/events';

const ok2xx = (res: HttpResponse): boolean => res.status >= 200 && res.status < 300;

function refusal(server: ServerUrl, res: HttpResponse): string {
  if (res.status === 401)
    return `${server.display} refused the token (401): check that it is a valid, unexpired admin API token or personal access token.`;
  if (res.status === 403)
    return `${server.display} does not let this token use the admin API (403): use an admin API token or a personal access token, not a client or frontend token.`;
  return `${server.display} answered ${res.status} at ${UI_CONFIG}, so it does not look like an Unleash server: check the address and any path prefix.`;
}

/** What the server offers, for the report's list; a failed probe leaves the list out rather than failing the test. */
async function probeCapabilities(
  http: HttpClient,
  config: Parameters<typeof detectCapabilities>[0],
  signal: AbortSignal | undefined,
): Promise<ServerCapabilities | undefined> {
  try {
    return await detectCapabilities(config, (request) => http.send(request, signal));
  } catch {
    return undefined;
  }
}

async function checkAdmin(http: HttpClient, signal: AbortSignal | undefined): Promise<boolean | undefined> {
  try {
    const res = await http.send({ method: 'GET', path: ADMIN_PROBE }, signal);
    if (ok2xx(res)) return true;
    return res.status === 401 || res.status === 403 ? false : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reachability, version and edition from GET /ui-config, then admin rights; one clear sentence either way.
 * `signal` cancels the test (a newer test of the same settings supersedes it).
 */
export async function testConnection(options: RemoteOptions, signal?: AbortSignal): Promise<ConnectionReport> {
  let client: ReturnType<typeof createRemoteClient>;
  try {
    // A test should answer promptly; a refused connection is the answer, not something to wait out.
    client = createRemoteClient(options, { retries: 0 });
  } catch (error) {
    return { ok: false, reachable: false, message: error instanceof ApiError ? error.message : 'The server URL is invalid.' };
  }
  const { server, http } = client;
  const notUnleash = `${server.display} answered, but not like an Unleash server (no version at ${UI_CONFIG}): check the address and any path prefix.`;
  try {
    let res: HttpResponse;
    try {
      res = await http.send({ method: 'GET', path: UI_CONFIG }, signal);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status !== 0) return { ok: false, reachable: false, message: error.message };
      const reachable = error.name === 'ResponseTooLargeError';
      return { ok: false, reachable, message: reachable ? notUnleash : error.message, ...(nothingWasSent(error) ? { tokenSent: false } : {}) };
    }
    if (!ok2xx(res)) return { ok: false, reachable: true, message: refusal(server, res) };
    const config = uiConfigSchema.safeParse(jsonOrUndefined(res.text));
    if (!config.success) return { ok: false, reachable: true, message: notUnleash };

    const { version } = config.data;
    const edition = config.data.environment ?? undefined;
    const [admin, capabilities] = await Promise.all([checkAdmin(http, signal), probeCapabilities(http, config.data, signal)]);
    const who = `Unleash ${version}${edition ? ` (${edition})` : ''} at ${server.display}`;
    const message =
      admin === true
        ? `Connected to ${who} with admin rights.`
        : admin === false
          ? `Connected to ${who}, but the token lacks admin rights: the event log and some settings will be refused.`
          : `Connected to ${who}; whether the token has admin rights could not be checked.`;
    return {
      ok: true,
      reachable: true,
      version,
      ...(edition ? { edition } : {}),
      ...(admin !== undefined ? { admin } : {}),
      message,
      ...(capabilities ? { capabilities } : {}),
    };
  } finally {
    http.close();
  }
}
