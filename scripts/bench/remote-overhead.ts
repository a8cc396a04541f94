import { Agent, request } from 'node:http';
import { createDemoBackend } from '../../electron/backend/demo/index';
import { serveAdminApi } from '../../electron/backend/http/serve';
import { createRemoteBackend } from '../../electron/backend/remote/remote-backend';
import { row } from './rows';
import { percentiles } from './stats';
import type { BenchModule } from './types';

const TOKEN = '*:*.flagdesk-bench-token';

/** A plain keep-alive GET that parses the JSON body: the floor any client pays. */
function directGet(agent: Agent, url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { Authorization: TOKEN, Accept: 'application/json' } }, (res) => {
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
      const runs = Math.max(ctx.runs, 300);
      const cases = [
        { name: 'segments list', path: '/api/admin/segments', call: () => remote.listSegments() },
        { name: 'events list (100)', path: '/api/admin/events', call: () => remote.listEvents({}) },
      ];
      const rows = [];
      for (const { name, path, call } of cases) {
        const { a: direct, b: viaRemote } = await paired(() => directGet(agent, `${server.url}${path}`), call, runs);
        rows.push(
          row(
            `remote backend vs direct HTTP: ${name}`,
            Math.round((viaRemote / direct) * 100) / 100,
            'x',
            { max: 1.1, text: '<= 1.10x' },
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

/** Alternates the two calls run by run, so that machine noise hits both alike; returns both medians in ms. */
async function paired(a: () => Promise<unknown>, b: () => Promise<unknown>, runs: number): Promise<{ a: number; b: number }> {
  const samples = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < runs + 30; i++) {
    for (const [key, fn] of [['a', a], ['b', b]] as const) {
      const t0 = performance.now();
      await fn();
      if (i >= 30) samples[key].push(performance.now() - t0);
    }
  }
  return { a: percentiles(samples.a).p50, b: percentiles(samples.b).p50 };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
