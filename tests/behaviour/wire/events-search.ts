import { expect } from 'vitest';
import { addStrategy, createFeature, createSegment } from '../support/wire-fixtures';
import type { Send, WireRequest } from '../support/wire-client';
import { unique } from '../support/run-id';
import { area, type WireExpect, type WireScenario } from './scenario';
import { badData, malformedJson, noToken, contentType, removedOn8 } from './common';

/** Probe "Events: POST /api/admin/events/search" (6.x, removed in 8.x) and "GET /api/admin/search/events". */
interface Fx {
  feature: string;
  segName: string;
}

interface EventList {
  events: { id: number; type: string; project: string | null }[];
  totalEvents?: number;
  total?: number;
}

const PATH = '/api/admin/events/search';
const gone = removedOn8<Fx>(PATH);
const post = (body: unknown): WireRequest => ({ method: 'POST', path: PATH, body });

function listed(check: (list: EventList, fx: Fx) => void): WireExpect<Fx> {
  return {
    status: 200,
    body: (json, fx) => {
      const list = json as EventList;
      if (list.totalEvents !== undefined) expect(json).toMatchObject({ version: 1 });
      check(list, fx);
    },
  };
}
const total = (list: EventList): number => list.totalEvents ?? list.total ?? -1;
const allOfType = (type: string) =>
  listed((list) => {
    expect(list.events.length).toBeGreaterThan(0);
    expect(list.events.every((e) => e.type === type)).toBe(true);
    expect(total(list)).toBeGreaterThanOrEqual(list.events.length);
  });
const empty = listed((list) => {
  expect(list.events).toEqual([]);
  expect(total(list)).toBe(0);
});
const upTo = (cap: number) =>
  listed((list) => {
    expect(list.events.length).toBe(Math.min(cap, total(list)));
  });

const body6Rows: WireScenario<Fx>[] = [
  { name: 'search {}: all, at most 100', request: post({}), expect: upTo(100) },
  { name: 'search type=feature-created', request: post({ type: 'feature-created' }), expect: allOfType('feature-created') },
  { name: 'search type=segment-created', request: post({ type: 'segment-created' }), expect: allOfType('segment-created') },
  {
    name: 'search project=default',
    request: post({ project: 'default' }),
    expect: listed((list) => expect(list.events.every((e) => e.project === 'default')).toBe(true)),
  },
  {
    name: 'search feature=<flag>: its create and strategy-add events',
    request: (fx) => post({ feature: fx.feature }),
    expect: listed((list) => {
      expect(list.events.map((e) => e.type)).toEqual(['feature-strategy-add', 'feature-created']);
      expect(list.totalEvents).toBe(2);
    }),
  },
  {
    name: 'search query=<segment name>: matches, but totalEvents ignores the query',
    request: (fx) => post({ query: fx.segName }),
    expect: listed((list) => {
      expect(list.events.map((e) => e.type)).toEqual(['segment-updated', 'segment-created']);
      expect(list.totalEvents).toBeGreaterThan(2);
    }),
  },
  {
    name: 'search limit=1 offset=0: the newest event',
    request: post({ limit: 1, offset: 0 }),
    expect: listed((list) => expect(list.events).toHaveLength(1)),
  },
  {
    name: 'search offset=5 limit=2: the 6th and 7th newest',
    request: post({ offset: 5, limit: 2 }),
    expect: listed((list) => {
      expect(list.events).toHaveLength(2);
      expect((list.events[0]?.id ?? 0) - (list.events[1]?.id ?? 0)).toBeGreaterThan(0);
    }),
  },
  { name: 'search limit=100', request: post({ limit: 100 }), expect: upTo(100) },
  { name: 'search limit=0', request: post({ limit: 0 }), expect: badData('The `/body/limit` property must be >= 1. You sent 0.', '/body/limit') },
  { name: 'search limit=101', request: post({ limit: 101 }), expect: badData('The `/body/limit` property must be <= 100. You sent 101.', '/body/limit') },
  { name: 'search limit=-1', request: post({ limit: -1 }), expect: badData('The `/body/limit` property must be >= 1. You sent -1.', '/body/limit') },
  { name: 'search offset=-1', request: post({ offset: -1 }), expect: badData('The `/body/offset` property must be >= 0. You sent -1.', '/body/offset') },
  { name: "search limit='5' is coerced", request: post({ limit: '5' }), expect: listed((list) => expect(list.events).toHaveLength(5)) },
  { name: "search limit='abc'", request: post({ limit: 'abc' }), expect: badData('The `/body/limit` property must be integer. You sent "abc".', '/body/limit') },
  {
    name: 'search type not in the enum',
    request: post({ type: 'not-an-event-type' }),
    expect: { ...badData<Fx>('You provided "not-an-event-type", which is not valid.', 'type') },
  },
  { name: 'search project unknown', request: post({ project: 'no-such-project' }), expect: empty },
  { name: 'search project as a number is coerced', request: post({ project: 5 }), expect: empty },
  { name: 'search query of 1 character', request: post({ query: 'p' }), expect: listed((list) => expect(list.events.length).toBeGreaterThan(0)) },
  {
    name: 'search query of 51 characters',
    request: post({ query: 'q'.repeat(51) }),
    expect: listed((list) => expect(list.events).toEqual([])),
  },
  { name: 'search feature of 51 characters', request: post({ feature: 'f'.repeat(51) }), expect: empty },
  { name: 'search unknown field is ignored', request: post({ bogus: 1 }), expect: upTo(100) },
  { name: 'search malformed JSON', request: { method: 'POST', path: PATH, raw: '{' }, expect: malformedJson() },
  { name: 'search text/plain', request: { method: 'POST', path: PATH, raw: '{}', contentType: 'text/plain' }, expect: contentType('text/plain') },
  { name: 'search no token', request: { method: 'POST', path: PATH, body: {}, token: null }, expect: noToken() },
];

