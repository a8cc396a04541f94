import { compileQuery } from './chunk-search';
import type { FloatList, IdList, IntList, Interner, PositionIndex } from './columns';
import type { Haystack } from './haystack';
import { compileLike } from '../../event-query/like-pattern';
import type { EventQuery } from '../../event-query/event-query';

/** What the event log lends the query search: its columns, interners, indexes and text, read-only. */
export interface EventTables {
  size: number;
  createdAt: FloatList;
  type: Column<string>;
  project: Column<string>;
  feature: Column<string>;
  environment: Column<string>;
  createdByUserId: Column<number>;
  haystack: Haystack;
}

export interface Column<T extends string | number> {
  values: IdList;
  interner: Interner<T>;
  index?: PositionIndex;
}

export interface EventQueryHits {
  /** Event indexes of the page, newest first. */
  indexes: number[];
  total: number;
}

/** Newest-first candidate positions: at(0) is the newest. */
interface Source {
  length: number;
  at(k: number): number;
}

interface Filter {
  column: IdList;
  ids: Int32Array;
  lists: IntList[] | undefined;
}

const NOTHING: EventQueryHits = { indexes: [], total: 0 };

/**
 * GET /api/admin/search/events over the in-memory log: every filter ANDed, newest first (createdAt DESC, id DESC is
 * plain descending index order, since createdAt never decreases). The smallest candidate set (a position index, the
 * id list, or the date range) is walked and the other filters are checked per row; a text query over a large set is
 * one native scan of the haystack instead. `total` counts every match, so the walk always runs to the end.
 */
export function searchEventQuery(t: EventTables, q: EventQuery): EventQueryHits {
  // Demo events are never written inside a transaction group, so any groupId filter matches nothing.
  if (q.groupIds !== undefined) return NOTHING;
  const lo = q.fromMs === undefined ? 0 : lowerBound(t.createdAt, t.size, q.fromMs);
  const hi = q.toMs === undefined ? t.size : lowerBound(t.createdAt, t.size, q.toMs);
  if (lo >= hi) return NOTHING;

  const filters: Filter[] = [];
  for (const [values, column] of [
    [q.types, t.type],
    [q.projects, t.project],
    [q.features, t.feature],
    [q.environments, t.environment],
    [q.createdByUserIds, t.createdByUserId],
  ] as const) {
    if (values === undefined) continue;
    const filter = filterOf(values as (string | number)[], column as Column<string | number>);
    if (!filter) return NOTHING;
    filters.push(filter);
  }

  const compiled = q.text === undefined ? undefined : compileQuery(compileLike(q.text));
  if (compiled?.matcher.kind === 'none') return NOTHING;
  // Unleash matches data, tags and pre_data only; the haystack's JSON-only scans leave type and createdBy out.
  const text = compiled?.matcher.kind === 'all' ? undefined : compiled;

  // Ids are positions + 1; the id list, when given, is a candidate source like an index.
  let idSet: Set<number> | undefined;
  let best: { source: Source; filter: Filter | undefined } = { source: rangeSource(lo, hi), filter: undefined };
  if (q.ids !== undefined) {
    const positions = [...new Set(q.ids.map((id) => id - 1).filter((i) => i >= lo && i < hi))];
    idSet = new Set(positions);
    best = { source: arraySource(Int32Array.from(positions).sort().reverse()), filter: undefined };
  }
  for (const filter of filters) {
    if (!filter.lists) continue;
    const source = listSource(filter.lists, lo, hi);
    if (source.length < best.source.length) best = { source, filter };
  }

  const checks = filters.filter((f) => f !== best.filter);
  const idCheck = best.filter === undefined ? undefined : idSet;
  const passes = (i: number): boolean =>
    (idCheck === undefined || idCheck.has(i)) && checks.every((f) => includes(f.ids, f.column.at(i)));
  const { source } = best;

  if (text === undefined) {
    if (checks.length === 0 && idCheck === undefined) return directPage(source, q.offset, q.limit);
    return walk(source, (i) => passes(i), q);
  }
  // A text query over many rows: scan the text once and check the rest per hit.
  if (source.length * 8 > t.size) {
    if (filters.length === 0 && idSet === undefined && lo === 0 && hi === t.size) {
      const page = t.haystack.pageJson(text, q.offset, q.limit);
      if (page) return page;
    }
    const hits: number[] = [];
    let total = 0;
    const inId = idSet;
    t.haystack.scanJsonNewestFirst(text, (i) => {
      if (i < lo || i >= hi || (inId && !inId.has(i)) || !filters.every((f) => includes(f.ids, f.column.at(i)))) return true;
      if (total >= q.offset && hits.length < q.limit) hits.push(i);
      total++;
      return true;
    });
    return { indexes: hits, total };
  }
  return walk(source, (i) => passes(i) && t.haystack.jsonMatches(i, text), q);
}

function walk(source: Source, accept: (i: number) => boolean, q: EventQuery): EventQueryHits {
  const hits: number[] = [];
  let total = 0;
  for (let k = 0; k < source.length; k++) {
    const i = source.at(k);
    if (!accept(i)) continue;
    if (total >= q.offset && hits.length < q.limit) hits.push(i);
    total++;
  }
  return { indexes: hits, total };
}

function directPage(source: Source, offset: number, limit: number): EventQueryHits {
  const hits: number[] = [];
  for (let k = offset; k < source.length && hits.length < limit; k++) hits.push(source.at(k));
  return { indexes: hits, total: source.length };
}

function filterOf(values: (string | number)[], column: Column<string | number>): Filter | undefined {
  const ids = [...new Set(values.map((v) => column.interner.find(v)).filter((id): id is number => id !== undefined))];
  if (ids.length === 0) return undefined;
  const index = column.index;
  const lists = index ? ids.map((id) => index.get(id)).filter((list): list is IntList => list !== undefined) : undefined;
  return { column: column.values, ids: Int32Array.from(ids), lists };
}

function includes(ids: Int32Array, id: number): boolean {
  if (ids.length === 1) return ids[0] === id;
  return ids.includes(id);
}

function rangeSource(lo: number, hi: number): Source {
  return { length: hi - lo, at: (k) => hi - 1 - k };
}

function arraySource(newestFirst: Int32Array): Source {
  return { length: newestFirst.length, at: (k) => newestFirst[k] as number };
}

/** The positions of one or more index lists within [lo, hi); several lists are merged into one array. */
function listSource(lists: IntList[], lo: number, hi: number): Source {
  const bounds = lists.map((list) => [lowerBound(list, list.length, lo), lowerBound(list, list.length, hi)] as const);
  const only = lists[0];
  const [a, b] = bounds[0] ?? [0, 0];
  if (lists.length === 1 && only) return { length: b - a, at: (k) => only.at(b - 1 - k) };
  const length = bounds.reduce((sum, [from, to]) => sum + (to - from), 0);
  const merged = new Int32Array(length);
  let n = 0;
  lists.forEach((list, j) => {
    const [from, to] = bounds[j] ?? [0, 0];
    for (let p = from; p < to; p++) merged[n++] = list.at(p);
  });
  return arraySource(merged.sort().reverse());
}

/** First position p in [0, length) with list.at(p) >= value (the list is ascending). */
function lowerBound(list: { at(i: number): number }, length: number, value: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list.at(mid) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
