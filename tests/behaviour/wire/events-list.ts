import { expect } from 'vitest';
import type { Send } from '../support/wire-client';
import { createFeature, getJson } from '../support/wire-fixtures';
import { area } from './scenario';
import { badData, noToken, wrongToken } from './common';

/** Probe "Events: GET /api/admin/events": newest first, capped, filtered by project. */
interface Fx {
  feature: string;
}

interface EventList {
  version: number;
  events: { id: number; type: string; project: string | null; createdAt: string }[];
  totalEvents: number;
}

const RECORD_KEYS = ['id', 'type', 'createdBy', 'createdAt', 'createdByUserId', 'data', 'preData', 'tags', 'featureName', 'project', 'environment'];

function newestFirstWithin(cap: number) {
  return (json: unknown): void => {
    const list = json as EventList;
    expect(list.version).toBe(1);
    expect(list.events.length).toBe(Math.min(cap, list.totalEvents));
    // newest first by createdAt: 6.10.1 orders by time, so events of one transaction may tie in any id order
    const times = list.events.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  };
}

/** The caps only show with more events than they allow: top the default project up to 101 events. */
async function ensureProjectEvents(send: Send, wanted: number): Promise<void> {
  const { totalEvents } = (await getJson(send, '/api/admin/events?project=default')) as EventList;
  for (let i = totalEvents; i < wanted; i += 1) await createFeature(send, 'ev-fill');
}

export const eventsListArea = area<Fx>({
  name: 'events-list',
  setup: async (send) => {
    await ensureProjectEvents(send, 101);
    return { feature: await createFeature(send, 'ev-list') };
  },
  scenarios: [
    {
      name: 'all: at most 100, newest first',
      request: { method: 'GET', path: '/api/admin/events' },
      expect: { status: 200, body: newestFirstWithin(100) },
    },
    {
      name: 'all: the record shape of a feature-created event',
      request: { method: 'GET', path: '/api/admin/events' },
      expect: {
        status: 200,
        body: (json, fx) => {
          const event = (json as EventList).events.find((e) => e.type === 'feature-created' && (e as { featureName?: string }).featureName === fx.feature);
          expect(event).toBeDefined();
          for (const key of RECORD_KEYS) expect(event).toHaveProperty(key);
          expect(event).toMatchObject({ createdBy: 'admin', project: 'default', environment: null, preData: null, tags: [], data: { name: fx.feature, project: 'default' } });
          expect(event?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        },
      },
    },
    {
      name: '?project=default: only that project, capped at 100 (6.x)',
      request: { method: 'GET', path: '/api/admin/events?project=default' },
      expect: {
        status: 200,
        body: (json) => {
          newestFirstWithin(100)(json);
          expect((json as EventList).events.every((e) => e.project === 'default')).toBe(true);
        },
      },
      // 8.x returns at most 50 for a project
      v8: { status: 200, body: newestFirstWithin(50) },
    },
    {
      name: '?project=unknown: empty',
      request: { method: 'GET', path: '/api/admin/events?project=no-such-project' },
      expect: { status: 200, body: (json) => expect(json).toEqual({ version: 1, events: [], totalEvents: 0 }) },
    },
    {
      name: '?project= (empty) is no filter',
      request: { method: 'GET', path: '/api/admin/events?project=' },
      expect: {
        status: 200,
        body: (json) => {
          newestFirstWithin(100)(json);
          expect((json as EventList).totalEvents).toBeGreaterThan(100);
        },
      },
    },
    {
      name: '?project=a&project=b: a repeated parameter is an array, not a string',
      request: { method: 'GET', path: '/api/admin/events?project=a&project=b' },
      expect: badData('The `/query/project` property must be string. You sent ["a","b"].', '/query/project'),
    },
    {
      name: 'an undeclared repeated parameter is ignored',
      request: { method: 'GET', path: '/api/admin/events?feature=a&feature=b' },
      expect: { status: 200, body: newestFirstWithin(100) },
    },
    { name: 'no token', request: { method: 'GET', path: '/api/admin/events', token: null }, expect: noToken() },
    { name: 'wrong token', request: { method: 'GET', path: '/api/admin/events', token: 'bad' }, expect: wrongToken() },
  ],
});
