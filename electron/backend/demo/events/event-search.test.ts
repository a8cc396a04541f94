import { describe, expect, it } from 'vitest';
import type { SearchEvents } from '../../../../shared/schemas/event';
import { EventLog, type NewEvent } from './event-log';
import { CHUNK_EVENTS } from './haystack';
import { apiErrorOf } from '../test-support/demo';

function build(events: NewEvent[]): EventLog {
  let t = Date.parse('2026-01-01T00:00:00.000Z');
  const log = new EventLog({ clock: () => new Date((t += 1000)) });
  for (const e of events) log.append(e);
  return log;
}

const ids = (log: EventLog, input: SearchEvents) => log.search(input).events.map((e) => e.id);

// 1..6: a small instance with features in two projects, segments and a setting.
const sample: NewEvent[] = [
  { type: 'feature-created', createdBy: 'alice@example.com', project: 'checkout', featureName: 'new-cart', data: { name: 'new-cart', description: 'Faster CART' } },
  { type: 'feature-environment-enabled', createdBy: 'admin', project: 'checkout', featureName: 'new-cart', environment: 'production' },
  { type: 'segment-created', createdBy: 'bob@example.com', data: { id: 1, name: 'beta_users', constraints: [{ contextName: 'userId', values: ['u1'] }] } },
  { type: 'feature-created', createdBy: 'admin', project: 'growth', featureName: 'banner', data: { name: 'banner' }, tags: [{ type: 'simple', value: 'team-growth' }] },
  { type: 'segment-updated', createdBy: 'bob@example.com', data: { id: 1, name: 'betaXusers' }, preData: { id: 1, name: 'beta_users' } },
  { type: 'feature-strategy-add', createdBy: 'alice@example.com', project: 'checkout', featureName: 'new-cart', environment: 'production', data: { name: 'flexibleRollout', parameters: { rollout: '50' } } },
];

