import { expect } from 'vitest';
import type { EventQueryPage, Events } from '../../../shared/schemas';
import { toRow } from '../../../electron/backend/demo/events/event-row';
import { toNewEvent } from '../../../electron/events/local-index/local-event-index';
import { scanEventBytes, type ScannedPage } from '../../../electron/events/local-index/page-scan';
import { ScannedEvent } from '../../../electron/events/local-index/scanned-event';
import { unique } from '../support/run-id';
import { backendArea, type BackendExpect, type BackendScenario } from './scenario';
import { newFeature } from './fixtures';

/** Events list and search. The remote backend searches over the route the server has (docs/versions.md#routes-each-line-has). */
interface Fx {
  feature: string;
  segName: string;
}

const list = (check: (events: Events, fx: Fx) => void): BackendExpect<Fx> => ({ result: (value, fx) => check(value as Events, fx) });
const capped = (cap: number) =>
  list((events) => {
    expect(events.events.length).toBe(Math.min(cap, events.totalEvents ?? 0));
    // newest first by createdAt: 6.10.1 orders by time, so events of one transaction may tie in any id order
    const times = events.events.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });
const none = list((events) => {
  expect(events.events).toEqual([]);
  expect(events.totalEvents).toBe(0);
});

const listing: BackendScenario<Fx>[] = [
  { name: 'list: at most 100, newest first', run: (b) => b.listEvents({}), expect: capped(100) },
  {
    name: 'list ?project=default: 6.x caps at 100, 8.x at 50',
    run: (b) => b.listEvents({ project: 'default' }),
    expect: list((events) => {
      expect(events.events.length).toBe(Math.min(100, events.totalEvents ?? 0));
      expect(events.events.every((e) => e.project === 'default')).toBe(true);
    }),
    v8: list((events) => expect(events.events.length).toBe(Math.min(50, events.totalEvents ?? 0))),
  },
  { name: 'list ?project=unknown: empty', run: (b) => b.listEvents({ project: 'no-such-project' }), expect: none },
];

const searching: BackendScenario<Fx>[] = [
  {
    name: 'search by flag: its create and strategy-add events',
    run: (b, fx) => b.searchEvents({ feature: fx.feature }),
    expect: list((events) => {
      expect(events.events.map((e) => e.type)).toEqual(['feature-strategy-add', 'feature-created']);
      expect(events.totalEvents).toBe(2);
    }),
  },
  {
    name: 'search by text: 6.x totalEvents ignores the query, 8.x honours it',
    run: (b, fx) => b.searchEvents({ query: fx.segName }),
    expect: list((events) => {
      expect(events.events.map((e) => e.type)).toEqual(['segment-updated', 'segment-created']);
      expect(events.totalEvents).toBeGreaterThan(2);
    }),
    v8: list((events) => {
      expect(events.events.map((e) => e.type)).toEqual(['segment-updated', 'segment-created']);
      expect(events.totalEvents).toBe(2);
    }),
  },
  {
    name: 'search by type',
    run: (b) => b.searchEvents({ type: 'feature-created' }),
    expect: list((events) => {
      expect(events.events.length).toBeGreaterThan(0);
      expect(events.events.every((e) => e.type === 'feature-created')).toBe(true);
    }),
  },
  { name: 'search limit 1: the newest', run: (b) => b.searchEvents({ limit: 1 }), expect: list((events) => expect(events.events).toHaveLength(1)) },
  {
    name: 'search offset 5 limit 2',
    run: async (b) => ({ page: await b.searchEvents({ offset: 5, limit: 2 }), all: await b.searchEvents({ limit: 10 }) }),
    expect: {
      result: (value) => {
        const { page, all } = value as { page: Events; all: Events };
        // by time, not id: events written in the same millisecond come back in either order from 5.x's POST search
        // (it sorts by created_at alone), and so may swap between the two requests
        expect(page.events.map((e) => e.createdAt)).toEqual(all.events.slice(5, 7).map((e) => e.createdAt));
        expect(page.events).toHaveLength(2);
      },
    },
  },
  { name: 'search an unknown project: empty', run: (b) => b.searchEvents({ project: 'no-such-project' }), expect: none },
];

const page = (check: (result: EventQueryPage, fx: Fx) => void): BackendExpect<Fx> => ({
  result: (value, fx) => check(value as EventQueryPage, fx),
});

