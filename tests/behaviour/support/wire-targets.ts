import { REAL, skipMessage } from './env';
import type { Opened, SuiteTarget } from './target-suite';
import { startDemoServer } from '../../../scripts/demo-server/spawn';
import { fetchSender, jsonOrUndefined, prepare, type Send } from './wire-client';

export interface OpenTarget extends Opened {
  send: Send;
  /** Whether every answer must fit Unleash 6.10.1's documented response schemas (the demo targets: they claim 6.10.1). */
  shapes: boolean;
}

export type WireTarget = SuiteTarget<OpenTarget>;

const DEMO_TOKEN = 'flagdesk-behaviour-token';

async function reportedMajor(send: Send): Promise<number> {
  const response = await send({ method: 'GET', path: '/api/admin/ui-config' });
  const version = (response.json as { version?: unknown } | undefined)?.version;
  if (response.status !== 200 || typeof version !== 'string') {
    throw new Error(`GET /api/admin/ui-config answered ${response.status} ${response.text.slice(0, 200)}`);
  }
  return Number.parseInt(version, 10);
}

function bodyText(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  return JSON.stringify(body);
}

const httpFace: WireTarget = {
  id: 'http-face (in-process, demo backend)',
  kind: 'demo',
  async open() {
    const { createDemoBackend } = await import('../../../electron/backend/demo/index');
    const { createRequestHandler } = await import('../../../electron/backend/http/handle-request');
    const handler = createRequestHandler(createDemoBackend({ dataset: 'empty' }), { token: DEMO_TOKEN });
    const send: Send = async (request) => {
      const prepared = prepare(request, DEMO_TOKEN);
      const response = await handler({
        method: prepared.method,
        path: prepared.path,
        headers: prepared.headers,
        ...(prepared.body === undefined ? {} : { body: prepared.body }),
      });
      const text = bodyText(response.body);
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(response.headers ?? {})) headers[key.toLowerCase()] = String(value);
      return { status: response.status, headers, text, json: jsonOrUndefined(text) };
    };
    return { send, shapes: true, major: await reportedMajor(send), close: async () => undefined };
  },
};

const demoServer: WireTarget = {
  id: 'demo-server (HTTP)',
  kind: 'demo',
  async open() {
    const server = await startDemoServer(DEMO_TOKEN);
    const send = fetchSender(server.url, server.token);
    try {
      return { send, shapes: true, major: await reportedMajor(send), close: () => server.stop() };
    } catch (error) {
      await server.stop();
      throw error;
    }
  },
};

/**
 * Raw HTTP against a real server. The rows state 6.10.1's, 7.6.5's and 8.2.0's answers; 5.x answers many errors in
 * other words and shapes, so the wire suite does not run there (the remote-backend scenarios do).
 */
function realTarget(major: 6 | 7 | 8): WireTarget {
  const server = REAL[major];
  const id = `real Unleash ${server?.version ?? `${major}.x`} (UNLEASH_URL_${major})`;
  return {
    id,
    kind: 'real',
    ...(server ? {} : { skip: skipMessage(major, id) }),
    async open() {
      if (!server) throw new Error(`UNLEASH_URL_${major} is not set`);
      const send = fetchSender(server.url, server.token);
      const reported = await reportedMajor(send);
      // FLAGDESK_CHECK_REAL_SHAPES=1 holds real 6.10.1 to its own document too: how its errata were found
      const shapes = reported === 6 && process.env.FLAGDESK_CHECK_REAL_SHAPES === '1';
      return { send, shapes, major: reported, close: async () => undefined };
    },
  };
}

export const WIRE_TARGETS: WireTarget[] = [httpFace, demoServer, realTarget(6), realTarget(7), realTarget(8)];
