import { compileQuery } from './chunk-search';
import type { IdList, IntList } from './columns';
import type { EventQueryHits, EventTables } from './event-query-search';
import type { NormalizedSearch } from './search-input';
import { compileLike } from '../../event-query/like-pattern';

/**
 * POST /api/admin/events/search (6.x, deprecated) over the log's columns: the events a normalised body picks, newest
 * first, and how many match in all. Apart from event-log.ts as GET /search/events is (event-query-search.ts): the log
 * lends its tables and makes records of the hits.
 */
export function searchEvents(t: EventTables, s: NormalizedSearch): EventQueryHits {
  const filters: { list: IntList; column: IdList; id: number }[] = [];
  for (const [value, column] of [
    [s.type, t.type],
    [s.project, t.project],
    [s.feature, t.feature],
  ] as const) {
    if (value === undefined) continue;
    const id = column.interner.find(value);
    const list = id === undefined ? undefined : column.index?.get(id);
    if (id === undefined || !list) return { indexes: [], total: 0 };
    filters.push({ list, column: column.values, id });
  }
  filters.sort((a, b) => a.list.length - b.list.length);
  const others = filters.slice(1);
  const passes = (i: number): boolean => others.every((f) => f.column.at(i) === f.id);
  const q = compileQuery(s.query === undefined ? { kind: 'all' } : compileLike(s.query));

  const picked: number[] = [];
  let skip = s.offset;
  const take = (i: number): boolean => {
    if (skip > 0) skip--;
    else picked.push(i);
    return picked.length < s.limit;
  };

  const smallest = filters[0]?.list;
  let totalEvents: number;
  if (!smallest) {
    totalEvents = t.size;
    if (q.matcher.kind === 'all') {
      for (let i = t.size - 1 - s.offset; i >= 0 && picked.length < s.limit; i--) picked.push(i);
    } else {
      t.haystack.scanNewestFirst(q, take);
    }
  } else {
    totalEvents = others.length === 0 ? smallest.length : countWhere(smallest, passes);
    // Walk the smallest index when it is small; otherwise one pass of the text scan, checking filters per hit.
    if (q.matcher.kind === 'all' || smallest.length * 8 <= t.size) {
      for (let j = smallest.length - 1; j >= 0; j--) {
        const i = smallest.at(j);
        if (passes(i) && t.haystack.matches(i, q) && !take(i)) break;
      }
    } else {
      const first = filters[0] as (typeof filters)[number];
      t.haystack.scanNewestFirst(q, (i) => (first.column.at(i) === first.id && passes(i) ? take(i) : true));
    }
  }
  return { indexes: picked, total: totalEvents };
}

function countWhere(list: IntList, passes: (i: number) => boolean): number {
  let n = 0;
  for (let j = 0; j < list.length; j++) if (passes(list.at(j))) n++;
  return n;
}
