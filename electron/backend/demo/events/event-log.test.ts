import { describe, expect, it } from 'vitest';
import { eventsSchema } from '../../../../shared/schemas/event';
import { EventLog, type NewEvent } from './event-log';

/** A clock that ticks one second per call, from a fixed instant. */
function tickingClock(start = Date.parse('2026-01-01T00:00:00.000Z')) {
  let t = start;
  return () => new Date((t += 1000));
}

function logWith(events: NewEvent[], clock = tickingClock()): EventLog {
  const log = new EventLog({ clock });
  for (const e of events) log.append(e);
  return log;
}

const ids = (r: { events: { id: number }[] }) => r.events.map((e) => e.id);

describe('EventLog.append', () => {
  it('returns the record with every key, in 6.10.1 order, null when absent and tags []', () => {
    const log = new EventLog({ clock: () => new Date('2026-11-22T12:45:36.013Z') });
    const record = log.append({ type: 'segment-created', createdBy: 'admin', createdByUserId: -42, data: { id: 1, name: 'beta' } });
    expect(record).toEqual({
      id: 1,
      type: 'segment-created',
      createdBy: 'admin',
      createdAt: '2026-11-22T12:45:36.013Z',
      createdByUserId: -42,
      data: { id: 1, name: 'beta' },
      preData: null,
      tags: [],
      featureName: null,
      project: null,
      environment: null,
    });
    expect(Object.keys(record ?? {})).toEqual([
      'id', 'type', 'createdBy', 'createdAt', 'createdByUserId', 'data', 'preData', 'tags', 'featureName', 'project', 'environment',
    ]);
  });

  it('numbers ids from 1 and never lets createdAt go backwards when the clock does', () => {
    const times = ['2026-05-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z'];
    let n = 0;
    const log = new EventLog({ clock: () => new Date(times[n++] as string) });
    const made = [1, 2, 3].map(() => log.append({ type: 'feature-created', createdBy: 'a' }));
    expect(made.map((e) => e?.id)).toEqual([1, 2, 3]);
    expect(made.map((e) => e?.createdAt)).toEqual(['2026-05-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z']);
  });

  it('drops an update whose data deep-equals its preData, whatever the key order (Unleash >= 6.8)', () => {
    const log = new EventLog({ clock: tickingClock() });
    const dropped = log.append({
      type: 'segment-updated',
      createdBy: 'admin',
      data: { name: 's', constraints: [{ values: ['a'], operator: 'IN' }] },
      preData: { constraints: [{ operator: 'IN', values: ['a'] }], name: 's' },
    });
    expect(dropped).toBeUndefined();
    expect(log.size).toBe(0);
    const kept = log.append({ type: 'segment-updated', createdBy: 'admin', data: { name: 't' }, preData: { name: 's' } });
    expect(kept?.id).toBe(1);
    expect(log.append({ type: 'segment-deleted', createdBy: 'admin', data: null, preData: { name: 't' } })?.id).toBe(2);
  });

  it('gives preData back with jsonb key order and data in insertion order, as the real server does', () => {
    const log = new EventLog({ clock: tickingClock() });
    const e = log.append({ type: 'segment-updated', createdBy: 'a', data: { name: 'n', id: 1, description: 'x' }, preData: { name: 'm', id: 1, description: 'y' } });
    expect(Object.keys(e?.data ?? {})).toEqual(['name', 'id', 'description']);
    expect(Object.keys(e?.preData ?? {})).toEqual(['id', 'name', 'description']);
  });

  it('keeps upper case, non-ASCII text and tags intact', () => {
    const log = new EventLog({ clock: tickingClock() });
    const data = { Name: 'Åsa İstanbul ÉCOLE', nested: { CamelCase: ['ABC', 'ß'] } };
    const tags = [{ type: 'simple', value: 'Team-Checkout' }];
    log.append({ type: 'feature-tagged', createdBy: 'Alice@Example.com', featureName: 'F', project: 'P', data, tags });
    const [record] = log.list({}).events;
    expect(record).toMatchObject({ createdBy: 'Alice@Example.com', data, tags, featureName: 'F', project: 'P' });
  });
});

