import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PushEvent, contractEvents } from '../../../shared/contract';
import type { z } from 'zod';
import type { RestoreWrite } from '../../../shared/domain/restore-payload';
import type { UpdateStrategy } from '../../../shared/schemas/strategy-type';
import type { ExportEventsInput, ExportResult } from '../../../shared/schemas/event-export';
import { call } from '../../lib/bridge-client';
import { instanceKey } from '../../lib/instance-query';
import { useActiveProfileId } from '../../lib/active-profile';
import { filtersToParams, type EventFilters } from './event-filters';

/**
 * Rows in the list's first page: a tall window shows about 25, so 50 fill it with room to scroll, and a new filter
 * paints as soon as those few have crossed IPC (200 rows with their before/after payloads are ~200 KB to copy).
 */
export const FIRST_PAGE_SIZE = 50;
/** Rows per further page while scrolling (the server's cap is 1,000; 200 keeps each answer quick). */
export const PAGE_SIZE = 200;
const limitFor = (offset: number): number => (offset === 0 ? FIRST_PAGE_SIZE : PAGE_SIZE);

/** Rows loaded over the list's pages: the next page's offset, and what the list compares with what it shows. */
export const loadedRows = (pages: readonly { events: readonly unknown[] }[]): number => pages.reduce((sum, page) => sum + page.events.length, 0);

/**
 * The event log's query keys. lib/query-client.ts makes every key under ['instance', profileId, 'events'] stale
 * after any successful write, so keep every event-log query under `eventKeys.all`.
 */
export const eventKeys = {
  all: (profileId: string) => [...instanceKey(profileId), 'events'] as const,
  browse: (profileId: string, filters: EventFilters) => [...eventKeys.all(profileId), 'browse', filters] as const,
  histogram: (profileId: string, filters: EventFilters) => [...eventKeys.all(profileId), 'histogram', filters] as const,
  timeline: (profileId: string, kind: string, key: string) => [...eventKeys.all(profileId), 'timeline', kind, key] as const,
  index: (profileId: string) => [...eventKeys.all(profileId), 'index'] as const,
  event: (profileId: string, id: number) => [...eventKeys.all(profileId), 'event', id] as const,
  creators: (profileId: string) => [...eventKeys.all(profileId), 'creators'] as const,
};

