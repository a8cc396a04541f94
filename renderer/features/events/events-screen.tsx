import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FlagEvent } from '../../../shared/schemas';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { RefreshButton } from '../../components/refresh-button';
import { Notice } from '../../components/notice';
import { useActiveProfile, useActiveProfileId } from '../../lib/active-profile';
import { usePainted } from '../../lib/use-painted';
import { useServerLimitation } from '../connections';
import { eventKeys, eventQueries, loadedRows, useFollow, usePush } from './api';
import { ActivityHistogram } from './activity-histogram';
import { EventDetail } from './event-detail';
import { filtersFromSearch, filtersToSearch, type EventFilters } from './event-filters';
import { exactTime } from './event-format';
import { EventList } from './event-list';
import { ExportDialog } from './export-dialog';
import { FilterBar } from './filter-bar';
import { LocalCopy } from './local-copy';
import styles from './events.module.css';

/** How long a remote's filter must stay put before its chart's counts are asked of the server. */
const REMOTE_CHART_DELAY_MS = 1_000;

/** Types that raise an OS notification while following (CORS and other settings changes). */
const WATCHED_TYPES = ['setting-created', 'setting-updated', 'setting-deleted'];

export default function EventsScreen() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const selectedId = Number(search.get('event')) || null;
  const profileId = useActiveProfileId() ?? '';
  const client = useQueryClient();
  // On servers without the event search (5.x), the app filters what the server's older search returns.
  const searchLimitation = useServerLimitation('eventSearch');
  const searchRef = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);
  const [following, setFollowing] = useState(false);
  const [arrived, setArrived] = useState(0);
  const follow = useFollow();

  const browse = eventQueries.browse(profileId, filters);
  // the key as of the last commit, for loadMore's look at the cache (a fresh array each render)
  const browseKey = useRef(browse.queryKey);
  useLayoutEffect(() => {
    browseKey.current = browse.queryKey;
  });
  const list = useInfiniteQuery(browse);
  // Ask main for the new filter's first page as soon as it is committed, not after the browser has painted the
  // loading state (where useInfiniteQuery's own effect would start it); the query cache makes this the same request.
  useLayoutEffect(() => {
    if (browse.enabled) void client.prefetchInfiniteQuery(browse);
  }, [profileId, filters]); // eslint-disable-line react-hooks/exhaustive-deps -- `browse` is rebuilt from these each render
  // the bars wait for the first rows: their count queries would otherwise hold main up in front of the list
  // and the last bars stay (dimmed) until the new ones come: the list below does not jump up and back down
  // On a remote read from the server, each bar is a count the server's database makes (seconds at a million events):
  // they wait until the filter has stayed put a moment, so a search typed right after the rows does not queue behind
  // the counts of the list it is leaving
  const countsOnServer = useActiveProfile()?.kind === 'remote' && list.data?.pages[0]?.source !== 'local';
  const filterKey = JSON.stringify(filters);
  const [settledKey, setSettledKey] = useState<string | null>(null);
  useEffect(() => {
    if (!countsOnServer) return;
    const timer = setTimeout(() => setSettledKey(filterKey), REMOTE_CHART_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filterKey, countsOnServer]);
  // the first rows of a filter are painted before the bars are asked: their answer, rendered in between, held the
  // rows' frame
  const rowsPainted = usePainted(list.data !== undefined ? `${profileId} ${filterKey}` : null);
  const histogram = useQuery({
    ...eventQueries.histogram(profileId, filters),
    enabled: profileId !== '' && rowsPainted && (!countsOnServer || settledKey === filterKey),
    placeholderData: keepPreviousData,
  });
  const events = useMemo(() => {
    const seen = new Set<number>();
    const all: FlagEvent[] = [];
    for (const page of list.data?.pages ?? []) {
      for (const event of page.events) {
        if (seen.has(event.id)) continue;
        seen.add(event.id);
        all.push(event);
      }
    }
    return all;
  }, [list.data]);
  const first = list.data?.pages[0];
  const total = first?.total ?? 0;

  // stable across URL changes (react-router's setter is not), so the memoised filter bar and type picker stay put
  const setSearchLatest = useRef(setSearch);
  useEffect(() => {
    setSearchLatest.current = setSearch;
  });
  const setFilters = useCallback((next: EventFilters) => setSearchLatest.current((current) => filtersToSearch(next, withoutEvent(current))), []);
  // from the URL as it is then, so that the memoised chart keeps its props while an event is selected (?event=)
  const narrowDates = useCallback(
    (from: string, to: string) => setSearchLatest.current((current) => filtersToSearch({ ...filtersFromSearch(current), from, to }, withoutEvent(current))),
    [],
  );
  const select = (id: number | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('event');
      else next.set('event', String(id));
      return next;
    }, { replace: true });
  // A page asked for while one is on its way is not asked again (cancelRefetch: false) rather than the screen
  // reading isFetchingNextPage: the query re-renders only for what the screen reads, so a page's start does not
  // re-render the whole screen in the middle of a scroll (it was one of the two slow steps each page cost).
  // While the loaded pages are read again (a refetch), a page asked for would be dropped: none is asked, and when
  // the refetch ends this callback changes, so the list's near-end check runs again and asks then.
  const { hasNextPage, fetchNextPage, isRefetching } = list;
  // `shown`: the rows the list had when it came near its end. A page that landed since (the list has not rendered
  // it yet) already answers it: asking again then read the page after it at once, two pages landing together.
  const loadMore = useCallback(
    (shown: number) => {
      const loaded = loadedRows(client.getQueryData(browseKey.current)?.pages ?? []);
      if (hasNextPage && !isRefetching && loaded <= shown) void fetchNextPage({ cancelRefetch: false });
    },
    [hasNextPage, isRefetching, fetchNextPage, client],
  );

  // `/` focuses the search from anywhere on the screen (not while typing in a field)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.key !== '/' || target?.closest('input, textarea, select, [contenteditable]')) return;
      e.preventDefault();
      searchRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  usePush('events.arrived', (update) => setArrived((count) => count + update.count));
  const toggleFollow = () => {
    const next = !following;
    follow.mutate(next ? WATCHED_TYPES : null);
    setFollowing(next);
    if (!next) setArrived(0);
  };
  useEffect(() => () => void follow.mutate(null), []); // eslint-disable-line react-hooks/exhaustive-deps
  // "N new" and Refresh both start the list over from its newest page (a refetch would read every page loaded)
  const showNew = () => {
    setArrived(0);
    void client.resetQueries({ queryKey: [...eventKeys.all(profileId), 'browse'] });
    void client.invalidateQueries({ queryKey: [...eventKeys.all(profileId), 'histogram'] });
  };

  // the rows carry no bodies: the opened event is read whole, by id (also when a link names one not loaded yet)
  // (arrowing through the list keeps the last one up for the few ms the next takes, rather than flashing a spinner)
  const opened = useQuery({
    ...eventQueries.event(profileId, selectedId ?? 0),
    enabled: profileId !== '' && selectedId !== null,
    placeholderData: keepPreviousData,
  });
  const selected = selectedId === null ? null : (opened.data ?? null);
  const source = first?.source === 'local' ? `from the local copy${first.syncedAt ? ` (as of ${exactTime(first.syncedAt)})` : ''}` : 'from the server';

  return (
    <section aria-label="Events" className={styles.screen}>
      <PageHeader
        title="Events"
        description={first ? `${total.toLocaleString()} ${total === 1 ? 'event' : 'events'} match, ${source}` : 'The whole history of the instance.'}
        actions={
          <>
            <RefreshButton
              // reading the list again or its first page, not loading its next page
              queries={[{ isFetching: isRefetching || list.isLoading, refetch: list.refetch }, histogram]}
              shown={first !== undefined}
              onRefresh={showNew}
            />
            <button type="button" className="button" aria-pressed={following} onClick={toggleFollow}>
              {following ? 'Following new events' : 'Follow new events'}
            </button>
            <button type="button" className="button button-primary" onClick={() => setExporting(true)} disabled={!first}>
              Export…
            </button>
          </>
        }
      />
      {searchLimitation && <Notice tone="info" title="This server's event search is limited">{searchLimitation}</Notice>}
      <LocalCopy />
      <FilterBar filters={filters} onChange={setFilters} searchRef={searchRef} profileId={profileId} />
      {histogram.data && (
        <ActivityHistogram histogram={histogram.data} stale={histogram.isPlaceholderData} onRange={narrowDates} />
      )}
      {arrived > 0 && (
        <button type="button" className={styles.newEvents} onClick={showNew}>
          {arrived} new {arrived === 1 ? 'event' : 'events'}: show
        </button>
      )}
      {list.isError && <ErrorBanner error={list.error} action="Loading events" onRetry={() => void list.refetch()} />}
      {list.isPending && !list.isError && <Loading label="Loading events…" />}
      {first && events.length === 0 && <EmptyState title="No events match">Change or clear the filters to see more of the history.</EmptyState>}
      {events.length > 0 && (
        <div className={`${styles.body} ${selectedId !== null ? styles.bodyWithDetail : ''}`}>
          <EventList events={events} total={total} selectedId={selectedId} onSelect={select} onOpen={select} onNearEnd={loadMore} />
          {selected && <EventDetail key={selected.id} event={selected} onClose={() => select(null)} />}
          {selectedId !== null && !selected && (
            <aside className={styles.detail} aria-label="Event detail">
              {opened.isError ? (
                <ErrorBanner error={opened.error} action="Loading the event" onRetry={() => void opened.refetch()} />
              ) : opened.isPending ? (
                <Loading label="Loading the event…" />
              ) : (
                <EmptyState title="This event is not in the log">The server no longer has event {selectedId}.</EmptyState>
              )}
            </aside>
          )}
        </div>
      )}
      {exporting && <ExportDialog filters={filters} total={total} onClose={() => setExporting(false)} />}
    </section>
  );
}

function withoutEvent(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('event');
  return next;
}
