import { describe, expect, it } from 'vitest';
import { EventLog, type NewEvent } from './event-log';
import type { EventQueryParams } from '../../../../shared/schemas/event';
import { CHUNK_EVENTS } from './haystack';
import { apiErrorOf } from '../test-support/demo';

/** One event per hour from 2026-01-01T00:00Z, so dates split the log at known ids. */
function build(events: NewEvent[]): EventLog {
  let t = Date.parse('2026-01-01T00:00:00.000Z') - 3_600_000;
  const log = new EventLog({ clock: () => new Date((t += 3_600_000)) });
  for (const e of events) log.append(e);
  return log;
}

const sample: NewEvent[] = [
  { type: 'feature-created', createdBy: 'alice', createdByUserId: 7, project: 'checkout', featureName: 'new-cart', data: { name: 'new-cart' } },
  { type: 'feature-environment-enabled', createdBy: 'admin', createdByUserId: -42, project: 'checkout', featureName: 'new-cart', environment: 'production' },
  { type: 'segment-created', createdBy: 'bob', createdByUserId: 8, data: { id: 1, name: 'Beta_Users' } },
  { type: 'feature-created', createdBy: 'admin', createdByUserId: -42, project: 'growth', featureName: 'banner', tags: [{ type: 'simple', value: 'team-growth' }] },
  { type: 'segment-updated', createdBy: 'bob', createdByUserId: 8, data: { id: 1, name: 'beta' }, preData: { id: 1, name: 'Beta_Users' } },
  { type: 'feature-strategy-add', createdBy: 'alice', createdByUserId: 7, project: 'checkout', featureName: 'new-cart', environment: 'development', data: { name: 'default' } },
];
const log = build(sample);
const ids = (params: EventQueryParams) => log.query(params).events.map((e) => e.id);
const total = (params: EventQueryParams) => log.query(params).total;

