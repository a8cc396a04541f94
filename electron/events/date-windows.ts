import type { EventQueryParams, FlagEvent } from '../../shared/schemas';

/**
 * Walks a filtered event search in date windows, so every request's offset stays small: offsets past ~100,000 cost
 * the server most (real Unleash 8.2.0: a page at offset 500,000 took 755 ms, the newest page 257 ms). Shared by the
 * export (newest window first) and the local copy's sync (oldest first). Dates are the search's `IS:yyyy-MM-dd`
 * (UTC days, both ends inclusive).
 */

/** The server's page cap on GET /search/events (docs/server-behaviour.md#query-search: `limit` up to 1000). */
export const WINDOW_PAGE_SIZE = 1000;
/** A window holding more than this is split, so no request asks for an offset above it. */
export const WINDOW_MAX = 20_000;
/** A window holding fewer than this doubles the next one (sparse years take few requests). */
const WINDOW_MIN = 5_000;
const MAX_SPAN_DAYS = 512;
const DAY_MS = 86_400_000;
/** No event log reaches back further: a walk that gets here without its lower bound stops. */
const EPOCH = '1970-01-01';

/** What the walk reads of an event: its id (a page repeating one is dropped) and its date (gaps are jumped by it). */
export interface Dated {
  id: number;
  createdAt: string;
}
/** One page of the search: the events as the caller's source gives them (parsed, or as texts: the export). */
export type PageQuery<T extends Dated = FlagEvent> = (params: EventQueryParams) => Promise<{ events: T[]; total: number }>;
/** A search filter without paging; its own from/to bound the walk. */
export type WindowFilter = Omit<EventQueryParams, 'offset' | 'limit'>;

/** One page of a window: the events not seen before in it (server order, newest first), and whether it is whole now. */
export interface WindowPage<T extends Dated = FlagEvent> {
  /** First and last day of the window (inclusive); `to` undefined: no upper bound (the newest window of an export). */
  from: string | undefined;
  to: string | undefined;
  events: T[];
  windowDone: boolean;
}

export const dayOf = (iso: string | Date): string => new Date(iso).toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));
const maxDay = (a: string, b: string | undefined): string => (b !== undefined && b > a ? b : a);
const minDay = (a: string, b: string | undefined): string => (b !== undefined && b < a ? b : a);
/** The day of a filter's `IS:yyyy-MM-dd` bound (anything else the server ignores, and so do we). */
const boundDay = (value: string | undefined): string | undefined => /^IS:(\d{4}-\d{2}-\d{2})$/.exec(value ?? '')?.[1];

/**
 * Whether a window whose last day is `to` can no longer grow: one that ended before yesterday (UTC) cannot, as a
 * server's day is at most a day off ours. Its pages can be asked out of order; a growing window's cannot (an event
 * arriving between two answers given out of order would fall between them).
 */
export const settled = (to: string, today: string): boolean => to < addDays(today, -1);

/** settled() for a search's `to` filter: a search without an `IS:yyyy-MM-dd` upper bound is never settled. */
export function settledSearch(params: EventQueryParams, today: string): boolean {
  const to = boundDay(params.to);
  return to !== undefined && settled(to, today);
}

/** A window's page as the walk asks for it (a read ahead is matched on these parameters, in this order). */
function windowParams(filter: WindowFilter, from: string | undefined, to: string | undefined, offset: number): EventQueryParams {
  const bounds = { ...(from !== undefined ? { from: `IS:${from}` } : {}), ...(to !== undefined ? { to: `IS:${to}` } : {}) };
  return { ...filter, ...bounds, offset: String(offset), limit: String(WINDOW_PAGE_SIZE) };
}

/**
 * The pages of one window, each with the ids not seen earlier in it: events arriving meanwhile push the window's
 * pages down, so a page may repeat the end of the one before (ids only grow; nothing is skipped). Yields nothing but
 * 'too-large' when `splittable` and the window holds more than WINDOW_MAX.
 */
async function* windowPages<T extends Dated>(
  query: PageQuery<T>,
  filter: WindowFilter,
  from: string | undefined,
  to: string | undefined,
  splittable: boolean,
  onTotal?: (total: number) => void,
): AsyncGenerator<WindowPage<T> | 'too-large'> {
  const seen = new Set<number>();
  for (let offset = 0; ; offset += WINDOW_PAGE_SIZE) {
    const result = await query(windowParams(filter, from, to, offset));
    if (offset === 0) onTotal?.(result.total);
    if (offset === 0 && splittable && result.total > WINDOW_MAX) {
      yield 'too-large';
      return;
    }
    const events = result.events.filter((event) => !seen.has(event.id));
    for (const event of events) seen.add(event.id);
    const windowDone = result.events.length < WINDOW_PAGE_SIZE;
    yield { from, to, events, windowDone };
    if (windowDone) return;
  }
}

