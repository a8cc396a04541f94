import type { EventQueryPage, EventQueryParams, FlagEvent } from '../../../shared/schemas';
import type { IndexManifest, IndexStore } from './index-store';
import type { LocalEventIndex } from './local-event-index';
import { addDays, dayOf, oldestWindowsFirst, WINDOW_PAGE_SIZE, type PageQuery } from '../date-windows';

/** Events gathered before they are written as one chunk (and the sync's resume point moves). */
const CHUNK_EVENTS = 20_000;

export interface SyncProgress {
  phase: 'full' | 'complete';
  count: number;
  total: number;
}

export interface SyncJob {
  query(params: EventQueryParams, signal: AbortSignal): Promise<EventQueryPage>;
  store: IndexStore;
  index: LocalEventIndex;
  manifest: IndexManifest;
  signal: AbortSignal;
  onProgress?(progress: SyncProgress): void;
  now?: () => Date;
}

export class SyncStopped extends Error {
  constructor() {
    super('Sync stopped');
    this.name = 'SyncStopped';
  }
}

/** Stored without label/summary: the engine writes them again on read, as the server does. */
const stored = ({ label: _label, summary: _summary, ...event }: FlagEvent): FlagEvent => event;
const oldestFirst = (a: FlagEvent, b: FlagEvent): number =>
  a.createdAt === b.createdAt ? a.id - b.id : a.createdAt < b.createdAt ? -1 : 1;

/**
 * Brings the copy up to date: a full sync walks date windows from the oldest day to today (resuming at the
 * manifest's nextDay), then each later run tops up from the newest id held. Throws SyncStopped when `signal` aborts
 * and the server's error on a failure; in both cases every complete window fetched so far has been stored.
 */
export async function runSync(job: SyncJob): Promise<IndexManifest> {
  const now = job.now ?? (() => new Date());
  let manifest = job.manifest;
  const page = async (params: EventQueryParams): Promise<EventQueryPage> => {
    if (job.signal.aborted) throw new SyncStopped();
    try {
      return await job.query(params, job.signal);
    } catch (error) {
      if (job.signal.aborted) throw new SyncStopped();
      throw error;
    }
  };
  const progress = () =>
    job.onProgress?.({ phase: manifest.phase, count: job.index.size, total: Math.max(manifest.total, job.index.size) });

  if (manifest.phase === 'full') {
    if (manifest.nextDay === null) {
      const { total } = await page({ limit: '1' });
      if (total === 0) {
        manifest = { ...manifest, phase: 'complete', syncedAt: now().toISOString() };
        await job.store.saveManifest(manifest);
        progress();
        return manifest;
      }
      const oldest = (await page({ offset: String(total - 1), limit: '1' })).events[0];
      // A day earlier than the oldest event's UTC day: a server whose database runs west of UTC starts its days
      // later, and its window for that day would miss the event. One empty window more costs one request.
      manifest = { ...manifest, total, nextDay: addDays(dayOf(oldest?.createdAt ?? now()), -1) };
      await job.store.saveManifest(manifest);
    }
    manifest = await fullSync(job, manifest, page, progress, now);
  }
  return topUp(job, manifest, page, progress, now);
}

async function fullSync(
  job: SyncJob,
  start: IndexManifest,
  page: PageQuery,
  progress: () => void,
  now: () => Date,
): Promise<IndexManifest> {
  let manifest = start;
  let day = manifest.nextDay as string;
  /** Complete windows not yet written; a window's pages wait in `window` until its last one came. */
  let buffer: FlagEvent[] = [];
  let window: FlagEvent[] = [];
  const flush = async (patch: Partial<IndexManifest>) => {
    manifest = buffer.length ? await job.store.appendChunk(manifest, buffer, patch) : { ...manifest, ...patch };
    if (!buffer.length) await job.store.saveManifest(manifest);
    buffer = [];
  };
  try {
    for await (const { to, events, windowDone } of oldestWindowsFirst(page, day, () => dayOf(now()))) {
      for (const event of events) window.push(stored(event));
      if (!windowDone) continue;
      window.sort(oldestFirst);
      job.index.add(window);
      buffer.push(...window);
      window = [];
      day = addDays(to as string, 1);
      manifest = { ...manifest, nextDay: day };
      if (buffer.length >= CHUNK_EVENTS) await flush({ nextDay: day });
      progress();
    }
    await flush({ nextDay: day, phase: 'complete', syncedAt: now().toISOString() });
  } catch (error) {
    // every window in the buffer is whole: keep them, so a resume starts after them
    await flush({ nextDay: day });
    throw error;
  }
  progress();
  return manifest;
}

async function topUp(
  job: SyncJob,
  manifest: IndexManifest,
  page: PageQuery,
  progress: () => void,
  now: () => Date,
): Promise<IndexManifest> {
  const newest = job.index.newestId;
  const fresh = new Map<number, FlagEvent>();
  for (let offset = 0; ; offset += WINDOW_PAGE_SIZE) {
    const result = await page({ offset: String(offset), limit: String(WINDOW_PAGE_SIZE) });
    let reachedHeld = false;
    for (const event of result.events) {
      if (event.id > newest) fresh.set(event.id, stored(event));
      else reachedHeld = true;
    }
    if (reachedHeld || result.events.length < WINDOW_PAGE_SIZE) break;
  }
  const events = [...fresh.values()].sort(oldestFirst);
  job.index.add(events);
  const patch = { syncedAt: now().toISOString(), total: Math.max(manifest.total, manifest.count + events.length) };
  const next = events.length ? await job.store.appendChunk(manifest, events, patch) : { ...manifest, ...patch };
  if (!events.length) await job.store.saveManifest(next);
  progress();
  return next;
}
