import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { EventLog, type NewEvent } from './event-log';
import { SpillFile } from './spill-file';
import { jsonbText, jsonText } from '../../event-query/pg-json-text';

/**
 * The event store (typed columns in memory, bodies in chunks on disk) answers as a naive filter over the same events
 * does. Chunks are made a few events long so that every run crosses several of them, on disk and in the tail.
 */

const WORDS = ['Alpha', 'beta', 'ÅSE', 'straße', 'İz', 'roll_out', '50%', 'a\\b', 'x'];
const text = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 3 }).map((w) => w.join(' '));
const body = fc.option(fc.record({ name: text, Note: text }), { nil: null });
const event: fc.Arbitrary<NewEvent> = fc.record({
  type: fc.constantFrom('feature-created', 'segment-updated', 'feature-strategy-update'),
  createdBy: fc.constantFrom('admin', 'Alice', 'bob'),
  createdByUserId: fc.constantFrom(1, 2, null),
  project: fc.constantFrom('default', 'growth', null),
  featureName: fc.constantFrom('new-cart', 'banner', null),
  environment: fc.constantFrom('production', null),
  data: body,
  preData: body,
  tags: fc.array(fc.record({ type: fc.constant('simple'), value: text }), { maxLength: 2 }),
});
/**
 * A LIKE pattern from the same words, sometimes with wildcards and escapes, and with the JSON punctuation and spaces
 * that split the store's word index (chunk-tokens.ts), so needles within one word and across words both occur.
 */
const pattern = fc
  .array(
    fc.constantFrom(...WORDS, 'ALP', 'ta', '%', '_', 'ß', '\\%', 'name', 'bob', 'lice', 'segment', ' ', '"', 'e":"', '[{', '}'),
    { minLength: 1, maxLength: 3 },
  )
  .map((parts) => parts.join(''));

/** SQL LIKE (case-folded as the store folds), written plainly: `%` any run, `_` one char, `\` escapes. */
function like(value: string, query: string): boolean {
  const v = [...value.toLowerCase()];
  const p = [...query.toLowerCase()];
  const at = (i: number, j: number): boolean => {
    if (j === p.length) return i === v.length;
    const ch = p[j] as string;
    if (ch === '%') return at(i, j + 1) || (i < v.length && at(i + 1, j));
    if (ch === '\\') {
      if (j + 1 === p.length) return false;
      return i < v.length && v[i] === p[j + 1] && at(i + 1, j + 2);
    }
    return i < v.length && (ch === '_' || v[i] === ch) && at(i + 1, j + 1);
  };
  return at(0, 0);
}
const contains = (value: string, query: string) => like(value, `%${query}%`);

const START = Date.parse('2026-01-01T00:00:00.000Z');

/** The events a minute apart, the first `from` minutes after START. */
const dated = (events: NewEvent[], from = 0) =>
  events.map((e, i) => ({ ...e, createdAt: new Date(START + (from + i) * 60_000).toISOString() }));

function build(events: NewEvent[], chunkEvents: number): EventLog {
  const log = new EventLog({ chunkEvents });
  log.appendHistory(dated(events), { keepNoOps: true });
  return log;
}

/** The JSON columns as the store's text search sees them (tags default to '[]'). */
function columns(e: NewEvent): string[] {
  return [
    e.data == null ? '' : jsonText(e.data),
    e.preData == null ? '' : jsonbText(e.preData),
    e.tags && e.tags.length > 0 ? jsonText(e.tags) : '[]',
  ];
}

/** The queries the rollback tests ask: lists, filters and text over the tail and the sealed chunks. */
const asked = (query: string) => [
  { limit: '100' },
  { query, limit: '100' },
  { type: 'IS:segment-updated', query, limit: '100' },
  { project: 'IS:growth', query, limit: '100' },
  { project: 'IS:growth', limit: '100' },
  { query: 'alpha', limit: '100' },
];
const searched = (query: string): Parameters<EventLog['search']>[0][] => [
  { query, limit: 100 },
  { query, type: 'segment-updated' as const, limit: 100 },
  { query: 'alpha', project: 'growth', limit: 100 },
];

function ask(log: EventLog, query: string): void {
  for (const params of asked(query)) log.query(params);
  for (const params of searched(query)) log.search(params);
  log.creators();
}