/** GET /search/events through queryEvents: the same on 6.10.1, 8.2.0 and the demo. */
const querying: BackendScenario<Fx>[] = [
  {
    name: 'query by type and text: label, summary and a total that honours the text',
    run: (b, fx) => b.queryEvents({ type: 'IS:segment-created', query: fx.segName }),
    expect: page((result, fx) => {
      expect(result.total).toBe(1);
      expect(result.events).toEqual([
        expect.objectContaining({ type: 'segment-created', label: 'Segment created', summary: `**admin** created segment **${fx.segName}**` }),
      ]);
    }),
  },
  {
    name: 'query IS_ANY_OF two types for one flag',
    run: (b, fx) => b.queryEvents({ feature: `IS:${fx.feature}`, type: 'IS_ANY_OF:feature-created,feature-strategy-add' }),
    expect: page((result) => {
      expect(result.events.map((e) => e.type)).toEqual(['feature-strategy-add', 'feature-created']);
      expect(result.total).toBe(2);
    }),
  },
  {
    name: 'query paging: limit outside 1..1000 falls back to 50',
    run: (b) => b.queryEvents({ limit: '1001' }),
    expect: page((result) => expect(result.events).toHaveLength(Math.min(50, result.total))),
  },
  {
    // The local copy's sync and the export walk date windows: `from` and `to` must take in whole days, both ends.
    name: 'query a date window: the day of an event holds it, the days around it do not',
    run: async (b, fx) => {
      const feature = `IS:${fx.feature}`;
      // oldest and newest of the flag's two events (they may fall on either side of midnight)
      const times = (await b.queryEvents({ feature })).events.map((e) => e.createdAt).sort();
      const day = (iso: string | undefined, shift = 0) =>
        `IS:${new Date(Date.parse((iso ?? '').slice(0, 10)) + shift * 86_400_000).toISOString().slice(0, 10)}`;
      const count = async (from: string, to: string) => (await b.queryEvents({ feature, from, to })).total;
      return {
        sameDays: await count(day(times[0]), day(times.at(-1))),
        before: await count(day(times[0], -2), day(times[0], -1)),
        after: await count(day(times.at(-1), 1), day(times.at(-1), 2)),
      };
    },
    expect: { result: (value) => expect(value).toEqual({ sameDays: 2, before: 0, after: 0 }) },
  },
  {
    // the local copy's sync scans each answer's text rather than parse it (page-scan.ts): on every server, what it
    // stores of a page is what the parsed page gives
    name: 'query as text: the sync scans from it the events, columns and body texts the parsed page gives',
    run: async (b, fx) => {
      const params = { feature: `IS:${fx.feature}`, limit: '50' };
      const parsed = await b.queryEvents(params);
      const answer = await b.queryEventsBytes(params);
      try {
        return { parsed, scanned: scanEventBytes(answer.bytes) };
      } finally {
        answer.release();
      }
    },
    expect: {
      result: (value) => {
        const { parsed, scanned } = value as { parsed: EventQueryPage; scanned: ScannedPage };
        expect(scanned.total).toBe(parsed.total);
        expect(scanned.events.length).toBeGreaterThan(0);
        const stored = (event: EventQueryPage['events'][number]) => {
          const plain = toNewEvent(event);
          const row = toRow(plain, true);
          return { id: event.id, createdAt: plain.createdAt, type: plain.type, project: plain.project, data: row?.dataText ?? null, preData: row?.preDataText ?? null, tags: row?.tagsText ?? null };
        };
        const fromScan = scanned.events.map((event) => {
          // every page of a real server is scanned, none left to JSON.parse
          if (!(event instanceof ScannedEvent)) throw new Error(`event ${event.id} was not scanned`);
          return { id: event.id, createdAt: event.createdAt, type: event.scalars.type, project: event.scalars.project, ...event.texts };
        });
        expect(fromScan).toEqual(parsed.events.map(stored));
      },
    },
  },
  {
    // the created-by filter's picker: every writer of the newest events is listed, once, by the id the filter takes
    name: 'event creators: each user id of the newest events, once, with a name',
    run: async (b) => ({ creators: await b.listEventCreators(), newest: (await b.queryEvents({ limit: '100' })).events }),
    expect: {
      result: (value) => {
        const { creators, newest } = value as { creators: { id: number; name: string }[]; newest: { createdByUserId?: number | null }[] };
        const ids = creators.map((creator) => creator.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(creators.every((creator) => creator.name.length > 0)).toBe(true);
        const writers = newest.map((event) => event.createdByUserId).filter((id): id is number => typeof id === 'number');
        expect(writers.length).toBeGreaterThan(0);
        expect(ids).toEqual(expect.arrayContaining([...new Set(writers)]));
      },
    },
  },
  {
    // the event browser's first page comes from the plain newest list (the search counts the whole log first)
    name: 'query the unfiltered first page, then the next: the search order, labels and total, no row twice or missing',
    run: async (b) => ({
      first: await b.queryEvents({ limit: '50', offset: '0' }),
      next: await b.queryEvents({ limit: '50', offset: '50' }),
      whole: await b.queryEvents({ limit: '100', offset: '0' }),
    }),
    expect: {
      result: (value) => {
        const { first, next, whole } = value as Record<'first' | 'next' | 'whole', EventQueryPage>;
        const shown = (events: EventQueryPage['events']) => events.map(({ id, type, createdAt, label, summary }) => ({ id, type, createdAt, label, summary }));
        expect(whole.total).toBeGreaterThan(100);
        expect(first.total).toBe(whole.total);
        expect(shown(first.events)).toEqual(shown(whole.events.slice(0, 50)));
        expect([...first.events, ...next.events].map((e) => e.id)).toEqual(whole.events.map((e) => e.id));
      },
    },
  },
  {
    name: 'query a type without IS: is refused',
    run: (b) => b.queryEvents({ type: 'feature-created' }),
    expect: { error: { status: 400, name: 'BadDataError', message: 'Request validation failed' } },
  },
];

export const eventsBackend = backendArea<Fx>({
  name: 'events',
  setup: async (b) => {
    // the project cap only shows with more than 100 events in the project
    const { totalEvents = 0 } = await b.listEvents({ project: 'default' });
    for (let i = totalEvents; i < 101; i += 1) await newFeature(b, 'b-fill');
    const feature = await newFeature(b, 'b-ev');
    await b.fixtures.addFeatureStrategy('default', feature, 'development', { name: 'default', constraints: [], parameters: {} });
    const segName = unique('b-ev-seg');
    const segment = await b.createSegment({ name: segName, constraints: [] });
    await b.updateSegment({ id: segment.id, segment: { name: segName, description: 'changed', constraints: [] } });
    return { feature, segName };
  },
  scenarios: [...listing, ...searching, ...querying],
});