describe('EventLog.query filters', () => {
  it('lists everything newest first with label and summary', () => {
    const page = log.query({});
    expect(page.total).toBe(6);
    expect(page.events.map((e) => e.id)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(page.events[3]).toMatchObject({ type: 'segment-created', label: 'Segment created', summary: '**bob** created segment **Beta_Users**' });
  });

  it('filters by type, project, feature, environment and createdBy (user id), IS and IS_ANY_OF alike', () => {
    expect(ids({ type: 'IS:feature-created' })).toEqual([4, 1]);
    expect(ids({ type: 'IS_ANY_OF:segment-created,segment-updated' })).toEqual([5, 3]);
    expect(ids({ type: 'IS:segment-created,segment-updated' })).toEqual([5, 3]);
    expect(ids({ project: 'IS:checkout', type: 'IS:feature-created' })).toEqual([1]);
    expect(ids({ feature: 'IS:new-cart' })).toEqual([6, 2, 1]);
    expect(ids({ environment: 'IS:production' })).toEqual([2]);
    expect(ids({ createdBy: 'IS:-42' })).toEqual([4, 2]);
    expect(ids({ createdBy: 'IS_ANY_OF:7,8', project: 'IS:checkout' })).toEqual([6, 1]);
    expect(ids({ id: 'IS_ANY_OF:2,5,99' })).toEqual([5, 2]);
    expect(ids({ id: 'IS:1,2,3', type: 'IS:feature-created' })).toEqual([1]);
  });

  it('answers empty for unknown values, and for any groupId (demo events have none)', () => {
    expect(log.query({ type: 'IS:not-an-event-type' })).toEqual({ events: [], total: 0 });
    expect(log.query({ project: 'IS:nope' })).toEqual({ events: [], total: 0 });
    expect(log.query({ groupId: 'IS:01ABC' })).toEqual({ events: [], total: 0 });
  });

  it('treats `IS:` without values, an empty query and malformed 8.x filters as no filter', () => {
    expect(total({ type: 'IS:', query: '', environment: 'production', id: 'abc' })).toBe(6);
  });

  it('takes from as createdAt >= that day and to as createdAt < the next day (UTC)', () => {
    // hourly: ids 1..24 fall on 2026-01-01, ids 25..30 on 2026-01-02
    const days = build(Array.from({ length: 30 }, () => ({ type: 'segment-created', createdBy: 'x' })));
    const newest = (params: EventQueryParams) => {
      const page = days.query(params);
      return [page.total, page.events[0]?.id];
    };
    expect(newest({ to: 'IS:2026-01-01' })).toEqual([24, 24]);
    expect(newest({ from: 'IS:2026-01-02' })).toEqual([6, 30]);
    expect(days.query({ from: 'IS:2026-01-02', to: 'IS:2026-01-02', type: 'IS:segment-created' }).total).toBe(6);
    expect(days.query({ from: 'IS:2026-01-03' }).total).toBe(0);
  });
});

describe('EventLog.query text', () => {
  it('matches data, preData and tags case-insensitively, and total honours it', () => {
    expect(log.query({ query: 'beta_users' })).toMatchObject({ total: 2 });
    expect(ids({ query: 'BETA_USERS' })).toEqual([5, 3]);
    expect(ids({ query: 'team-growth' })).toEqual([4]);
  });

  it('never matches the type or createdBy columns', () => {
    expect(total({ query: 'segment-created' })).toBe(0);
    expect(total({ query: 'alice' })).toBe(0);
    // "new-cart" is in data of event 1 only, though other events of that flag carry it as featureName
    expect(ids({ query: 'new-cart' })).toEqual([1]);
  });

  it('keeps LIKE wildcards unescaped, as Unleash does', () => {
    expect(ids({ query: 'beta%users' })).toEqual([5, 3]);
    expect(total({ query: '%' })).toBe(6);
    expect(total({ query: '[]' })).toBe(5); // tags default to '[]'; only event 4 has tags
    expect(total({ query: '\\' })).toBe(0);
  });
});

describe('EventLog.query text in createdBy and in the JSON of the same event', () => {
  // Every event is by "admin"; some also carry it in data, preData or tags. Spans sealed chunks and the tail.
  const rows: NewEvent[] = Array.from({ length: CHUNK_EVENTS * 2 + 10 }, (_, i) => ({
    type: i % 16 === 0 ? 'feature-created' : 'admin-segment-updated',
    createdBy: 'admin',
    project: i % 2 === 0 ? 'checkout' : 'growth',
    data: { name: i % 5 === 0 ? `Admin-${i}` : `user-${i}` },
    ...(i % 7 === 0 ? { preData: { owner: 'admins' } } : {}),
    ...(i % 11 === 0 ? { tags: [{ type: 'simple', value: 'admin' }] } : {}),
  }));
  const big = build(rows);
  const expected = (keep: (i: number) => boolean) =>
    rows
      .map((_, i) => i)
      .filter((i) => (i % 5 === 0 || i % 7 === 0 || i % 11 === 0) && keep(i))
      .map((i) => i + 1)
      .reverse();

  it('counts and pages only the events whose JSON matches, over the full scan', () => {
    const all = expected(() => true);
    for (const query of ['admin', 'ADM_N', 'a%min']) {
      const page = big.query({ query, offset: '2', limit: '30' });
      expect(page.total).toBe(all.length);
      expect(page.events.map((e) => e.id)).toEqual(all.slice(2, 32));
    }
  });

  it('gives the same answer when a small filter (1 in 16 rows) is walked row by row', () => {
    const some = expected((i) => i % 16 === 0);
    const page = big.query({ type: 'IS:feature-created', project: 'IS:checkout', query: 'admin', limit: '1000' });
    expect(page.total).toBe(some.length);
    expect(page.events.map((e) => e.id)).toEqual(some);
  });
});

describe('EventLog.query paging (normalizeQueryParams)', () => {
  it('defaults to 50, accepts 1..1000 and falls back to 50 otherwise', () => {
    const big = build(Array.from({ length: 1200 }, (_, i) => ({ type: 'segment-created', createdBy: 'x', data: { n: i } })));
    expect(big.query({}).events).toHaveLength(50);
    expect(big.query({ limit: '1000' }).events).toHaveLength(1000);
    for (const limit of ['0', '-1', 'abc', '1001', '']) expect(big.query({ limit }).events).toHaveLength(50);
    expect(big.query({ limit: '2.5' }).events).toHaveLength(2);
    expect(big.query({ offset: '100', limit: '1' }).events[0]?.id).toBe(1100);
    expect(big.query({ offset: '-1', limit: '1' }).events[0]?.id).toBe(1200);
    expect(big.query({ offset: 'abc', limit: '1' }).total).toBe(1200);
  });

  it('pages a filtered text query the same way the full scan does', () => {
    const rows = Array.from({ length: CHUNK_EVENTS * 2 + 10 }, (_, i) => ({
      type: i % 3 === 0 ? 'feature-created' : 'segment-created',
      createdBy: 'x',
      data: { name: i % 2 === 0 ? `even-${i}` : `odd-${i}` },
    }));
    const big = build(rows);
    const expected = rows
      .map((r, i) => ({ ...r, id: i + 1 }))
      .filter((r) => r.type === 'segment-created' && r.data.name.startsWith('even'))
      .map((r) => r.id)
      .reverse();
    const page = big.query({ type: 'IS:segment-created', query: 'even', offset: '3', limit: '20' });
    expect(page.total).toBe(expected.length);
    expect(page.events.map((e) => e.id)).toEqual(expected.slice(3, 23));
  });
});

describe('EventLog.query errors the real server answers with a 500', () => {
  it('rejects a createdBy or id that is not a whole number', () => {
    const error = apiErrorOf(() => log.query({ createdBy: 'IS:admin' }));
    expect(error).toMatchObject({ status: 400, name: 'BadDataError' });
    expect(error.message).toContain('"admin" is not one');
    expect(apiErrorOf(() => log.query({ id: 'IS:abc' })).status).toBe(400);
  });

  it('rejects a date that does not exist', () => {
    const error = apiErrorOf(() => log.query({ from: 'IS:2026-13-45' }));
    expect(error).toMatchObject({ status: 400, name: 'BadDataError' });
    expect(error.message).toContain('"2026-13-45"');
  });
});
