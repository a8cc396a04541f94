import { join } from 'node:path';
import { createRemoteBackend } from '../../electron/backend/remote/remote-backend';
import { emptyManifest, openIndexStore } from '../../electron/events/local-index/index-store';
import { runSync } from '../../electron/events/local-index/index-sync';
import { LocalEventIndex } from '../../electron/events/local-index/local-event-index';
import { memorySplit } from './child';
import { collectGarbage, MB, timeRuns } from './stats';

/**
 * `node --import tsx scripts/bench/index-child.ts <url> <token> <rootDir> <runs>`: a full sync of the local index from
 * the demo-server in a process of its own, so the memory figure is what a main process holding the synced index
 * takes, not what earlier bench modules left. Stores the copy where the index service keeps profile "bench"'s
 * (local-copy-child.ts then starts on it). Prints one JSON line.
 */
export interface IndexChildReport {
  syncMs: number;
  events: number;
  chunks: number;
  searchP50: number;
  searchP95: number;
  searchRuns: number;
  idleMB: number;
  rssMB: number;
  heapTotalMB: number;
  heapUsedMB: number;
  externalMB: number;
  arrayBuffersMB: number;
  /** The index's own parts (LocalEventIndex.memoryBytes), MB. */
  parts: Record<string, number>;
}

const [url, token, rootDir, runsText] = process.argv.slice(2);
if (!url || !token || !rootDir) throw new Error('usage: index-child.ts <url> <token> <rootDir> [runs]');
const runs = Number(runsText ?? 20);

const remote = createRemoteBackend({ baseUrl: url, token, timeoutMs: 120_000 });
// one small request first, so connections and the server's version are in place: that is idle too
await remote.queryEvents({ limit: '1' });
collectGarbage();
const idle = process.memoryUsage().rss;
const index = new LocalEventIndex();
const store = openIndexStore(join(rootDir, 'event-index', 'bench'));
const t0 = performance.now();
const manifest = await runSync({
  query: (params, signal) => remote.withSignal(signal).queryEvents(params),
  store,
  index,
  manifest: emptyManifest(url),
  signal: new AbortController().signal,
});
const syncMs = performance.now() - t0;
await remote.close();
const search = timeRuns(() => index.query({ query: 'rollout', limit: '50' }), runs);
collectGarbage();
const report: IndexChildReport = {
  syncMs,
  events: index.size,
  chunks: manifest.chunks.length,
  searchP50: search.p50,
  searchP95: search.p95,
  searchRuns: search.runs,
  idleMB: idle / MB,
  ...memorySplit(),
  parts: Object.fromEntries(Object.entries(index.memoryBytes()).map(([part, bytes]) => [part, Math.round(bytes / MB)])),
};
process.stdout.write(`${JSON.stringify(report)}\n`);
