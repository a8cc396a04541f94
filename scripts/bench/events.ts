import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnDemoServer } from '../demo-server/spawn';
import { runChild, splitFields } from './child';
import { row } from './rows';
import type { ExportChildReport } from './export-child';
import type { IndexChildReport } from './index-child';
import type { LocalCopyReport } from './local-copy-child';
import type { BenchContext, BenchModule, BenchRow, Budget } from './types';

const EXPORT_RSS_BUDGET: Budget = { max: 100, text: 'peak RSS < 100 MB over idle' };
const EXPORT_TIME_BUDGET: Budget = { max: 15_000, inclusive: true, text: '<= 15 s' };
const SEARCH_BUDGET: Budget = { max: 50, text: 'p50 < 50 ms' };
const INDEX_RSS_BUDGET: Budget = { max: 400, text: '< 400 MB' };
const COPY_RSS_BUDGET: Budget = { max: 400, text: '< 400 MB' };
const FIRST_ROWS_BUDGET: Budget = { max: 1000, text: '< 1 s' };
const FULL_SYNC_BUDGET: Budget = { max: 15_000, inclusive: true, text: '<= 15 s' };
const TOP_UP_BUDGET: Budget = { max: 500, inclusive: true, text: '<= 500 ms' };
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
    const rows: BenchRow[] = [];
    try {
      // in a fresh process: this one's idle RSS already holds what earlier modules left (the row once read 0 MB)
      const target = join(dir, 'events.jsonl');
      const exported = await runChild<ExportChildReport>('export-child.ts', [server.url, TOKEN, target]);
      await rm(target, { force: true });
      rows.push(row(`export ${label} events to JSONL`, exported.ms, 'ms', EXPORT_TIME_BUDGET, { events: exported.written, fileMB: Math.round(exported.fileMB) }));
      rows.push(
        row(`export ${label} events to JSONL: peak RSS over idle`, exported.peakMB - exported.idleMB, 'MB', EXPORT_RSS_BUDGET, {
          idleMB: Math.round(exported.idleMB),
          peakMB: Math.round(exported.peakMB),
          loadingPeakMB: Math.round(exported.peakBeforeMB),
          sampledPeakMB: Math.round(exported.sampledPeakMB),
          // where the sampled peak's memory was
          peakHeapTotalMB: exported.atPeak.heapTotalMB,
          peakHeapUsedMB: exported.atPeak.heapUsedMB,
          peakExternalMB: exported.atPeak.externalMB,
        }),
      );

      // in a fresh process too: the figure is what a main process holding the synced index takes
      const synced = await runChild<IndexChildReport>('index-child.ts', [server.url, TOKEN, dir, String(Math.min(ctx.runs, 20))]);
      rows.push(
        row(`local index: full sync of ${label} events from the demo-server`, synced.syncMs, 'ms', FULL_SYNC_BUDGET, {
          events: synced.events,
          chunks: synced.chunks,
          requests: synced.requests,
          requestMsMean: Math.round(synced.requestMsMean),
          // the server's share: wall time the sync waited for its next window (the server's answers, and our parse)
          waitMs: Math.round(synced.syncTiming.waitMs),
          indexMs: Math.round(synced.syncTiming.indexMs),
          writeMs: Math.round(synced.syncTiming.writeMs),
          writeWaitMs: Math.round(synced.syncTiming.writeWaitMs),
          clientCpuMs: Math.round(synced.syncCpuMs),
        }),
        row(`local index: longest hold of the app's thread during the full sync`, synced.loopDelay.max, 'ms', undefined, {
          p99: Math.round(synced.loopDelay.p99),
        }),
        row(`local index: top-up of ${synced.topUpEvents.toLocaleString('en-US')} new events after the full sync`, synced.topUpMs, 'ms', TOP_UP_BUDGET, {
          events: synced.topUpEvents,
        }),
      );
      rows.push(
        row(`local index: text search at ${label} events`, synced.searchP50, 'ms', SEARCH_BUDGET, {
          p95: Math.round(synced.searchP95),
          runs: synced.searchRuns,
        }),
      );
      const parts = Object.fromEntries(Object.entries(synced.parts).map(([part, mb]) => [`${part}MB`, mb]));
      rows.push(
        row(`local index: RSS at ${label} events`, synced.rssMB, 'MB', INDEX_RSS_BUDGET, {
          idleMB: Math.round(synced.idleMB),
          ...splitFields(synced),
          ...parts,
        }),
      );

      // A restart: a fresh main process opening the copy on disk, its memory and the event browser's calls.
      const cold = await runChild<LocalCopyReport>('local-copy-child.ts', [dir, 'bench', String(Math.min(ctx.runs, 20)), TOKEN]);
      const ms = (name: string, value: number, budget?: Budget) => row(`local copy after a restart: ${name}`, value, 'ms', budget);
      rows.push(
        row(`local copy after a restart: main-process RSS at ${label}`, cold.rssMB, 'MB', COPY_RSS_BUDGET, {
          idleMB: Math.round(cold.idleMB),
          ...splitFields(cold),
        }),
        row(`local copy after a restart: open the copy to first rows`, cold.firstRowsMs, 'ms', FIRST_ROWS_BUDGET, { events: cold.count }),
        row(`local copy after a restart: loaded whole (filters and search wait for it)`, cold.loadedMs, 'ms'),
        row(`local copy after a restart: longest hold of the app's thread while it loads`, cold.loadLoopDelay.max, 'ms', undefined, {
          p99: Math.round(cold.loadLoopDelay.p99),
        }),
        ms('newest 100', cold.newestMs, { max: 1, text: 'p50 < 1 ms' }),
        ms('filter by type', cold.filterMs, { max: 2, text: 'p50 < 2 ms' }),
        ms('text search ("rollout")', cold.textMs, { max: 50, text: 'p50 < 50 ms' }),
        // no warm-up: the first search after a start is as fast as the tenth (the same budget, not the p50's double)
        row('local copy after a restart: first text search ("rollout")', cold.firstTextMs, 'ms', { max: 50, text: '< 50 ms, as the p50' }, {
          p50: Math.round(cold.textMs * 10) / 10,
          ratio: Math.round((cold.firstTextMs / Math.max(cold.textMs, 0.1)) * 10) / 10,
        }),
        ms('open one event (body read from disk)', cold.openOneMs, { max: 5, text: 'p50 < 5 ms' }),
        // the export the app runs once the copy is complete: its pages come from the copy, not the server
        row(`export ${label} events to JSONL from the local copy`, cold.exportMs, 'ms', EXPORT_TIME_BUDGET, { events: cold.count }),
        row(`export ${label} events to JSONL from the local copy: peak RSS growth`, cold.exportPeakGrowthMB, 'MB', EXPORT_RSS_BUDGET),
      );
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
    return rows;
  },
};