function expectSameAnswers(log: EventLog, expected: EventLog, query: string): void {
  for (const params of asked(query)) expect(log.query(params)).toEqual(expected.query(params));
  for (const params of searched(query)) expect(log.search(params)).toEqual(expected.search(params));
  expect(log.creators()).toEqual(expected.creators());
  // the snapshot holds every column, the interned values and each body's text
  expect(log.toSnapshot()).toEqual(expected.toSnapshot());
}

describe('the event store against a naive filter', () => {
  it('GET /search/events: filters, text over data/preData/tags, offset and limit, newest first', () => {
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 40 }),
        fc.integer({ min: 1, max: 6 }),
        fc.option(fc.constantFrom('feature-created', 'segment-updated'), { nil: undefined }),
        fc.option(fc.constantFrom('default', 'growth'), { nil: undefined }),
        fc.option(pattern, { nil: undefined }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 15 }),
        (events, chunkEvents, type, project, query, offset, limit) => {
          const log = build(events, chunkEvents);
          const expected = events
            .map((e, i) => ({ e, id: i + 1 }))
            .filter(({ e }) => (type === undefined || e.type === type) && (project === undefined || e.project === project))
            .filter(({ e }) => !query || columns(e).some((column) => contains(column, query)))
            .reverse();
          const page = log.query({
            ...(type && { type: `IS:${type}` }),
            ...(project && { project: `IS:${project}` }),
            ...(query && { query }),
            offset: String(offset),
            limit: String(limit),
          });
          expect(page.total).toBe(expected.length);
          expect(page.events.map((e) => e.id)).toEqual(expected.slice(offset, offset + limit).map(({ id }) => id));
        },
      ),
      { numRuns: 300 },
    );
  }, 30_000);

  it('POST /events/search: text also over type and createdBy, stopping at the limit', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), fc.integer({ min: 1, max: 6 }), pattern, (events, chunkEvents, query) => {
        const log = build(events, chunkEvents);
        const expected = events
          .map((e, i) => ({ e, id: i + 1 }))
          .filter(({ e }) => [e.type, e.createdBy, ...columns(e)].some((column) => contains(column, query)))
          .reverse()
          .map(({ id }) => id);
        expect(log.search({ query, limit: 10 }).events.map((e) => e.id)).toEqual(expected.slice(0, 10));
        expect(log.search({ query, type: 'segment-updated', limit: 10 }).events.map((e) => e.id)).toEqual(
          expected.filter((id) => events[id - 1]?.type === 'segment-updated').slice(0, 10),
        );
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  it('opens any event with its bodies exactly as written, wherever its chunk is kept', () => {
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 6 }), (events, chunkEvents) => {
        const log = build(events, chunkEvents);
        events.forEach((e, i) => {
          const [opened] = log.query({ id: `IS:${i + 1}` }).events;
          expect(opened).toMatchObject({
            id: i + 1,
            type: e.type,
            createdBy: e.createdBy,
            data: e.data ? JSON.parse(jsonText(e.data)) : null,
            preData: e.preData ? JSON.parse(jsonbText(e.preData)) : null,
            tags: e.tags ?? [],
            project: e.project,
          });
        });
        const restored = EventLog.fromSnapshot(JSON.parse(JSON.stringify(log.toSnapshot())), { chunkEvents: 2 });
        expect(restored.query({ limit: '1000' })).toEqual(log.query({ limit: '1000' }));
      }),
      { numRuns: 100 },
    );
  }, 30_000);

  it('rolled back, answers as if the events since the mark had never been stored, wherever the chunks were sealed', () => {
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 15 }),
        // the events taken back, and those stored after them: as many (the same rows, other values) or any number
        fc
          .array(event, { minLength: 1, maxLength: 15 })
          .chain((undone) =>
            fc.tuple(fc.constant(undone), fc.oneof(fc.array(event, { minLength: undone.length, maxLength: undone.length }), fc.array(event, { maxLength: 15 }))),
          ),
        fc.integer({ min: 1, max: 6 }),
        pattern,
        (kept, [undone, after], chunkEvents, query) => {
          const log = build(kept, chunkEvents);
          ask(log, query);
          const mark = log.mark();
          log.appendHistory(dated(undone, kept.length), { keepNoOps: true });
          // answers asked before the rollback fill the caches: none of them may answer after it
          ask(log, query);
          log.rollBack(mark);
          expectSameAnswers(log, build(kept, chunkEvents), query);
          ask(log, query);
          log.appendHistory(dated(after, kept.length), { keepNoOps: true });
          const expected = build([...kept, ...after], chunkEvents);
          expectSameAnswers(log, expected, query);
          // and the undone events' bytes are written over, not kept on in the scratch file
          expect(log.memoryBytes().spillFile).toBe(expected.memoryBytes().spillFile);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('rolled back after a chunk failed to seal on its second write, answers as before, with no bytes left over', () => {
    fc.assert(
      fc.property(fc.array(event, { minLength: 3, maxLength: 12 }), fc.array(event, { minLength: 3, maxLength: 12 }), (kept, more) => {
        const chunkEvents = 3;
        const log = build(kept, chunkEvents);
        const mark = log.mark();
        const append = SpillFile.prototype.append;
        let calls = 0;
        const full = vi.spyOn(SpillFile.prototype, 'append').mockImplementation(function (this: SpillFile, bytes: Uint8Array) {
          if (++calls === 2) throw new Error('ENOSPC: no space left on device');
          return append.call(this, bytes);
        });
        try {
          expect(() => log.appendHistory(dated(more, kept.length), { keepNoOps: true })).toThrow('ENOSPC');
        } finally {
          full.mockRestore();
        }
        log.rollBack(mark);
        log.appendHistory(dated(more, kept.length), { keepNoOps: true });
        const expected = build([...kept, ...more], chunkEvents);
        expectSameAnswers(log, expected, 'alpha');
        expect(log.memoryBytes().spillFile).toBe(expected.memoryBytes().spillFile);
      }),
      { numRuns: 50 },
    );
  });
});

