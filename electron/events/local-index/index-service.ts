import { join } from 'node:path';
import { ApiError } from '../../../shared/errors';
import type { EventCreator, EventIndexStatus, EventQueryPage, EventQueryParams } from '../../../shared/schemas';
import { ChangedChunkError, OversizedChunkError, emptyManifest, openIndexStore, type ChunkLines, type IndexManifest, type IndexStore } from './index-store';
import { runSync, SyncStopped, type SyncJob } from './index-sync';
import { LocalEventIndex } from './local-event-index';
import type { EventTextPage } from '../../backend/demo/events/event-json';
import type { ValueRedactor } from '../../security/redact';

type Query = SyncJob['query'];

/**
 * The local event copies, one per remote profile, kept under `<userData>/event-index/<profileId>/`. Opt-in:
 * nothing is stored until enable(). A sync runs in the background; status changes are pushed through onStatus.
 */
export interface EventIndexService {
  status(profileId: string): Promise<EventIndexStatus>;
  /** Turns the copy on (if needed) and starts or resumes a sync; returns at once. */
  sync(profileId: string, baseUrl: string, query: Query): Promise<EventIndexStatus>;
  /** Stops a running sync; what was fetched so far stays and a later sync resumes from there. */
  stop(profileId: string): Promise<EventIndexStatus>;
  /** The local answer when a complete copy exists, else null (the server searches). */
  search(profileId: string, params: EventQueryParams): Promise<EventQueryPage | null>;
  /** search() as its events' JSON texts (LocalEventIndex.queryTexts) once the copy is loaded whole, else null. */
  searchTexts(profileId: string, params: EventQueryParams): Promise<EventTextPage | null>;
  /** Who wrote the copy's events when it is complete, else null. */
  creators(profileId: string): Promise<EventCreator[] | null>;
  /** Deletes the copy (turning it off, or the profile was removed). */
  remove(profileId: string): Promise<void>;
  /** Waits for a running sync to end (tests, app shutdown). */
  settled(profileId: string): Promise<void>;
  /** Waits until the copy on disk is loaded whole (the first page is answered before; see search()). */
  loaded(profileId: string): Promise<void>;
}

/** Held by (nearly) every event's body, so a search for it scans every chunk's word index. */
const WARM_UP_WORD = 'name';
const warmed = new WeakSet<LocalEventIndex>();

/**
 * One text search of a complete copy, once, while nobody waits on it: the first search a user typed after a start or
 * a sync otherwise also paid for compiling the word index's scan (2.5-5x the time of the searches after it).
 */
function warmUp(index: LocalEventIndex): void {
  if (warmed.has(index)) return;
  warmed.add(index);
  try {
    index.query({ query: WARM_UP_WORD, limit: '1' });
  } catch {
    // nothing is lost: a search the user makes meets the same failure and shows it
  }
}

/** Events the newest chunks must hold at least to answer the first pages while the rest of the copy loads. */
const HEAD_EVENTS = 1000;

interface Copy {
  store: IndexStore;
  index: LocalEventIndex;
  manifest: IndexManifest | null;
  running: { controller: AbortController; done: Promise<void> } | null;
  lastError: string | null;
  /** The server's count as the running sync last saw it. */
  total: number;
  /** Set when the copy on disk must not be written (a newer Flagdesk wrote it): says why, naming the file. */
  leftAlone?: string;
  /** Settles once every stored chunk is in `index` (or the copy, unreadable, was started over). */
  loading: Promise<void>;
  /** Settles once the head below is set (or the load has ended). */
  headReady: Promise<void>;
  /** While loading: the newest chunks alone, answering the plain newest-first pages they hold. */
  head?: { index: LocalEventIndex; count: number };
}

