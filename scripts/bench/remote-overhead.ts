import { Agent, request } from 'node:http';
import { createDemoBackend } from '../../electron/backend/demo/index';
import { serveAdminApi } from '../../electron/backend/http/serve';
import { createRemoteBackend } from '../../electron/backend/remote/remote-backend';
import { row } from './rows';
import { percentiles } from './stats';
import type { BenchModule } from './types';

const TOKEN = '*:*.flagdesk-bench-token';
/**
 * Unmeasured pairs first. The budget is the per-call cost in a long-running app; the remote path runs far more
 * JavaScript (zod, the client) than the direct call, and V8 needs a few hundred calls to optimise it: with 30
 * warm-up pairs the first medians measured mostly tier-up.
 */
const WARMUP = 300;

/**
 * A plain keep-alive GET that parses the JSON body: the floor any client pays. Host and port are given apart, as
 * the remote transport does, so that neither side parses a URL per request.
 */
function directGet(agent: Agent, origin: URL, path: string): Promise<unknown> {
  const options = { agent, hostname: origin.hostname, port: origin.port, path, headers: { Authorization: TOKEN, Accept: 'application/json' } };
  return new Promise((resolve, reject) => {
    const req = request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The remote backend against the demo-server vs a direct HTTP call to the same server (DESIGN: <= 1.10x). */
export const remoteOverheadBench: BenchModule = {
  name: 'remote backend',
  async run(ctx) {
    const server = await serveAdminApi(createDemoBackend(), { token: TOKEN, port: 0 });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const remote = createRemoteBackend({ baseUrl: server.url, token: TOKEN });
    try {
      // Pairs are cheap (~1 ms) and the two medians differ by tens of µs: 300 pairs left the ratio ±0.03 run to run.
      const runs = Math.max(ctx.runs, 2000);
      const origin = new URL(server.url);
      const cases = [
        { name: 'segments list', path: '/api/admin/segments', call: () => remote.listSegments() },
        { name: 'events list (100)', path: '/api/admin/events', call: () => remote.listEvents({}) },
      ];
      const rows = [];
      for (const { name, path, call } of cases) {
        const { a: direct, b: viaRemote } = await paired(() => directGet(agent, origin, path), call, runs);
        rows.push(
          row(
            `remote backend vs direct HTTP: ${name}`,
            Math.round((viaRemote / direct) * 100) / 100,
            'x',
            { max: 1.1, inclusive: true, text: '<= 1.10x' },
            { remoteP50ms: round(viaRemote), directP50ms: round(direct), runs },
            'same demo-server on loopback, keep-alive both, runs alternated; remote includes zod parsing',
          ),
        );
      }
      return rows;
    } finally {
      await remote.close();
      agent.destroy();
      await server.close();
    }
  },
};

/**
 * Alternates the two calls run by run, and which goes first, so that machine noise and the garbage one call leaves
 * for the next hit both alike; returns both medians in ms.
 */
async function paired(a: () => Promise<unknown>, b: () => Promise<unknown>, runs: number): Promise<{ a: number; b: number }> {
  const samples = { a: [] as number[], b: [] as number[] };
  const orders = [[['a', a], ['b', b]], [['b', b], ['a', a]]] as const;
  for (let i = 0; i < runs + WARMUP; i++) {
    for (const [key, fn] of orders[i % 2] ?? []) {
      const t0 = performance.now();
      await fn();
      if (i >= WARMUP) samples[key].push(performance.now() - t0);
    }
  }
  return { a: percentiles(samples.a).p50, b: percentiles(samples.b).p50 };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
