import { join } from 'node:path';
import { createRemoteBackend } from '../../electron/backend/remote/remote-backend';
import { emptyManifest, openIndexStore } from '../../electron/events/local-index/index-store';
import { emptyTiming, runSync, type SyncTiming } from '../../electron/events/local-index/index-sync';
import { LocalEventIndex } from '../../electron/events/local-index/local-event-index';
import { createRedactor } from '../../electron/security/redact';
import { settledMemorySplit, watchThreadHolds, type MemorySplit, type ThreadHolds } from './child';
import { collectGarbage, MB, timeRuns } from './stats';
import { timedQuery } from './timed-query';

/**
 * `node --import tsx scripts/bench/index-child.ts <url> <token> <rootDir> <runs>`: a full sync of the local index from
 * the demo-server in a process of its own, so the memory figure is what a main process holding the synced index
 * takes, not what earlier bench modules left. Stores the copy where the index service keeps profile "bench"'s
 * (local-copy-child.ts then starts on it). Prints one JSON line.
 */
export interface IndexChildReport extends MemorySplit {
  syncMs: number;
  /** Where the full sync's wall time went, its requests and this process's CPU meanwhile. */
  syncTiming: SyncTiming;
  requests: number;
  requestMsMean: number;
  syncCpuMs: number;
  /** How long the thread, which also answers the app, was held at a time during the full sync. */
  loopDelay: ThreadHolds;
  /** The top-up of `topUpEvents` events written to the server after the full sync. */
  topUpMs: number;
  topUpEvents: number;
  events: number;
  chunks: number;
  searchP50: number;
  searchP95: number;
  searchRuns: number;
  idleMB: number;
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
// the app's redactor over the profile's token, as the main process gives the index (electron/core.ts)
const redact = createRedactor([token]);
const index = new LocalEventIndex(redact);
const store = openIndexStore(join(rootDir, 'event-index', 'bench'), redact.deep);
const syncTiming = emptyTiming();
const { query, stats: requestStats } = timedQuery(remote);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const holds = watchThreadHolds();
const synced = await runSync({ query, store, index, manifest: emptyManifest(url), signal: new AbortController().signal, timing: syncTiming });
// as the app's sync ends (index-service.ts): every chunk's word index back from the worker
await index.indexed();
const loopDelay = holds();
const syncMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const syncedEvents = index.size;

// a top-up: 1,000 events written to the server after the full sync (one segment updated over its API, each update
// recorded as a segment-updated event), then synced
const TOP_UP_EVENTS = 1000;
const segment = (await remote.listSegments())[0];
if (!segment) throw new Error('the demo-server holds no segment to update');
for (let i = 0; i < TOP_UP_EVENTS; i++) {
  await remote.updateSegment({ id: segment.id, segment: { name: segment.name, description: `bench top-up ${i}`, project: segment.project ?? null, constraints: [] } });
}
const heldBefore = index.size;
const t1 = performance.now();
await runSync({ query, store, index, manifest: synced, signal: new AbortController().signal });
await index.indexed();
const topUpMs = performance.now() - t1;
const topUpEvents = index.size - heldBefore;
await remote.close();
const search = timeRuns(() => index.query({ query: 'rollout', limit: '50' }), runs);
collectGarbage();
const memory = await settledMemorySplit();
const report: IndexChildReport = {
  syncMs,
  syncTiming,
  ...requestStats(),
  syncCpuMs: (cpu.user + cpu.system) / 1000,
  loopDelay,
  topUpMs,
  topUpEvents,
  events: syncedEvents,
  chunks: synced.chunks.length,
  searchP50: search.p50,
  searchP95: search.p95,
  searchRuns: search.runs,
  idleMB: idle / MB,
  ...memory,
  parts: Object.fromEntries(Object.entries(index.memoryBytes()).map(([part, bytes]) => [part, Math.round(bytes / MB)])),
};
process.stdout.write(`${JSON.stringify(report)}\n`);