describe('EventLog.search filters', () => {
  const log = build(sample);

  it('returns everything newest first without a body', () => {
    expect(log.search({})).toMatchObject({ version: 1, totalEvents: 6 });
    expect(ids(log, {})).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('filters exactly and case-sensitively by type, project and feature, and combines them', () => {
    expect(ids(log, { type: 'feature-created' })).toEqual([4, 1]);
    expect(ids(log, { project: 'checkout' })).toEqual([6, 2, 1]);
    expect(ids(log, { project: 'Checkout' })).toEqual([]);
    expect(ids(log, { feature: 'new-cart' })).toEqual([6, 2, 1]);
    expect(ids(log, { feature: 'new' })).toEqual([]);
    expect(log.search({ type: 'feature-created', project: 'checkout' })).toMatchObject({ totalEvents: 1 });
    expect(ids(log, { type: 'feature-created', project: 'checkout', feature: 'new-cart' })).toEqual([1]);
    expect(log.search({ project: 'no-such-project' })).toEqual({ version: 1, events: [], totalEvents: 0 });
  });

  it('applies limit and offset as a row offset into the newest-first order', () => {
    expect(ids(log, { limit: 2 })).toEqual([6, 5]);
    expect(ids(log, { offset: 2, limit: 2 })).toEqual([4, 3]);
    expect(ids(log, { project: 'checkout', offset: 1 })).toEqual([2, 1]);
    expect(ids(log, { offset: 10 })).toEqual([]);
    expect(log.search({ offset: 10 }).totalEvents).toBe(6);
  });
});

describe('EventLog.search query', () => {
  const log = build(sample);

  it('matches case-insensitively inside type, createdBy, data, preData and tags', () => {
    expect(ids(log, { query: 'STRATEGY-ADD' })).toEqual([6]);
    expect(ids(log, { query: 'ALICE@' })).toEqual([6, 1]);
    expect(ids(log, { query: 'faster cart' })).toEqual([1]);
    expect(ids(log, { query: 'contextname' })).toEqual([3]); // a key inside data
    expect(ids(log, { query: 'beta_users' })).toEqual([5, 3]); // 5 through preData only
    expect(ids(log, { query: 'team-growth' })).toEqual([4]); // tags
  });

  it('does not search the project, feature name or environment columns themselves', () => {
    expect(ids(log, { query: 'checkout' })).toEqual([]);
    expect(ids(log, { query: 'production' })).toEqual([]);
    expect(ids(log, { query: 'banner' })).toEqual([4]); // found through data.name, not featureName
  });

  it('treats % and _ as wildcards, as the unescaped ILIKE does, and \\ as their escape', () => {
    expect(ids(log, { query: 'beta_users' })).toEqual([5, 3]); // '_' matched 'X' in 5's data too
    expect(ids(log, { query: 'beta\\_users' })).toEqual([5, 3]);
    expect(ids(log, { query: 'betaxusers' })).toEqual([5]);
    expect(ids(log, { query: 'new%cart' })).toEqual([1]);
    expect(ids(log, { query: 'flexible%50' })).toEqual([6]);
    expect(ids(log, { query: '%' })).toEqual([6, 5, 4, 3, 2, 1]);
    expect(ids(log, { query: 'trailing\\' })).toEqual([]);
  });

  it('keeps wildcards inside one column', () => {
    // 'admin' is createdBy, 'enabled' is in the type: they are different columns of event 2.
    expect(ids(log, { query: 'enabled%admin' })).toEqual([]);
    expect(ids(log, { query: 'feature-environment-enabled' })).toEqual([2]);
  });

  it('counts totalEvents from the filters alone, ignoring query, limit and offset', () => {
    expect(log.search({ query: 'alice', limit: 1 })).toMatchObject({ totalEvents: 6, events: [{ id: 6 }] });
    expect(log.search({ query: 'zzz-nothing' })).toEqual({ version: 1, events: [], totalEvents: 6 });
    expect(log.search({ project: 'checkout', query: 'alice' })).toMatchObject({ totalEvents: 3 });
    expect(ids(log, { project: 'checkout', query: 'alice' })).toEqual([6, 1]);
  });

  it('pages query results by row offset across storage chunks', () => {
    const big = build(
      Array.from({ length: CHUNK_EVENTS * 2 + 10 }, (_, i): NewEvent => ({
        type: 'feature-updated',
        createdBy: 'x',
        project: i % 2 === 0 ? 'even' : 'odd',
        data: { n: i % 3 === 0 ? 'Three-Long-Needle-Here' : 'other' },
      })),
    );
    const expected = [];
    for (let id = CHUNK_EVENTS * 2 + 10; id >= 1; id--) if ((id - 1) % 3 === 0) expected.push(id);
    expect(ids(big, { query: 'three-long-needle', limit: 100 })).toEqual(expected.slice(0, 100));
    expect(ids(big, { query: 'three-long-needle', offset: 2700, limit: 100 })).toEqual(expected.slice(2700, 2800));
    const evenThrees = expected.filter((id) => (id - 1) % 2 === 0);
    expect(ids(big, { project: 'even', query: 'three%needle', offset: 5, limit: 3 })).toEqual(evenThrees.slice(5, 8));
  });
});

describe('EventLog.search validation', () => {
  const log = build(sample);

  it.each([
    [{ limit: 0 }, '/body/limit', 'The `/body/limit` property must be >= 1. You sent 0.'],
    [{ limit: -1 }, '/body/limit', 'The `/body/limit` property must be >= 1. You sent -1.'],
    [{ limit: 101 }, '/body/limit', 'The `/body/limit` property must be <= 100. You sent 101.'],
    [{ offset: -1 }, '/body/offset', 'The `/body/offset` property must be >= 0. You sent -1.'],
    [{ limit: 'abc' }, '/body/limit', 'The `/body/limit` property must be integer. You sent "abc".'],
  ])('answers %j with a 400 naming the field', (body, path, message) => {
    const error = apiErrorOf(() => log.search(body as unknown as SearchEvents));
    expect(error.status).toBe(400);
    expect(error.name).toBe('BadDataError');
    expect(error.details).toEqual([{ path, message }]);
  });

  it('accepts numeric strings as the real server does', () => {
    expect(ids(log, { limit: '2' } as unknown as SearchEvents)).toEqual([6, 5]);
  });

  it('rejects an unknown type with the enum message', () => {
    const error = apiErrorOf(() => log.search({ type: 'not-an-event-type' } as unknown as SearchEvents));
    expect(error.status).toBe(400);
    const message = error.details?.[0]?.message ?? '';
    expect(message).toMatch(/^The `type` property must be equal to one of the allowed values: "application-created", "feature-created", /);
    expect(message).toMatch(/You provided "not-an-event-type", which is not valid\. Please use one of the allowed values instead\.\.$/);
  });
});