export const eventQueries = {
  /** Newest first, page by page (offsets), each page saying whether the local copy or the server answered. */
  browse: (profileId: string, filters: EventFilters) =>
    infiniteQueryOptions({
      queryKey: eventKeys.browse(profileId, filters),
      queryFn: ({ pageParam }) =>
        call('events.browse', { ...filtersToParams(filters), offset: String(pageParam), limit: String(limitFor(pageParam)), rows: true }),
      initialPageParam: 0,
      getNextPageParam: (last, pages, lastOffset) => {
        const loaded = loadedRows(pages);
        return last.events.length < limitFor(lastOffset) || loaded >= last.total ? undefined : loaded;
      },
      enabled: profileId !== '',
      // a reader's place must not move under them: new events show as "N new" (or on Refresh), never as a jump
      // while the list is open; coming back to the screen later reads it again
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
  /** One event whole (the list's rows leave its data out); null when the server no longer has it. */
  event: (profileId: string, id: number) =>
    queryOptions({
      queryKey: eventKeys.event(profileId, id),
      queryFn: async () => (await call('events.browse', { id: `IS:${id}`, limit: '1' })).events[0] ?? null,
      // an event never changes once written
      staleTime: Infinity,
    }),
  histogram: (profileId: string, filters: EventFilters) =>
    queryOptions({
      queryKey: eventKeys.histogram(profileId, filters),
      queryFn: () => call('events.histogram', { filter: filtersToParams(filters) }),
      staleTime: 60_000,
    }),
  /** Every event of one entity's types (a timeline filters them to the entity; at most 1,000, newest first). */
  timeline: (profileId: string, kind: string, key: string, params: Parameters<typeof filtersToParams>[0]) =>
    queryOptions({
      queryKey: [...eventKeys.timeline(profileId, kind, key), params] as const,
      queryFn: () => call('events.browse', { ...filtersToParams(params), limit: '1000' }),
    }),
  index: (profileId: string) => queryOptions({ queryKey: eventKeys.index(profileId), queryFn: () => call('eventIndex.status', {}) }),
  /** Who wrote events (user id and name): the created-by filter's choices. */
  creators: (profileId: string) =>
    queryOptions({ queryKey: eventKeys.creators(profileId), queryFn: () => call('events.creators', {}), staleTime: 60_000 }),
};

const readOnly = { readOnly: true } as const;

/**
 * The export's ending, told by these callbacks rather than by `mutate`'s: TanStack Query calls them also when the
 * dialog that started the export has gone (the reader left the screen while it ran).
 */
export function useExportEvents(ended: { onSuccess(result: ExportResult): void; onError(error: Error): void }) {
  return useMutation({ mutationFn: (input: ExportEventsInput) => call('events.export', input), meta: readOnly, ...ended });
}

export function useCancelExport() {
  return useMutation({ mutationFn: () => call('events.cancelExport', {}), meta: readOnly });
}

export function useFollow() {
  return useMutation({
    mutationFn: (watchedTypes: string[] | null) => (watchedTypes ? call('events.follow', { watchedTypes }) : call('events.unfollow', {})),
    meta: readOnly,
  });
}

export function useIndexAction() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: (action: 'sync' | 'stop' | 'remove') => call(`eventIndex.${action}`, {}),
    meta: { readOnly: true, invalidates: [eventKeys.index(profileId)] },
  });
}

/** "Restore this version": the ordinary write of the recorded state, so it shows in the log as a normal change. */
/** A deleted type comes back by creating it with the version's fields; one that exists is updated to them. */
async function restoreStrategyType(name: string, update: UpdateStrategy): Promise<unknown> {
  const exists = (await call('strategyTypes.list', {})).some((type) => type.name === name);
  return exists ? call('strategyTypes.update', { name, update }) : call('strategyTypes.create', { name, ...update });
}

export function useRestoreVersion() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: (write: RestoreWrite) => {
      switch (write.kind) {
        case 'segment':
          return call('segments.update', { id: write.id, segment: write.segment });
        case 'strategy-type':
          return restoreStrategyType(write.name, write.update);
        case 'cors':
          return call('uiConfig.setOrigins', { origins: write.origins });
      }
    },
    meta: { invalidates: [instanceKey(profileId)] },
  });
}

/** The entity as it is now, for "compare with current" (null once deleted or when not found). */
export const currentStateQuery = (profileId: string, kind: 'segment' | 'strategy-type' | 'cors', key: string) =>
  queryOptions({
    queryKey: [...instanceKey(profileId), 'events-current', kind, key] as const,
    queryFn: async (): Promise<Record<string, unknown> | null> => {
      if (kind === 'segment') return (await call('segments.get', { id: Number(key) }).catch(() => null)) as Record<string, unknown> | null;
      if (kind === 'strategy-type') {
        const found = (await call('strategyTypes.list', {})).find((type) => type.name === key);
        return (found as Record<string, unknown> | undefined) ?? null;
      }
      const config = (await call('uiConfig.get', {})) as Record<string, unknown>;
      return { frontendApiOrigins: config.frontendApiOrigins ?? [] };
    },
  });

/** Listens to one push from main while the component is mounted. */
export function usePush<E extends PushEvent>(event: E, callback: (payload: z.output<(typeof contractEvents)[E]>) => void): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    const bridge = typeof window === 'undefined' ? undefined : window.flagdesk;
    return bridge?.on(event, (payload) => latest.current(payload));
  }, [event]);
}