/**
 * The export's window after one of `span` days from `start` that held `count` events: one day older, as wide or twice
 * as wide when sparse. Undefined when the walk ends there (the filter's lower bound, or the epoch).
 */
function olderWindow(span: number, start: string | undefined, lower: string | undefined, count: number): { start: string; end: string; span: number } | undefined {
  if (start === undefined || start === lower) return undefined;
  const end = addDays(start, -1);
  if (end < EPOCH) return undefined;
  const next = count < WINDOW_MIN ? Math.min(MAX_SPAN_DAYS, span * 2) : span;
  return { start: maxDay(addDays(end, 1 - next), lower), end, span: next };
}

/**
 * Newest window first, for the export: first the filter's whole date range as one window (a result of at most
 * WINDOW_MAX needs no more); when larger, windows ending at the filter's `to` (none: open, so events the server dates
 * after our clock still come) and stepping back, one day wide at first, doubling while sparse, halving while over
 * WINDOW_MAX. An empty window asks once for the newest older match, which ends the walk or jumps over the gap.
 */
export async function* newestWindowsFirst<T extends Dated>(
  query: PageQuery<T>,
  filter: WindowFilter,
  options: {
    today: () => string;
    /** The count of the whole result, as the first request answers it. */
    onTotal?: (total: number) => void;
    /**
     * Told the first page of the window the walk will ask next, as soon as a window's first page says how many it
     * holds: that window's start depends only on that count. Asked then, it is ready when the window before ends,
     * where the server and the export otherwise took turns (140 windows of a million events). Told only of a window
     * that can no longer grow (settled()); the walk asks for it as usual, and a guess the walk does not ask is dropped.
     */
    hint?: (params: EventQueryParams) => void;
  },
): AsyncGenerator<WindowPage<T>> {
  const { today } = options;
  const lower = boundDay(filter.from);
  let end = boundDay(filter.to);
  const rest: WindowFilter = { ...filter };
  delete rest.from;
  delete rest.to;
  if ((filter.from && lower === undefined) || (filter.to && end === undefined)) {
    // a bound that is no `IS:yyyy-MM-dd`: one search as given, no windows, and the server says what it makes of it
    for await (const page of windowPages(query, filter, undefined, undefined, false, options.onTotal)) {
      if (page !== 'too-large') yield page;
    }
    return;
  }
  if (lower !== undefined && end !== undefined && lower > end) return;

  let span: number | 'all' = 'all';
  for (;;) {
    const start = span === 'all' ? lower : maxDay(addDays(end ?? today(), 1 - span), lower);
    let count = 0;
    let tooLarge = false;
    // a single day cannot be split (nor the open window of today when the whole range was too large)
    const splittable = span === 'all' ? start === undefined || start !== end : span > 1 && start !== end;
    const windowSpan = span;
    const onFirst = (total: number) => {
      if (windowSpan === 'all') options.onTotal?.(total);
      else if (options.hint && !(splittable && total > WINDOW_MAX)) {
        const next = olderWindow(windowSpan, start, lower, total);
        if (next !== undefined && total > 0 && settled(next.end, today())) options.hint(windowParams(rest, next.start, next.end, 0));
      }
    };
    for await (const page of windowPages(query, rest, start, end, splittable, onFirst)) {
      if (page === 'too-large') tooLarge = true;
      else {
        count += page.events.length;
        yield page;
      }
    }
    if (tooLarge) {
      span = span === 'all' ? 1 : Math.max(1, span >> 1);
      continue;
    }
    if (span === 'all') return;
    const next = olderWindow(span, start, lower, count);
    if (next === undefined) return;
    ({ end, span } = next);
    if (count === 0) {
      // a gap (or the start of the log): where is the newest older match, if any?
      const older = await query({ ...rest, ...(lower !== undefined ? { from: `IS:${lower}` } : {}), to: `IS:${end}`, limit: '1' });
      const newest = older.events[0];
      if (older.total === 0 || newest === undefined) return;
      end = minDay(dayOf(newest.createdAt), end);
    }
  }
}

/** Requests the sync keeps in flight at once: real Unleash answers a page of 1,000 in ~0.17 s, mostly waiting on its
 * database, so a few at a time overlap that wait with each other and with our own parsing and indexing; more would
 * only queue on the server (2 cores here, one Node process there). */
export const SYNC_IN_FLIGHT = 4;
/** Windows fetched ahead of the one the sync is storing (bounds the events held in memory). */
const WINDOWS_AHEAD = 2;

/** A whole window of the sync: its events (server order, newest first, each once). */
export interface WholeWindow<T extends Dated = FlagEvent> {
  from: string;
  to: string;
  events: T[];
}

/**
 * At most `max` calls of `fn` running at once; the others wait their turn, first come first served, except that an
 * urgent call goes before every waiting one (a window's first page, which plans the windows after it).
 */
