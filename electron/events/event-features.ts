import type {
  ConnectionStatus,
  EventCreator,
  EventHistogram,
  EventIndexStatus,
  EventQueryPage,
  EventQueryParams,
} from '../../shared/schemas';
import type { ExportEventsInput, ExportFilter, ExportProgress, ExportResult } from '../../shared/schemas/event-export';
import type { AdminBackend } from '../backend/admin-backend';
import type { ShellPort } from '../shell/shell-port';
import { createExportService } from './export/export-service';
import { eventHistogram } from './histogram';
import { createEventIndexService } from './local-index/index-service';
import { scannedSearch, type ScannedPage } from './local-index/page-scan';
import { createEventTail } from './tail/event-tail';
import type { ValueRedactor } from '../security/redact';

/** A page of the browser with where it came from: the local copy (and how fresh it is) or the server. */
export interface BrowsePage extends EventQueryPage {
  source: 'local' | 'server';
  syncedAt: string | null;
}

export interface EventPushes {
  exportProgress(progress: ExportProgress): void;
  indexChanged(status: EventIndexStatus): void;
  arrived(update: { newestId: number; count: number }): void;
}

interface Connections {
  status(): Promise<ConnectionStatus>;
  backend(): Promise<AdminBackend>;
  onChange(listener: (status: ConnectionStatus) => void): () => void;
}

/** The fields of a body a row's summary names its thing by ("created strategy type tenant", "tag type:value"). */
const NAMING_FIELDS = ['name', 'id', 'type', 'value'];

/** Only a body's naming fields, for a list row (the opened event is read whole); undefined when it has none. */
function namesOf(body: EventQueryPage['events'][number]['data']) {
  if (!body) return undefined;
  const kept = Object.fromEntries(
    Object.entries(body).filter(([key, value]) => NAMING_FIELDS.includes(key) && (typeof value === 'string' || typeof value === 'number')),
  );
  return Object.keys(kept).length > 0 ? kept : undefined;
}

export const EXPORT_SWITCHED =
  'The export stopped because another instance was made active; the file you chose was left as it was. Export again from the instance you want.';
export const EXPORT_RECONNECTED =
  "The export stopped because the instance's connection was opened again (its settings were saved); the file you chose was left as it was. Export again.";