export function createEventIndexService(options: {
  rootDir: string;
  onStatus?(profileId: string, status: EventIndexStatus): void;
  /** Told when a copy's manifest could not be used (moved aside, or left alone), naming it. */
  onNotice?(notice: string): void;
  /** Scrubs tokens from what is written to disk (the connection manager's). */
  redact?: ValueRedactor;
  now?: () => Date;
}): EventIndexService {
  const copies = new Map<string, Promise<Copy>>();
  const redact = options.redact;

  /**
   * Opens a profile's copy once (the whole index lives in memory while the app runs). The manifest is read at once;
   * the chunks load in the background, the newest first, so the first page of rows does not wait on the whole copy.
   */
  function copyOf(profileId: string): Promise<Copy> {
    let copy = copies.get(profileId);
    if (!copy) {
      copy = (async () => {
        const store = openIndexStore(join(options.rootDir, 'event-index', encodeURIComponent(profileId)), redact?.deep);
        const index = new LocalEventIndex(redact);
        const loaded = await store.openManifest(options.now?.());
        if (loaded.notice) options.onNotice?.(loaded.notice);
        const base = { store, index, running: null, total: 0, loading: Promise.resolve(), headReady: Promise.resolve() };
        if (!loaded.writable) {
          const leftAlone = loaded.notice ?? 'The local event copy cannot be used.';
          return { ...base, manifest: null, lastError: leftAlone, leftAlone };
        }
        const opened: Copy = { ...base, manifest: loaded.manifest, lastError: null };
        if (opened.manifest && opened.manifest.chunks.length > 0) {
          let headSet = (): void => undefined;
          opened.headReady = new Promise<void>((resolve) => (headSet = resolve));
          opened.loading = loadChunks(opened, opened.manifest.chunks, headSet).finally(headSet);
        }
        return opened;
      })();
      copies.set(profileId, copy);
    }
    return copy;
  }

  /** Fills the copy's index from disk: the newest chunks are read first and kept as its head until the rest is in. */
  async function loadChunks(copy: Copy, names: readonly string[], headSet: () => void): Promise<void> {
    /** The chunk being read, for the notice should it fail. */
    let reading = '';
    const read = (name: string) => {
      reading = name;
      return copy.store.readChunk(manifest, name);
    };
    const manifest = copy.manifest as IndexManifest;
    try {
      const newest: ChunkLines[] = [];
      let held = 0;
      let first = names.length;
      while (first > 0 && held < HEAD_EVENTS) {
        const chunk = await read(names[--first] as string);
        newest.unshift(chunk);
        held += chunk.lines.length;
      }
      // only the newest HEAD_EVENTS of them are indexed for the head: the first page waits on as little as it can
      const head = new LocalEventIndex(redact);
      reading = newest.length === 1 ? (names[first] as string) : `${names[first] as string} to ${names.at(-1) as string}`;
      head.addLines(newest.flatMap((chunk) => chunk.lines).slice(-HEAD_EVENTS), newest.every((chunk) => chunk.checked));
      copy.head = { index: head, count: Math.min(held, HEAD_EVENTS) };
      headSet();
      for (const name of names.slice(0, first)) {
        const chunk = await read(name);
        await copy.index.addLinesInSlices(chunk.lines, chunk.checked);
      }
      for (const [i, chunk] of newest.entries()) {
        reading = names[first + i] as string;
        await copy.index.addLinesInSlices(chunk.lines, chunk.checked);
      }
      await copy.index.indexed();
      warmUp(copy.index);
    } catch (error) {
      // an unreadable chunk: the copy starts over rather than answer from a hole, and says so
      const why =
        error instanceof ChangedChunkError
          ? 'it was changed after it was written'
          : error instanceof OversizedChunkError
            ? 'it unpacks to more than a chunk of the copy can be'
            : 'an event in it cannot be read';
      options.onNotice?.(`The local event copy (${reading}) could not be read (${why}), so it was deleted; the copy starts over at the next sync.`);
      await copy.store.clear();
      copy.manifest = null;
      copy.index = new LocalEventIndex(redact);
    } finally {
      copy.head = undefined;
    }
  }

  /** The page from the head when the copy is still loading and the page is a plain newest-first one it holds. */
  function fromHead(copy: Copy, params: EventQueryParams): EventQueryPage | undefined {
    const head = copy.head;
    const manifest = copy.manifest;
    if (!head || !manifest) return undefined;
    const { offset, limit, query, ...filters } = params;
    if ((query !== undefined && query !== '') || Object.values(filters).some((value) => value !== undefined)) return undefined;
    const end = Number(offset ?? 0) + Number(limit ?? HEAD_EVENTS);
    if (!Number.isInteger(end) || end > head.count) return undefined;
    return { ...head.index.query(params), total: manifest.count };
  }

  function statusOf(copy: Copy): EventIndexStatus {
    const manifest = copy.manifest;
    const state: EventIndexStatus['state'] = !manifest
      ? 'off'
      : copy.running
        ? 'syncing'
        : manifest.phase === 'complete'
          ? 'complete'
          : 'stopped';
    return {
      enabled: manifest !== null,
      state,
      count: copy.head ? (manifest?.count ?? 0) : copy.index.size,
      total: Math.max(manifest?.total ?? 0, copy.total, copy.index.size),
      syncedAt: manifest?.syncedAt ?? null,
      lastError: copy.lastError,
    };
  }

  const push = (profileId: string, copy: Copy) => options.onStatus?.(profileId, statusOf(copy));

  return {
    status: async (profileId) => statusOf(await copyOf(profileId)),
    async sync(profileId, baseUrl, query) {
      let copy = await copyOf(profileId);
      await copy.loading;
      if (copy.leftAlone !== undefined) throw new ApiError(409, 'LocalCopyReadOnlyError', copy.leftAlone);
      if (copy.running) return statusOf(copy);
      if (copy.manifest && copy.manifest.baseUrl !== baseUrl) {
        // the profile now points at another server: its old copy is of nothing we show
        await copy.store.clear();
        copies.delete(profileId);
        copy = await copyOf(profileId);
      }
      if (!copy.manifest) {
        copy.manifest = emptyManifest(baseUrl);
        await copy.store.saveManifest(copy.manifest);
      }
      const controller = new AbortController();
      const target = copy;
      const done = runSync({
        query,
        store: copy.store,
        index: copy.index,
        manifest: copy.manifest,
        signal: controller.signal,
        now: options.now,
        onProgress: (progress) => {
          target.total = progress.total;
          push(profileId, target);
        },
      }).then(
        async (manifest) => {
          target.manifest = manifest;
          target.lastError = null;
          await target.index.indexed();
          if (manifest.phase === 'complete') warmUp(target.index);
        },
        async (error: unknown) => {
          target.manifest = (await target.store.loadManifest()) ?? target.manifest;
          target.lastError = error instanceof SyncStopped ? null : error instanceof Error ? error.message : String(error);
        },
      ).finally(() => {
        target.running = null;
        push(profileId, target);
      });
      copy.running = { controller, done };
      push(profileId, copy);
      return statusOf(copy);
    },
    async stop(profileId) {
      const copy = await copyOf(profileId);
      copy.running?.controller.abort();
      await copy.running?.done;
      return statusOf(copy);
    },
    async search(profileId, params) {
      const copy = await copyOf(profileId);
      if (copy.manifest?.phase !== 'complete') return null;
      await copy.headReady;
      const early = fromHead(copy, params);
      if (early) return early;
      await copy.loading;
      return copy.manifest?.phase === 'complete' ? copy.index.query(params) : null;
    },
    async searchTexts(profileId, params) {
      const copy = await copyOf(profileId);
      if (copy.manifest?.phase !== 'complete') return null;
      await copy.loading;
      return copy.manifest?.phase === 'complete' ? copy.index.queryTexts(params) : null;
    },
    async creators(profileId) {
      const copy = await copyOf(profileId);
      await copy.loading;
      return copy.manifest?.phase === 'complete' ? copy.index.creators() : null;
    },
    async remove(profileId) {
      const copy = await copyOf(profileId);
      await copy.loading;
      copy.running?.controller.abort();
      await copy.running?.done;
      await copy.store.clear();
      copies.delete(profileId);
    },
    async settled(profileId) {
      await (await copyOf(profileId)).running?.done;
    },
    async loaded(profileId) {
      await (await copyOf(profileId)).loading;
    },
  };
}