describe('EventLog.list', () => {
  const many = (n: number, project: (i: number) => string | null) =>
    Array.from({ length: n }, (_, i): NewEvent => ({ type: 'feature-created', createdBy: 'a', project: project(i) }));

  it('returns the newest 100, newest first, with the total count of all events', () => {
    const log = logWith(many(150, () => 'default'));
    const result = log.list({});
    expect(eventsSchema.parse(result)).toBeTruthy();
    expect(result.events).toHaveLength(100);
    expect(ids(result).slice(0, 3)).toEqual([150, 149, 148]);
    expect(result.events.at(-1)?.id).toBe(51);
    expect(result.totalEvents).toBe(150);
  });

  it('orders same-instant events by id, newest first', () => {
    const log = logWith(many(3, () => null), () => new Date('2026-01-01T00:00:00.000Z'));
    expect(ids(log.list({}))).toEqual([3, 2, 1]);
  });

  it('filters by exact project, caps at 100 and counts that project only', () => {
    const log = logWith(many(250, (i) => (i % 2 === 0 ? 'alpha' : 'beta')));
    const alpha = log.list({ project: 'alpha' });
    expect(alpha.events).toHaveLength(100);
    expect(alpha.totalEvents).toBe(125);
    expect(alpha.events.every((e) => e.project === 'alpha')).toBe(true);
    expect(alpha.events[0]?.id).toBe(249);
    expect(log.list({ project: 'Alpha' })).toEqual({ version: 1, events: [], totalEvents: 0 });
  });

  it('answers an unknown project with an empty list, and treats an empty project as no filter', () => {
    const log = logWith(many(5, () => 'alpha'));
    expect(log.list({ project: 'no-such-project' })).toEqual({ version: 1, events: [], totalEvents: 0 });
    expect(log.list({ project: '' }).totalEvents).toBe(5);
  });
});

describe('EventLog snapshots', () => {
  it('round-trips every field and keeps numbering after a restore', () => {
    const clock = tickingClock();
    const log = logWith(
      [
        { type: 'feature-created', createdBy: 'Alice', createdByUserId: 3, project: 'p', featureName: 'f', data: { name: 'f', Big: 'ÅÄÖ' } },
        { type: 'feature-environment-enabled', createdBy: 'admin', createdByUserId: -42, project: 'p', featureName: 'f', environment: 'production' },
        { type: 'feature-tagged', createdBy: 'bob', featureName: 'f', data: { type: 'simple', value: 'x1' }, tags: [{ type: 'simple', value: 'x1' }] },
        { type: 'segment-updated', createdBy: 'bob', data: { name: 'b' }, preData: { name: 'a' } },
      ],
      clock,
    );
    const restored = EventLog.fromSnapshot(JSON.parse(JSON.stringify(log.toSnapshot())), { clock });
    expect(restored.list({})).toEqual(log.list({}));
    expect(restored.search({ query: 'åäö' }).events.map((e) => e.id)).toEqual([1]);
    expect(restored.append({ type: 'feature-archived', createdBy: 'bob' })?.id).toBe(5);
  });

  it('rejects malformed snapshots', () => {
    const good = logWith([{ type: 'feature-created', createdBy: 'a' }]).toSnapshot() as { rows: Record<string, unknown[]> };
    expect(() => EventLog.fromSnapshot({ kind: 'something-else' })).toThrow();
    expect(() => EventLog.fromSnapshot({ ...good, rows: { ...good.rows, type: [] } })).toThrow();
    expect(() => EventLog.fromSnapshot({ ...good, rows: { ...good.rows, type: [7] } })).toThrow();
    expect(() => EventLog.fromSnapshot({ ...good, rows: { ...good.rows, data: ['not json'] } })).toThrow();
  });
});

describe('EventLog columns past 256 and 65,536 distinct values', () => {
  it('keeps every flag name and filters by it, whatever the number of flags', () => {
    const count = 70_000;
    const events = Array.from({ length: count }, (_, i) => ({
      type: i % 2 === 0 ? 'feature-created' : 'feature-archived',
      createdBy: `user${i % 300}`,
      featureName: `flag-${i}`,
      project: 'default',
      createdAt: new Date(Date.parse('2026-01-01T00:00:00.000Z') + i).toISOString(),
    }));
    const log = new EventLog({ chunkEvents: 16_384 });
    log.appendHistory(events);
    for (const i of [0, 255, 256, 65_535, 65_536, count - 1]) {
      const found = log.search({ feature: `flag-${i}` });
      expect(found.events.map((e) => [e.id, e.featureName, e.createdBy])).toEqual([[i + 1, `flag-${i}`, `user${i % 300}`]]);
    }
    expect(log.query({ feature: 'IS:flag-65536' }).events[0]?.id).toBe(65_537);
  });
});