/** What a search filters by, whatever its page: the same text for the list's pages and the chart of one filter. */
function filterKey({ offset: _offset, limit: _limit, ...filter }: EventQueryParams): string {
  return JSON.stringify(Object.entries(filter).filter(([, value]) => value !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A status's active profile when it is a remote one. */
function remoteOf(status: ConnectionStatus): { id: string; baseUrl: string } | null {
  const profile = status.profiles.find((candidate) => candidate.id === status.activeProfileId);
  return profile?.kind === 'remote' && profile.baseUrl ? { id: profile.id, baseUrl: profile.baseUrl } : null;
}

/** How long the list's total stands for its chart's (events arriving meanwhile move the chart's first day little). */
const TOTAL_FRESH_MS = 30_000;

/** A local copy older than this is topped up in the background when the browser reads from it. */
const TOP_UP_AFTER_MS = 30_000;

/**
 * The event browser's main-process side: browse (local copy first when complete), export, histogram, the local copy
 * of a remote profile, and the live tail. The IPC handlers are one-liners onto this.
 */
export function createEventFeatures(options: {
  connections: Connections;
  shell: ShellPort;
  userDataDir: string;
  push: EventPushes;
  /** Scrubs every known token from what is written to disk (the local copy, exports). */
  redact?: ValueRedactor;
  /** Tells the user about a data-folder file that could not be used (the connection status's notice). */
  onNotice?: (notice: string) => void;
  now?: () => Date;
}) {
  const { connections, push } = options;
  const now = options.now ?? (() => new Date());
  /**
   * Per profile, a signal aborted when a sync of its local copy starts (and while one runs): a chart's count on its
   * way to the server stops then (chartCount).
   */
  const syncStarts = new Map<string, AbortController>();
  const controllerOf = (profileId: string): AbortController => {
    let started = syncStarts.get(profileId);
    if (!started) syncStarts.set(profileId, (started = new AbortController()));
    return started;
  };
  const watchSync = (profileId: string, state: EventIndexStatus['state']): void => {
    if (state === 'syncing') controllerOf(profileId).abort();
    else if (syncStarts.get(profileId)?.signal.aborted) syncStarts.delete(profileId);
  };
  const index = createEventIndexService({
    rootDir: options.userDataDir,
    now,
    ...(options.redact ? { redact: options.redact } : {}),
    ...(options.onNotice ? { onNotice: options.onNotice } : {}),
    onStatus: async (profileId, status) => {
      watchSync(profileId, status.state);
      if ((await connections.status()).activeProfileId === profileId) push.indexChanged(status);
    },
  });
  /**
   * The active remote profile's copy is read from disk at start and on a switch, in the background: opened on the
   * browser's first call instead, a filter or text search right after a start waited for the whole copy to load.
   */
  const loadActiveCopy = (status: ConnectionStatus): void => {
    const remote = remoteOf(status);
    if (remote) void index.loaded(remote.id).catch(() => undefined); // its status tells a failure
  };

  /** The active profile when it is a remote one (local copies are of remote instances only). */
  async function activeRemote(): Promise<{ id: string; baseUrl: string } | null> {
    return remoteOf(await connections.status());
  }

  const serverQuery = async (params: EventQueryParams, signal?: AbortSignal): Promise<EventQueryPage> => {
    const backend = await connections.backend();
    return (signal ? backend.withSignal(signal) : backend).queryEvents(params);
  };

  /** The sync's pages: each answer's text scanned for what the copy stores (page-scan.ts), not parsed whole. */
  const syncQuery = async (params: EventQueryParams, signal: AbortSignal): Promise<ScannedPage> =>
    scannedSearch(await connections.backend(), params, signal);

  async function topUpIfStale(remote: { id: string; baseUrl: string }, status: EventIndexStatus): Promise<void> {
    const age = status.syncedAt ? now().getTime() - Date.parse(status.syncedAt) : Infinity;
    if (status.state === 'complete' && age > TOP_UP_AFTER_MS) await index.sync(remote.id, remote.baseUrl, syncQuery);
  }

  /** `rows`: only what a list row shows; the bodies of a first page can be hundreds of KB, read once an event is opened. */
  async function browse({ rows, ...params }: EventQueryParams & { rows?: boolean | undefined }): Promise<BrowsePage> {
    // the list's page of another filter: the chart of the filter left behind is no longer shown
    if (rows) stopChartUnlessOf(params);
    const page = await browseFull(params);
    if (rows && Number(params.offset ?? 0) === 0) listTotal = { filter: filterKey(params), total: page.total, at: Date.now() };
    if (!rows) return page;
    return {
      ...page,
      events: page.events.map(({ data, preData, tags: _t, ...row }) => {
        const [named, preNamed] = [namesOf(data), namesOf(preData)];
        return { ...row, ...(named ? { data: named } : {}), ...(preNamed ? { preData: preNamed } : {}) };
      }),
    };
  }

  async function browseFull(params: EventQueryParams): Promise<BrowsePage> {
    const remote = await activeRemote();
    if (remote) {
      const local = await index.search(remote.id, params);
      if (local) {
        const status = await index.status(remote.id);
        void topUpIfStale(remote, status).catch(() => undefined);
        return { ...local, source: 'local', syncedAt: status.syncedAt };
      }
    }
    return { ...(await serverQuery(params)), source: 'server', syncedAt: null };
  }

  /** Who wrote events: the complete local copy's (also offline), else the server's list. */
  async function creators(): Promise<EventCreator[]> {
    const remote = await activeRemote();
    const local = remote ? await index.creators(remote.id) : null;
    return local ?? (await connections.backend()).listEventCreators();
  }

  /**
   * Reads of the active instance, which is asked once (a chart's counts, an export's pages): each from its complete
   * local copy when it has one (also offline), else from its backend.
   */
  async function pinnedReads() {
    const status = await connections.status();
    const remote = remoteOf(status);
    const backend = await connections.backend();
    const query = async (params: EventQueryParams, signal?: AbortSignal): Promise<EventQueryPage> =>
      (remote ? await index.search(remote.id, params) : null) ?? (signal ? backend.withSignal(signal) : backend).queryEvents(params);
    return { activeProfileId: status.activeProfileId, remote, backend, query };
  }

  /**
   * A chart's count. While the instance's local copy syncs, the server is not asked: at a million events each count
   * costs its database seconds that the sync then waits for (docs/architecture.md, the sync through the UI). The
   * count waits for the sync to end and is then read from the copy, complete by then; one on its way when a sync
   * starts is dropped and asked again.
   */
  async function chartCount(reads: Awaited<ReturnType<typeof pinnedReads>>, params: EventQueryParams, run: AbortSignal): Promise<EventQueryPage> {
    const { remote, query } = reads;
    if (!remote) return query(params, run);
    for (;;) {
      await index.settled(remote.id);
      const started = controllerOf(remote.id).signal;
      try {
        return await query(params, AbortSignal.any([run, started]));
      } catch (error) {
        if (run.aborted || !started.aborted) throw error;
      }
    }
  }

  const exports = createExportService({
    shell: options.shell,
    // the active instance, once: every page comes from its complete local copy when it has one, else its backend
    source: async () => {
      const { activeProfileId, remote, backend, query } = await pinnedReads();
      return {
        query,
        ...(remote ? { texts: (params: EventQueryParams) => index.searchTexts(remote.id, params) } : {}),
        // a page the copy does not answer is the backend's (query's last resort too), read as the server's bytes
        bytes: (params: EventQueryParams, signal: AbortSignal) => backend.withSignal(signal).queryEventsBytes(params),
        // both wait for a switch under way to finish (the connection manager's calls run one at a time)
        interrupted: async () => {
          if ((await connections.status()).activeProfileId !== activeProfileId) return EXPORT_SWITCHED;
          return (await connections.backend()) === backend ? undefined : EXPORT_RECONNECTED;
        },
      };
    },
    onProgress: push.exportProgress,
    now,
    ...(options.redact ? { redact: options.redact } : {}),
  });

  const tail = createEventTail({
    query: (params) => serverQuery(params),
    notify: (title, body) => options.shell.notify(title, body),
    onNew: (update) => {
      push.arrived(update);
      void activeRemote()
        .then(async (remote) => {
          if (remote && (await index.status(remote.id)).state === 'complete') await index.sync(remote.id, remote.baseUrl, syncQuery);
        })
        .catch(() => undefined);
    },
  });

  /**
   * Only the newest chart is wanted. A new filter's chart stops the old one's count queries, and so does the list's
   * first page of a new filter, which comes before it: on a server, the old chart's counts would otherwise share its
   * database with the new filter's search until the new rows were painted and their own chart began.
   */
  let charting: { filter: string; run: AbortController } | null = null;
  /**
   * The total of the list's last first page (the active instance's; forgotten on a switch): the chart of the same
   * filter, asked right after, starts from it rather than counting the log again (on a server, a search of seconds at
   * a million events, and each text search's chart made several; PostgreSQL's statement log, bench:unleash).
   */
  let listTotal: { filter: string; total: number; at: number } | null = null;
  function stopChartUnlessOf(params: EventQueryParams): void {
    if (charting && charting.filter !== filterKey(params)) charting.run.abort();
  }
  async function histogram({ filter }: { filter: ExportFilter }): Promise<EventHistogram> {
    charting?.run.abort();
    const run = new AbortController();
    const chart = { filter: filterKey(filter), run };
    charting = chart;
    try {
      // the instance asked once for all of the chart's counts, not once a count
      const reads = await pinnedReads();
      const known = listTotal?.filter === chart.filter && Date.now() - listTotal.at < TOTAL_FRESH_MS ? listTotal.total : undefined;
      return await eventHistogram(filter, (params) => chartCount(reads, params, run.signal), now, known);
    } finally {
      if (charting === chart) charting = null;
    }
  }

  // A removed profile takes its local copy with it; switching profiles stops following the old
  // one, its chart and its export.
  let known = new Set<string>();
  let active: string | null = null;
  const unsubscribe = connections.onChange((status) => {
    const ids = new Set(status.profiles.map((profile) => profile.id));
    for (const id of known) if (!ids.has(id)) void index.remove(id).catch(() => undefined);
    known = ids;
    if (active !== null && active !== status.activeProfileId) {
      tail.stop();
      // the export's backend closes with the switch, and another instance's pages must not follow its own
      exports.cancel();
      charting?.run.abort();
      listTotal = null;
    }
    if (active !== status.activeProfileId) loadActiveCopy(status);
    active = status.activeProfileId;
  });
  void connections.status().then((status) => {
    known = new Set(status.profiles.map((profile) => profile.id));
    active = status.activeProfileId;
    loadActiveCopy(status);
  });

  const noCopy: EventIndexStatus = { enabled: false, state: 'off', count: 0, total: 0, syncedAt: null, lastError: null };
  return {
    browse,
    creators,
    histogram,
    startExport: (input: ExportEventsInput): Promise<ExportResult> => exports.start(input),
    cancelExport: async (): Promise<null> => {
      exports.cancel();
      return null;
    },
    indexStatus: async (): Promise<EventIndexStatus> => {
      const remote = await activeRemote();
      return remote ? index.status(remote.id) : noCopy;
    },
    indexSync: async (): Promise<EventIndexStatus> => {
      const remote = await activeRemote();
      return remote ? index.sync(remote.id, remote.baseUrl, syncQuery) : noCopy;
    },
    indexStop: async (): Promise<EventIndexStatus> => {
      const remote = await activeRemote();
      return remote ? index.stop(remote.id) : noCopy;
    },
    indexRemove: async (): Promise<EventIndexStatus> => {
      const remote = await activeRemote();
      if (remote) await index.remove(remote.id);
      return noCopy;
    },
    follow: async ({ watchedTypes }: { watchedTypes: string[] }): Promise<null> => {
      tail.follow({ watchedTypes });
      return null;
    },
    unfollow: async (): Promise<null> => {
      tail.stop();
      return null;
    },
    /** For tests and shutdown. */
    index,
    async close(): Promise<void> {
      unsubscribe();
      tail.stop();
      exports.cancel();
      charting?.run.abort();
      const remote = await activeRemote().catch(() => null);
      if (remote) await index.stop(remote.id);
    },
  };
}

export type EventFeatures = ReturnType<typeof createEventFeatures>;
