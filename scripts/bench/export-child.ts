import { stat } from 'node:fs/promises';
import { createRemoteBackend } from '../../electron/backend/remote/remote-backend';
import { exportEvents } from '../../electron/events/export/export-events';
import { createRedactor } from '../../electron/security/redact';
import { memorySplit, type MemorySplit } from './child';
import { collectGarbage, MB } from './stats';

/**
 * `node --import tsx scripts/bench/export-child.ts <url> <token> <target>`: the export of the whole log to JSONL in a
 * process of its own, so its memory is the export's and not the slack other bench modules left behind. Prints one
 * JSON line: idle RSS once everything is loaded, the export's peak RSS, and the export's figures. The peak is RSS
 * sampled every 10 ms during the export, or getrusage's high-water mark when the export raised it: loading (tsx
 * compiling) can peak above anything the export does, and then the high-water mark says nothing about the export.
 */
export interface ExportChildReport {
  idleMB: number;
  /** High-water mark before the export began (loading may have peaked above idle). */
  peakBeforeMB: number;
  /** The export's own peak (see above). */
  peakMB: number;
  /** The sampled peak alone. */
  sampledPeakMB: number;
  /** process.memoryUsage() at the sampled peak: where the peak's memory is. */
  atPeak: MemorySplit;
  ms: number;
  written: number;
  fileMB: number;
}

const [url, token, target] = process.argv.slice(2);
if (!url || !token || !target) throw new Error('usage: export-child.ts <url> <token> <target>');

const remote = createRemoteBackend({ baseUrl: url, token, timeoutMs: 120_000 });
// one small request first, so connections, the server version and capabilities are in place: that is idle too
await remote.queryEvents({ limit: '1' });
collectGarbage();
const idle = process.memoryUsage().rss;
const peakBefore = process.resourceUsage().maxRSS * 1024;
let sampled = idle;
let atPeak = memorySplit();
const sample = () => {
  const rss = process.memoryUsage.rss();
  if (rss <= sampled) return;
  sampled = rss;
  atPeak = memorySplit();
};
const sampler = setInterval(sample, 10);
const t0 = performance.now();
const written = await exportEvents({
  query: (params, signal) => remote.withSignal(signal).queryEvents(params),
  // as the app's export reads a server (electron/events/event-features.ts): the JSON formats from the answer's bytes
  bytes: (params, signal) => remote.withSignal(signal).queryEventsBytes(params),
  filter: {},
  format: 'jsonl',
  columns: [],
  target,
  signal: new AbortController().signal,
  onProgress: sample,
  // the app's export scrubs the profile's token from every page (electron/core.ts gives it the connection's redactor)
  redact: createRedactor([token]),
});
const ms = performance.now() - t0;
clearInterval(sampler);
sample();
const highWater = process.resourceUsage().maxRSS * 1024;
const peak = highWater > peakBefore ? Math.max(sampled, highWater) : sampled;
await remote.close();
const report: ExportChildReport = {
  idleMB: idle / MB,
  peakBeforeMB: peakBefore / MB,
  peakMB: peak / MB,
  sampledPeakMB: sampled / MB,
  atPeak,
  ms,
  written,
  fileMB: (await stat(target)).size / MB,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
