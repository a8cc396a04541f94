import type { EventQueryParams } from '../../../shared/schemas';
import type { IndexManifest, IndexStore } from './index-store';
import type { LocalEventIndex } from './local-event-index';
import { addDays, dayOf, oldestWindowsFirst, WINDOW_PAGE_SIZE, type PageQuery } from '../date-windows';
import type { ScannedPage } from './page-scan';
import { ChunkText } from './chunk-text';

/** An event of a page the sync reads: parsed, or scanned from the answer's text (page-scan.ts). */
type SyncedEvent = ScannedPage['events'][number];

/** Events gathered before they are written as one chunk (and the sync's resume point moves). */
const CHUNK_EVENTS = 20_000;

export interface SyncProgress {
  phase: 'full' | 'complete';
  count: number;
  total: number;
}

export interface SyncJob {
  /** A page of the server's search: parsed (an EventQueryPage is one) or scanned (page-scan.ts, what the app's sync reads). */
  query(params: EventQueryParams, signal: AbortSignal): Promise<ScannedPage>;
  store: IndexStore;
  index: LocalEventIndex;
  manifest: IndexManifest;
  signal: AbortSignal;
  onProgress?(progress: SyncProgress): void;
  now?: () => Date;
  /** Filled in as the sync runs, when given: where its time went (the bench's breakdown). */
  timing?: SyncTiming;
}

/** Milliseconds of a sync's wall time, by what it was doing. */
export interface SyncTiming {
  /** Waiting for the next whole window: the server's share (its answers, and our parsing of them meanwhile). */
  waitMs: number;
  /**
   * Sorting and indexing the windows (this process's own work on the hot path), with what ran between the slices a
   * window is stored in (the answers of windows fetched ahead, parsed as they arrive; a chunk's lines handed to gzip).
   */
  indexMs: number;
  /** Waiting for the previous chunk's write before starting the next (disk and gzip not keeping up). */
  writeWaitMs: number;
  /** Chunk writes (JSON, gzip, disk, manifest) as they ran, off the hot path. */
  writeMs: number;
}

export const emptyTiming = (): SyncTiming => ({ waitMs: 0, indexMs: 0, writeWaitMs: 0, writeMs: 0 });

export class SyncStopped extends Error {
  constructor() {
    super('Sync stopped');
    this.name = 'SyncStopped';
  }
}

const oldestFirst = (a: SyncedEvent, b: SyncedEvent): number =>
  a.createdAt === b.createdAt ? a.id - b.id : a.createdAt < b.createdAt ? -1 : 1;

/**
 * Brings the copy up to date: a full sync walks date windows from the oldest day to today (resuming at the
 * manifest's nextDay), then each later run tops up from the newest id held. Throws SyncStopped when `signal` aborts
 * and the server's error on a failure; in both cases every complete window fetched so far has been stored.
 */
export async function runSync(job: SyncJob): Promise<IndexManifest> {
  const now = job.now ?? (() => new Date());
  let manifest = job.manifest;
  const page = async (params: EventQueryParams): Promise<ScannedPage> => {
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
  page: PageQuery<SyncedEvent>,
  progress: () => void,
  now: () => Date,
): Promise<IndexManifest> {
  const timing = job.timing;
  /** What is on disk: only the chain of writes below moves it. */
  let saved = start;
  let day = start.nextDay as string;
  /**
   * Whole windows not yet written, as the lines of the copy on disk (the index writes each as it stores the event, and
   * takes a window's back if it fails). A chunk's text is reused for the chunk after the next, once written.
   */
  let text = new ChunkText();
  const spare: ChunkText[] = [];
  /**
   * Chunks are written off the hot path (JSON, gzip and the disk while the next windows arrive), one after the other:
   * each chunk, then the manifest naming it, so what the manifest says is on disk and a resume starts after it.
   */
  let writing: Promise<void> = Promise.resolve();
  const flush = (patch: Partial<IndexManifest>): Promise<void> => {
    const lines = text;
    text = spare.pop() ?? new ChunkText();
    writing = writing.then(async () => {
      const t0 = performance.now();
      saved = lines.length ? await job.store.appendChunk(saved, lines, patch) : { ...saved, ...patch };
      if (!lines.length) await job.store.saveManifest(saved);
      lines.clear();
      spare.push(lines);
      if (timing) timing.writeMs += performance.now() - t0;
    });
    // a failed write is thrown where the chain is next awaited, not reported as unhandled meanwhile
    writing.catch(() => undefined);
    return writing;
  };
  const windows = oldestWindowsFirst(page, day, () => dayOf(now()));
  try {
    for (;;) {
      const t0 = performance.now();
      const next = await windows.next();
      if (timing) timing.waitMs += performance.now() - t0;
      if (next.done) break;
      // windows fetched ahead are not stored after a stop: it stops where the user saw it
      if (job.signal.aborted) throw new SyncStopped();
      const t1 = performance.now();
      // label and summary are not stored: the engine writes them again on read, as the server does
      const window = next.value.events.sort(oldestFirst);
      try {
        await job.index.addInSlices(window, text, job.signal);
      } catch (error) {
        // a stop between two slices took the window back: it stops where the user saw it
        if (job.signal.aborted) throw new SyncStopped();
        throw error;
      }
      day = addDays(next.value.to, 1);
      if (timing) timing.indexMs += performance.now() - t1;
      if (text.length >= CHUNK_EVENTS) {
        // one chunk written while the next gathers: never more held back than that
        const t2 = performance.now();
        await writing;
        if (timing) timing.writeWaitMs += performance.now() - t2;
        void flush({ nextDay: day });
      }
      progress();
    }
    await flush({ nextDay: day, phase: 'complete', syncedAt: now().toISOString() });
  } catch (error) {
    // every window in the text is whole: keep them, so a resume starts after them
    await flush({ nextDay: day }).catch(() => undefined);
    throw error;
  }
  progress();
  return saved;
}

async function topUp(
  job: SyncJob,
  manifest: IndexManifest,
  page: PageQuery<SyncedEvent>,
  progress: () => void,
  now: () => Date,
): Promise<IndexManifest> {
  const newest = job.index.newestId;
  const fresh = new Map<number, SyncedEvent>();
  for (let offset = 0; ; offset += WINDOW_PAGE_SIZE) {
    const result = await page({ offset: String(offset), limit: String(WINDOW_PAGE_SIZE) });
    let reachedHeld = false;
    for (const event of result.events) {
      if (event.id > newest) fresh.set(event.id, event);
      else reachedHeld = true;
    }
    if (reachedHeld || result.events.length < WINDOW_PAGE_SIZE) break;
  }
  const events = [...fresh.values()].sort(oldestFirst);
  const lines: string[] = [];
  await job.index.addInSlices(events, lines);
  const patch = { syncedAt: now().toISOString(), total: Math.max(manifest.total, manifest.count + events.length) };
  const next = events.length ? await job.store.appendChunk(manifest, lines, patch) : { ...manifest, ...patch };
  if (!events.length) await job.store.saveManifest(next);
  progress();
  return next;
}