describe('EventLog.rollBack, one case each', () => {
  const made = (type: string, name: string, createdByUserId: number | null = null, createdBy = 'u'): NewEvent => ({
    type,
    createdBy,
    createdByUserId,
    data: { name },
  });

  it('fails before it changes anything when a sealed chunk cannot be read back: every row keeps its own body', () => {
    const kept = [0, 1, 2, 3].map((i) => made('feature-created', `kept${i}`));
    const undone = [0, 1, 2, 3].map((i) => made('feature-created', `undone${i}`));
    const log = build(kept, 3);
    const mark = log.mark();
    log.appendHistory(dated(undone, 4), { keepNoOps: true });
    const unreadable = vi.spyOn(SpillFile.prototype, 'read').mockImplementation(() => {
      throw new Error('EIO: i/o error');
    });
    try {
      expect(() => log.rollBack(mark)).toThrow('EIO');
    } finally {
      unreadable.mockRestore();
    }
    const after = [made('feature-created', 'after0')];
    log.appendHistory(dated(after, 8), { keepNoOps: true });
    expectSameAnswers(log, build([...kept, ...undone, ...after], 3), 'undone');
  });

  it('forgets a chunk it had read for a search: the chunk sealed again in its place is read again', () => {
    const kept = Array.from({ length: 8 }, (_, i) => made('feature-created', `k${i}`));
    const log = build(kept, 4);
    const mark = log.mark();
    log.appendHistory(dated([made('segment-updated', 'alpha'), ...[1, 2, 3].map(() => made('feature-created', 'x'))], 8), { keepNoOps: true });
    expect(log.search({ type: 'segment-updated', query: 'alpha', limit: 10 }).events).toHaveLength(1);
    log.rollBack(mark);
    const after = [made('segment-updated', 'beta'), made('feature-created', 'alpha'), made('feature-created', 'x'), made('feature-created', 'x')];
    log.appendHistory(dated(after, 8), { keepNoOps: true });
    expect(log.search({ type: 'segment-updated', query: 'alpha', limit: 10 }).events).toEqual([]);
  });

  it('forgets who wrote the events taken back, even when as many are stored again', () => {
    const log = build([made('feature-created', 'k', 1, 'one')], 4);
    const mark = log.mark();
    log.appendHistory(dated([made('feature-created', 'u', 2, 'two')], 1), { keepNoOps: true });
    expect(log.creators()).toHaveLength(2);
    log.rollBack(mark);
    log.appendHistory(dated([made('feature-created', 'v', 3, 'three')], 1), { keepNoOps: true });
    expect(log.creators()).toEqual([
      { id: 1, name: 'one' },
      { id: 3, name: 'three' },
    ]);
  });
});