function bounded<A, R>(max: number, fn: (arg: A) => Promise<R>): (arg: A, urgent?: boolean) => Promise<R> {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return async (arg, urgent = false) => {
    if (active < max) active++;
    else await new Promise<void>((resolve) => (urgent ? waiting.unshift(resolve) : waiting.push(resolve)));
    try {
      return await fn(arg);
    } finally {
      release();
    }
  };
}

/** Wakes one waiter; a wake with nobody waiting is dropped (waiters check their condition first). */
function wakeup() {
  let wake: (() => void) | undefined;
  return {
    wait: () => new Promise<void>((resolve) => (wake = resolve)),
    wake: () => {
      const waiting = wake;
      wake = undefined;
      waiting?.();
    },
  };
}

/**
 * The rest of a window after its first page. A window that ended before yesterday (UTC) cannot grow any more (a
 * server's day is at most a day off ours), so its remaining pages are asked all at once, their offsets known from the
 * first page's total; the newest windows are paged one after the other, as a log growing meanwhile pushes their pages
 * down (a page may then repeat the end of the one before; ids only grow, nothing is skipped).
 */
async function wholeWindow<T extends Dated>(ask: PageQuery<T>, from: string, to: string, first: { events: T[]; total: number }, stable: boolean): Promise<WholeWindow<T>> {
  const params = (offset: number): EventQueryParams => ({ from: `IS:${from}`, to: `IS:${to}`, offset: String(offset), limit: String(WINDOW_PAGE_SIZE) });
  const pages: T[][] = [first.events];
  let offset = WINDOW_PAGE_SIZE;
  if (stable && first.events.length === WINDOW_PAGE_SIZE) {
    const offsets: number[] = [];
    for (; offset < first.total; offset += WINDOW_PAGE_SIZE) offsets.push(offset);
    pages.push(...(await Promise.all(offsets.map(async (at) => (await ask(params(at))).events))));
  }
  // a full last page: the window may hold more than it said (or exactly a multiple of a page); ask until a short one
  while ((pages.at(-1) as T[]).length === WINDOW_PAGE_SIZE) {
    pages.push((await ask(params(offset))).events);
    offset += WINDOW_PAGE_SIZE;
  }
  const seen = new Set<number>();
  const events: T[] = [];
  for (const page of pages) {
    for (const event of page) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      events.push(event);
    }
  }
  return { from, to, events };
}

/**
 * Oldest window first, for the sync: from `first` to today (re-read each window, as the log grows while it runs),
 * one day wide at first, doubling while sparse, halving while over WINDOW_MAX. Windows are yielded whole and in
 * order, but fetched ahead: up to `inFlight` requests at once over the next windows. A failed request ends the walk
 * when its window's turn comes (every window before it has been yielded); leaving the walk early stops planning
 * more (requests under way finish, or the caller's signal aborts them).
 */
export async function* oldestWindowsFirst<T extends Dated = FlagEvent>(
  query: PageQuery<T>,
  first: string,
  today: () => string,
  inFlight = SYNC_IN_FLIGHT,
): AsyncGenerator<WholeWindow<T>> {
  const ask = bounded(inFlight, query);
  const ahead: Promise<WholeWindow<T>>[] = [];
  const arrived = wakeup();
  const room = wakeup();
  let planned = false;
  let left = false;
  void (async () => {
    let day = first;
    let span = 1;
    while (!left && day <= today()) {
      while (ahead.length >= WINDOWS_AHEAD && !left) await room.wait();
      if (left) return;
      const end = minDay(addDays(day, span - 1), today());
      const probe = await ask({ from: `IS:${day}`, to: `IS:${end}`, offset: '0', limit: String(WINDOW_PAGE_SIZE) }, true);
      if (probe.total > WINDOW_MAX && day !== end) {
        span = Math.max(1, span >> 1);
        continue;
      }
      const window = wholeWindow(ask, day, end, probe, settled(end, today()));
      window.catch(() => undefined); // its failure is thrown when its turn comes
      ahead.push(window);
      arrived.wake();
      day = addDays(end, 1);
      if (probe.total < WINDOW_MIN) span = Math.min(MAX_SPAN_DAYS, span * 2);
    }
  })().then(
    () => undefined,
    (error: unknown) => {
      const failed = Promise.reject(error);
      failed.catch(() => undefined);
      ahead.push(failed);
    },
  ).finally(() => {
    planned = true;
    arrived.wake();
  });
  try {
    for (;;) {
      const next = ahead[0];
      if (next === undefined) {
        if (planned) return;
        await arrived.wait();
        continue;
      }
      const window = await next;
      ahead.shift();
      room.wake();
      yield window;
    }
  } finally {
    left = true;
    room.wake();
  }
}
