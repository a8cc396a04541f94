import { Agent, request } from 'node:http';
import { createDemoBackend } from '../electron/backend/demo/index';
import { serveAdminApi } from '../electron/backend/http/serve';
import { createRemoteBackend } from '../electron/backend/remote/remote-backend';
import { createHttpClient } from '../electron/backend/remote/http-client';
import { nodeTransport } from '../electron/backend/remote/transport';
import { normaliseBaseUrl } from '../electron/backend/remote/base-url';
import { segmentListSchema, eventsSchema } from '../shared/schemas';

const TOKEN = '*:*.flagdesk-bench-token';
function directGet(agent: Agent, url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { Authorization: TOKEN, Accept: 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function compare(fns: Record<string, () => Promise<unknown>>, runs = 600) {
  const s: Record<string, number[]> = {};
  for (const k in fns) s[k] = [];
  for (let i = 0; i < runs + 50; i++) for (const [k, fn] of Object.entries(fns)) {
    const t = performance.now(); await fn(); if (i >= 50) s[k]!.push(performance.now() - t);
  }
  const base = median(s[Object.keys(fns)[0]!]!);
  for (const k in s) { const m = median(s[k]!); console.log(`${k.padEnd(28)} ${(m * 1000).toFixed(0).padStart(5)} µs  +${((m - base) * 1000).toFixed(0)}`); }
}
function sync(name: string, fn: () => unknown, n = 5000) {
  for (let i = 0; i < 500; i++) fn();
  const t = performance.now(); for (let i = 0; i < n; i++) fn();
  console.log(`${name.padEnd(28)} ${(((performance.now() - t) / n) * 1000).toFixed(1)} µs`);
}
const server = await serveAdminApi(createDemoBackend(), { token: TOKEN, port: 0 });
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const remote = createRemoteBackend({ baseUrl: server.url, token: TOKEN });
const tr = nodeTransport();
const serverUrl = normaliseBaseUrl(server.url);
const http = createHttpClient({ server: serverUrl, token: TOKEN, timeoutMs: 15000, maxBodyBytes: 10 << 20, retries: 2, transport: tr });
const ctl = new AbortController();
async function trIter(p: string) {
  const res = await tr.send({ url: server.url + p, method: 'GET', headers: { Authorization: TOKEN, Accept: 'application/json' }, signal: ctl.signal });
  const chunks: Uint8Array[] = []; for await (const c of res.body) chunks.push(c); return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}
async function trEvents(p: string) {
  const res = await tr.send({ url: server.url + p, method: 'GET', headers: { Authorization: TOKEN, Accept: 'application/json' }, signal: ctl.signal });
  const body = res.body as unknown as NodeJS.ReadableStream;
  const text = await new Promise<string>((resolve, reject) => { const chunks: Buffer[] = []; body.on('data', (c: Buffer) => chunks.push(c)); body.on('end', () => resolve(Buffer.concat(chunks).toString('utf8'))); body.on('error', reject); });
  return JSON.parse(text);
}
for (const [p, call, schema] of [['/api/admin/segments', () => remote.listSegments(), segmentListSchema], ['/api/admin/events', () => remote.listEvents({}), eventsSchema]] as const) {
  console.log('==', p);
  const text = JSON.stringify(await directGet(agent, server.url + p));
  console.log('bytes', text.length);
  sync('JSON.parse', () => JSON.parse(text));
  const j = JSON.parse(text);
  sync('zod safeParse', () => (schema as typeof segmentListSchema).safeParse(j));
  sync('trim', () => text.trim() === '');
  sync('new URL', () => new URL(server.url + p));
  sync('AbortController+listener', () => { const a = new AbortController(); const f = () => a.abort(); ctl.signal.addEventListener('abort', f); ctl.signal.removeEventListener('abort', f); });
  sync('setTimeout+clear', () => clearTimeout(setTimeout(() => {}, 15000)));
  await compare({
    direct: () => directGet(agent, server.url + p),
    'transport for-await+JSON': () => trIter(p),
    'transport events+JSON': () => trEvents(p),
    'http.send (no parse)': () => http.send({ method: 'GET', path: p }),
    'remote (full)': call,
  });
}
await remote.close(); http.close(); agent.destroy(); await server.close();
