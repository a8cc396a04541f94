import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRemoteBackend } from '../../electron/backend/remote/remote-backend';
import { emptyManifest, openIndexStore } from '../../electron/events/local-index/index-store';
import { emptyTiming, runSync, type SyncTiming } from '../../electron/events/local-index/index-sync';
import { LocalEventIndex } from '../../electron/events/local-index/local-event-index';
import { createRedactor } from '../../electron/security/redact';
import { timedQuery } from '../bench/timed-query';
import { processTree } from './memory';
import { procStat } from './proc-stat';
import type { RunningUnleash } from './unleash-server';

export interface SyncBreakdown {
  events: number;
  wallMs: number;
  timing: SyncTiming;
  requests: number;
  /** Mean time from a request sent to its page parsed (several in flight at once). */
  requestMsMean: number;
  /** CPU seconds spent meanwhile: Unleash's Node, PostgreSQL (every backend), this process. */
  cpu: { unleash: number; postgres: number; flagdesk: number };
}

const TICKS_PER_SECOND = 100;

/**
 * utime + stime of each process, with cutime + cstime (its children that ended and were reaped), in seconds (a
 * process gone is left out). The children's share is what lets a reading see processes that ended meanwhile:
 * PostgreSQL starts a backend per connection and Chromium a renderer per page, and each one's CPU moves to its
 * parent's children's time when it ends (see spent).
 */
export function cpuByPid(pids: number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    const fields = procStat(pid);
    if (fields === undefined) continue; // gone
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    seconds.set(pid, ticks / TICKS_PER_SECOND);
  }
  return seconds;
}

/** The CPU seconds so far of Unleash's Node and of PostgreSQL (every backend), per process: read before and after. */
export function serverCpu(server: RunningUnleash): { unleash: Map<number, number>; postgres: Map<number, number> } {
  return { unleash: cpuByPid(processTree(server.unleashPid)), postgres: cpuByPid(processTree(server.postgresPid)) };
}

/**
 * CPU seconds a process tree spent between two readings of cpuByPid. A process alive at both counts its growth; one
 * started meanwhile counts all of it. One that ended meanwhile is in its parent's children's time by then, with the
 * whole of its life: what it had spent at the first reading is taken back, so only its share in between is left
 * (one reaped by a process outside the tree, an orphan, is undercounted by the whole of its life).
 */
export function spent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  for (const [pid, seconds] of before) if (!after.has(pid)) total -= seconds;
  return total;
}

/**
 * The local copy's full sync run directly (the app's code, without its UI) against the server, timing where its wall
 * time goes (SyncTiming: waiting on the server vs indexing vs writing) and the CPU each side spent: the server's share
 * of a sync. The copy lives in a temporary folder and is dropped after.
 */
export async function syncBreakdown(server: RunningUnleash): Promise<SyncBreakdown> {
  const dir = await mkdtemp(join(tmpdir(), 'flagdesk-bench-unleash-sync-'));
  const remote = createRemoteBackend({ baseUrl: server.url, token: server.token, timeoutMs: 120_000 });
  try {
    // the app's redactor over the profile's token, as the main process gives the index (electron/core.ts)
    const redact = createRedactor([server.token]);
    const index = new LocalEventIndex(redact);
    const timing = emptyTiming();
    const { query, stats: requestStats } = timedQuery(remote);
    const before = serverCpu(server);
    const own0 = process.cpuUsage();
    const t0 = performance.now();
    await runSync({
      query,
      store: openIndexStore(dir, redact.deep),
      index,
      manifest: emptyManifest(server.url),
      signal: new AbortController().signal,
      timing,
    });
    const wallMs = performance.now() - t0;
    // a PostgreSQL backend whose connection Unleash's pool closed meanwhile counts through the postmaster (cpuByPid)
    const after = serverCpu(server);
    const own = process.cpuUsage(own0);
    const cpu = { unleash: spent(before.unleash, after.unleash), postgres: spent(before.postgres, after.postgres), flagdesk: (own.user + own.system) / 1e6 };
    return { events: index.size, wallMs, timing, ...requestStats(), cpu };
  } finally {
    await remote.close();
    await rm(dir, { recursive: true, force: true });
  }
}