const body6 = body6Rows.map((row): WireScenario<Fx> => {
  // 8.x removed the body search: every parsed request with a token is the route 404
  const keeps = row.name === 'search malformed JSON' || row.name === 'search no token';
  return keeps ? row : { ...row, v8: gone };
});

const get = (query: string): WireRequest => ({ method: 'GET', path: `/api/admin/search/events${query}` });
const everything = listed((list) => expect(list.events.length).toBe(Math.min(50, total(list))));

const query8: WireScenario<Fx>[] = [
  { name: 'GET search: no params (default limit 50)', request: get(''), expect: everything },
  { name: 'GET search: type=IS:feature-created', request: get('?type=IS:feature-created'), expect: allOfType('feature-created') },
  {
    name: 'GET search: project=IS:default&limit=2',
    request: get('?project=IS:default&limit=2'),
    expect: listed((list) => {
      expect(list.events).toHaveLength(2);
      expect(list.events.every((e) => e.project === 'default')).toBe(true);
      expect(total(list)).toBeGreaterThanOrEqual(2);
    }),
  },
  {
    name: 'GET search: feature=IS:<flag>',
    request: (fx) => get(`?feature=IS:${fx.feature}`),
    expect: listed((list) => {
      expect(list.events.map((e) => e.type)).toEqual(['feature-strategy-add', 'feature-created']);
      expect(list.total).toBe(2);
    }),
  },
  {
    name: 'GET search: query=<segment name>, total honours the query',
    request: (fx) => get(`?query=${fx.segName}`),
    expect: listed((list) => {
      expect(list.events.map((e) => e.type)).toEqual(['segment-updated', 'segment-created']);
      expect(list.total).toBe(2);
    }),
  },
  {
    name: 'GET search: limit=101 is within 1..1000',
    request: get('?limit=101'),
    expect: listed((list) => expect(list.events.length).toBe(Math.min(101, total(list)))),
  },
  ...['limit=0', 'limit=-1', 'offset=-1', 'limit=abc', 'limit=1001'].map(
    (param): WireScenario<Fx> => ({ name: `GET search: out-of-range ${param} falls back`, request: get(`?${param}`), expect: everything }),
  ),
  {
    name: 'GET search: limit=1000',
    request: get('?limit=1000'),
    expect: listed((list) => expect(list.events.length).toBe(Math.min(1000, total(list)))),
  },
  {
    name: 'GET search: offset=100 skips the 100 newest',
    request: get('?offset=100'),
    expect: listed((list) => expect(list.events.length).toBe(Math.max(0, Math.min(50, total(list) - 100)))),
  },
  { name: 'GET search: type=IS:not-an-event-type', request: get('?type=IS:not-an-event-type'), expect: empty },
  {
    name: 'GET search: type without IS:',
    request: get('?type=feature-created'),
    expect: badData('The `/query/type` property must match pattern', '/query/type'),
  },
  { name: 'GET search: project=IS:unknown', request: get('?project=IS:no-such-project'), expect: empty },
  {
    name: 'GET search: a repeated project is an array',
    request: get('?project=IS:a&project=IS:b'),
    expect: badData('The `/query/project` property must be string. You sent ["IS:a","IS:b"].', '/query/project'),
  },
  {
    name: 'GET search: two repeated parameters, the first declared one is reported',
    request: get('?project=IS:a&project=IS:b&query=x&query=y'),
    expect: badData('The `/query/query` property must be string. You sent ["x","y"].', '/query/query'),
  },
  {
    name: 'GET search: a repeated limit',
    request: get('?limit=1&limit=2'),
    expect: badData('The `/query/limit` property must be string. You sent ["1","2"].', '/query/limit'),
  },
  {
    name: 'GET search: a repeated environment (declared from 7.x on)',
    request: get('?environment=a&environment=b'),
    expect: everything,
    v8: badData('The `/query/environment` property must be string. You sent ["a","b"].', '/query/environment'),
  },
  { name: 'GET search: no token', request: { ...get(''), token: null }, expect: noToken() },
];

async function renameSegment(send: Send, id: number, name: string): Promise<void> {
  const response = await send({ method: 'PUT', path: `/api/admin/segments/${id}`, body: { name, description: 'changed', constraints: [] } });
  if (response.status !== 204) throw new Error(`fixture PUT segment answered ${response.status}`);
}

export const eventsSearchArea = area<Fx>({
  name: 'events-search',
  setup: async (send) => {
    // paging rows need at least 7 events, also when this area runs alone on an empty demo
    for (let i = 0; i < 4; i += 1) await createFeature(send, 'es-fill');
    const feature = await createFeature(send, 'es-flag');
    await addStrategy(send, feature);
    const segName = unique('es-seg');
    await renameSegment(send, await createSegment(send, { name: segName, constraints: [] }), segName);
    return { feature, segName };
  },
  scenarios: [...body6, ...query8],
});
