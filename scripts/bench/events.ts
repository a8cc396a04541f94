import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRemoteBackend } from '../../electron/backend/remote/remote-backend';
import { exportEvents } from '../../electron/events/export/export-events';
import { emptyManifest, openIndexStore } from '../../electron/events/local-index/index-store';
import { runSync } from '../../electron/events/local-index/index-sync';
import { LocalEventIndex } from '../../electron/events/local-index/local-event-index';
import { spawnDemoServer } from '../demo-server/spawn';
import { row } from './rows';
import { collectGarbage, MB, timeRuns } from './stats';
import type { BenchContext, BenchModule, BenchRow, Budget } from './types';

const EXPORT_RSS_BUDGET: Budget = { max: 300, text: 'peak RSS < 300 MB over idle' };
const SEARCH_BUDGET: Budget = { max: 150, text: 'p50 < 150 ms' };
const INDEX_RSS_BUDGET: Budget = { max: 1024, text: '< 1 GB' };
const TOKEN = '*:*.bench-events-token';

/**
 * The `events` group: export of the whole log to JSONL and the local index (full sync, text search, memory), both
 * against the demo-server in its own process over HTTP, as the app meets a remote instance.
 */
export const eventsBench: BenchModule = {
  name: 'events',
  async run(ctx: BenchContext): Promise<BenchRow[]> {
    const n = ctx.events;
    const label = n >= 1_000_000 && n % 1_000_000 === 0 ? `${n / 1_000_000}M` : n.toLocaleString('en-US');
    const spawned = spawnDemoServer(['--port', '0', '--token', TOKEN, '--events', String(n)]);
    const server = { ...(await spawned.ready), stop: spawned.stop };
    const dir = await mkdtemp(join(tmpdir(), 'flagdesk-bench-events-'));
    const remote = createRemoteBackend({ baseUrl: server.url, token: TOKEN, timeoutMs: 120_000 });
    const rows: BenchRow[] = [];
    try {
      // export first, while the process is idle, so the RSS it adds is the export's own
      collectGarbage();
      const idle = process.memoryUsage().rss;
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const target = join(dir, 'events.jsonl');
      const t0 = performance.now();
      const written = await exportEvents({
        query: (params, signal) => remote.withSignal(signal).queryEvents(params),
        filter: {},
        format: 'jsonl',
        columns: [],
        target,
        signal: new AbortController().signal,
        onProgress: () => (peak = Math.max(peak, process.memoryUsage().rss)),
      });
      const exportMs = performance.now() - t0;
      clearInterval(sampler);
      const size = (await stat(target)).size;
      await rm(target);
      rows.push(row(`export ${label} events to JSONL`, exportMs, 'ms', undefined, { events: written, fileMB: Math.round(size / MB) }));
      rows.push(row(`export ${label} events to JSONL: peak RSS over idle`, (peak - idle) / MB, 'MB', EXPORT_RSS_BUDGET));

      collectGarbage();
      const before = process.memoryUsage().rss;
      const index = new LocalEventIndex();
      const store = openIndexStore(join(dir, 'index'));
      const t1 = performance.now();
      const manifest = await runSync({
        query: (params, signal) => remote.withSignal(signal).queryEvents(params),
        store,
        index,
        manifest: emptyManifest(server.url),
        signal: new AbortController().signal,
      });
      rows.push(
        row(`local index: full sync of ${label} events from the demo-server`, performance.now() - t1, 'ms', undefined, {
          events: index.size,
          chunks: manifest.chunks.length,
        }),
      );
      const search = timeRuns(() => index.query({ query: 'rollout', limit: '50' }), Math.min(ctx.runs, 20));
      rows.push(row(`local index: text search at ${label} events`, search.p50, 'ms', SEARCH_BUDGET, { p95: Math.round(search.p95), runs: search.runs }));
      collectGarbage();
      const rss = process.memoryUsage().rss;
      rows.push(row(`local index: RSS at ${label} events`, rss / MB, 'MB', INDEX_RSS_BUDGET, { indexMB: Math.round((rss - before) / MB) }));
    } finally {
      await remote.close();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
    return rows;
  },
};
