import { REAL_6, REAL_8, skipMessage, type LiveServer } from './env';
import type { Opened, SuiteTarget } from './target-suite';
import { startDemoServer } from '../../../scripts/demo-server/spawn';
import { fetchSender, jsonOrUndefined, prepare, type Send } from './wire-client';

export interface OpenTarget extends Opened {
  send: Send;
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
    return { send, major: await reportedMajor(send), close: async () => undefined };
  },
};

const demoServer: WireTarget = {
  id: 'demo-server (HTTP)',
  kind: 'demo',
  async open() {
    const server = await startDemoServer(DEMO_TOKEN);
    const send = fetchSender(server.url, server.token);
    try {
      return { send, major: await reportedMajor(send), close: () => server.stop() };
    } catch (error) {
      await server.stop();
      throw error;
    }
  },
};

function realTarget(id: string, variable: string, server: LiveServer | undefined): WireTarget {
  return {
    id,
    kind: 'real',
    ...(server ? {} : { skip: skipMessage(variable, id) }),
    async open() {
      if (!server) throw new Error(`${variable} is not set`);
      const send = fetchSender(server.url, server.token);
      return { send, major: await reportedMajor(send), close: async () => undefined };
    },
  };
}

export const WIRE_TARGETS: WireTarget[] = [
  httpFace,
  demoServer,
  realTarget('real Unleash 6 (UNLEASH_URL_6)', 'UNLEASH_URL_6', REAL_6),
  realTarget('real Unleash 8 (UNLEASH_URL_8)', 'UNLEASH_URL_8', REAL_8),
];
