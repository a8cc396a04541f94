import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { exportEvents } from '../../electron/events/export/export-events';
import { createEventIndexService } from '../../electron/events/local-index/index-service';
import { createRedactor } from '../../electron/security/redact';
import { settledMemorySplit, watchThreadHolds, type MemorySplit, type ThreadHolds } from './child';
import { collectGarbage, MB } from './stats';

/**
 * `node --import tsx scripts/bench/local-copy-child.ts <rootDir> <profileId> <runs>`: a main process starting with a
 * complete local copy on disk, as the app does after a restart. Prints one JSON line: the time from opening the copy
 * to its first page of rows, the process's RSS once the copy is loaded (and its idle RSS before), and the timings
 * of what the event browser asks of it. In a process of its own, so the RSS is the copy's and not the bench's.
 */
export interface LocalCopyReport extends MemorySplit {
  idleMB: number;
  firstRowsMs: number;
  /** From opening the copy until it is loaded whole (filters and text search wait for it). */
  loadedMs: number;
  /** How long the thread was held at a time while the copy loaded. */
  loadLoopDelay: ThreadHolds;
  newestMs: number;
  filterMs: number;
  textMs: number;
  /** The first text search once the copy is loaded, before any other: a warm-up shows as first >> p50. */
  firstTextMs: number;
  openOneMs: number;
  /** The export of the whole copy to JSONL, as the app exports once the copy is complete (its pages come from it). */
  exportMs: number;
  /** RSS over what it was before the export, at its highest (sampled every 10 ms). */
  exportPeakGrowthMB: number;
  count: number;
}

const [rootDir, profileId, runsText, token] = process.argv.slice(2);
if (!rootDir || !profileId) throw new Error('usage: local-copy-child.ts <rootDir> <profileId> [runs] [token]');
const runs = Number(runsText ?? 20);
collectGarbage();
const idle = process.memoryUsage().rss;
const holds = watchThreadHolds();
const t0 = performance.now();
// the app's redactor over the profile's token, as the main process gives the service (electron/core.ts)
const redact = token ? createRedactor([token]) : undefined;
const service = createEventIndexService({ rootDir, ...(redact ? { redact } : {}) });
const first = await service.search(profileId, { limit: '50' });
const firstRowsMs = performance.now() - t0;
if (!first || first.events.length === 0) throw new Error('the copy gave no first page');
await service.loaded(profileId);
const loadedMs = performance.now() - t0;
const loadLoopDelay = holds();
const search = (params: Parameters<typeof service.search>[1]) => service.search(profileId, params);
// the first search after a start, as the reader types it: the same words the p50 below is timed over
const firstStart = performance.now();
await search({ query: 'rollout', limit: '50' });
const firstTextMs = performance.now() - firstStart;
collectGarbage();
const mem = await settledMemorySplit();
const timeAsync = async (params: Parameters<typeof service.search>[1]): Promise<number> => {
  for (let i = 0; i < 3; i++) await search(params);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await search(params);
    samples.push(performance.now() - s);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)] as number;
};
const some = first.events[Math.min(20, first.events.length - 1)] as { id: number; type: string };
// an event from the middle of the log: its body is in a chunk on disk, not in the tail still in memory
const middle = Math.max(1, Math.floor((first.events[0] as { id: number }).id / 2));
const target = join(rootDir, 'local-copy-export.jsonl');
collectGarbage();
const beforeExport = process.memoryUsage.rss();
let exportPeak = beforeExport;
const sampler = setInterval(() => (exportPeak = Math.max(exportPeak, process.memoryUsage.rss())), 10);
const exportStart = performance.now();
await exportEvents({
  query: async (params) => {
    const page = await search(params);
    if (!page) throw new Error('the copy stopped answering');
    return page;
  },
  // the texts of the copy's pages, as the app gives its export (electron/events/event-features.ts)
  texts: (params) => service.searchTexts(profileId, params),
  filter: {},
  format: 'jsonl',
  columns: [],
  target,
  signal: new AbortController().signal,
  ...(redact ? { redact } : {}),
});
const exportMs = performance.now() - exportStart;
clearInterval(sampler);
await rm(target, { force: true });
const report: LocalCopyReport = {
  idleMB: idle / MB,
  ...mem,
  firstRowsMs,
  loadedMs,
  loadLoopDelay,
  newestMs: await timeAsync({ limit: '100' }),
  filterMs: await timeAsync({ type: `IS:${some.type}`, limit: '50' }),
  textMs: await timeAsync({ query: 'rollout', limit: '50' }),
  firstTextMs,
  openOneMs: await timeAsync({ id: `IS:${middle}` }),
  count: first.total,
  exportMs,
  exportPeakGrowthMB: (exportPeak - beforeExport) / MB,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
