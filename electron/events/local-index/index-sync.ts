import type { EventQueryPage, EventQueryParams, FlagEvent } from '../../../shared/schemas';
import type { IndexManifest, IndexStore } from './index-store';
import type { LocalEventIndex } from './local-event-index';

/** The server's page cap (facts §4.3). */
export const SYNC_PAGE_SIZE = 1000;
/** A window holding more than this is split: offsets past ~100,000 cost the server most; we stay far below. */
const WINDOW_MAX = 20_000;
/** A window holding fewer than this doubles the next one (sparse years take few requests). */
const WINDOW_MIN = 5_000;
const MAX_SPAN_DAYS = 512;
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

const DAY_MS = 86_400_000;
const dayOf = (iso: string | Date): string => new Date(iso).toISOString().slice(0, 10);
const addDays = (day: string, days: number): string => dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));
const minDay = (a: string, b: string): string => (a < b ? a : b);
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
      manifest = { ...manifest, total, nextDay: dayOf(oldest?.createdAt ?? now()) };
      await job.store.saveManifest(manifest);
    }
    manifest = await fullSync(job, manifest, page, progress, now);
  }
  return topUp(job, manifest, page, progress, now);
}

async function fullSync(
  job: SyncJob,
  start: IndexManifest,
  page: (params: EventQueryParams) => Promise<EventQueryPage>,
  progress: () => void,
  now: () => Date,
): Promise<IndexManifest> {
  let manifest = start;
  let day = manifest.nextDay as string;
  let span = 1;
  let buffer: FlagEvent[] = [];
  const flush = async (patch: Partial<IndexManifest>) => {
    manifest = buffer.length ? await job.store.appendChunk(manifest, buffer, patch) : { ...manifest, ...patch };
    if (!buffer.length) await job.store.saveManifest(manifest);
    buffer = [];
  };
  try {
    while (day <= dayOf(now())) {
      const end = minDay(addDays(day, span - 1), dayOf(now()));
      const window = await fetchWindow(page, day, end, span > 1);
      if (window === 'too-large') {
        span = Math.max(1, span >> 1);
        continue;
      }
      job.index.add(window);
      buffer.push(...window);
      day = addDays(end, 1);
      manifest = { ...manifest, nextDay: day };
      if (window.length < WINDOW_MIN) span = Math.min(MAX_SPAN_DAYS, span * 2);
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

/** One date window, oldest first, or 'too-large' when it should be split (never for a single day). */
async function fetchWindow(
  page: (params: EventQueryParams) => Promise<EventQueryPage>,
  from: string,
  to: string,
  splittable: boolean,
): Promise<FlagEvent[] | 'too-large'> {
  const byId = new Map<number, FlagEvent>();
  for (let offset = 0; ; offset += SYNC_PAGE_SIZE) {
    const result = await page({ from: `IS:${from}`, to: `IS:${to}`, offset: String(offset), limit: String(SYNC_PAGE_SIZE) });
    if (offset === 0 && splittable && result.total > WINDOW_MAX) return 'too-large';
    // events arriving today push the window's pages down: the same id may come twice
    for (const event of result.events) byId.set(event.id, stored(event));
    if (result.events.length < SYNC_PAGE_SIZE) break;
  }
  return [...byId.values()].sort(oldestFirst);
}

async function topUp(
  job: SyncJob,
  manifest: IndexManifest,
  page: (params: EventQueryParams) => Promise<EventQueryPage>,
  progress: () => void,
  now: () => Date,
): Promise<IndexManifest> {
  const newest = job.index.newestId;
  const fresh = new Map<number, FlagEvent>();
  for (let offset = 0; ; offset += SYNC_PAGE_SIZE) {
    const result = await page({ offset: String(offset), limit: String(SYNC_PAGE_SIZE) });
    let reachedHeld = false;
    for (const event of result.events) {
      if (event.id > newest) fresh.set(event.id, stored(event));
      else reachedHeld = true;
    }
    if (reachedHeld || result.events.length < SYNC_PAGE_SIZE) break;
  }
  const events = [...fresh.values()].sort(oldestFirst);
  job.index.add(events);
  const patch = { syncedAt: now().toISOString(), total: Math.max(manifest.total, manifest.count + events.length) };
  const next = events.length ? await job.store.appendChunk(manifest, events, patch) : { ...manifest, ...patch };
  if (!events.length) await job.store.saveManifest(next);
  progress();
  return next;
}
