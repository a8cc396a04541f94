import { expect } from 'vitest';
import { unique } from '../support/run-id';
import { backendArea, type BackendScenario } from './scenario';

/** `name`/`id` and `name2`/`id2` exist from set-up; the create scenarios make their own (`created*`). */
interface Fx {
  name: string;
  name2: string;
  id: number;
  id2: number;
  createdName: string;
  createdProjectName: string;
  createdId: number;
}

const IN_USERS = { contextName: 'userId', operator: 'IN' as const, values: ['u1', 'u2'], inverted: false, caseInsensitive: false };
const upsert = (fx: Fx, description = 'probe segment') => ({ name: fx.name, description, constraints: [IN_USERS] });

const scenarios: BackendScenario<Fx>[] = [
  {
    name: 'create a global segment',
    run: (b, fx) => b.createSegment({ ...upsert(fx), name: fx.createdName }),
    expect: {
      result: (value, fx) => {
        expect(value).toMatchObject({ name: fx.createdName, description: 'probe segment', constraints: [IN_USERS], createdBy: 'admin' });
        expect((value as { project?: unknown }).project ?? undefined).toBeUndefined();
        fx.createdId = (value as { id: number }).id;
      },
      events: (fx) => [{ type: 'segment-created', data: { id: fx.createdId, name: fx.createdName }, preData: null, project: null }],
    },
  },
  {
    name: 'create a project segment without description',
    run: (b, fx) => b.createSegment({ name: fx.createdProjectName, project: 'default', constraints: [] }),
    expect: {
      result: (value, fx) => expect(value).toMatchObject({ name: fx.createdProjectName, project: 'default', description: null }),
      events: (fx) => [{ type: 'segment-created', data: { name: fx.createdProjectName }, project: 'default' }],
    },
  },
  {
    name: 'create a duplicate name',
    run: (b, fx) => b.createSegment(upsert(fx)),
    expect: { error: { status: 409, name: 'NameExistsError', message: 'Segment name already exists' }, noEventsMentioning: (fx) => fx.name },
  },
  {
    name: 'create in an unknown project',
    run: (b) => b.createSegment({ name: unique('unkproj'), project: 'no-such-project', constraints: [] }),
    expect: { error: { status: 500, name: 'UnknownError', message: 'segments_segment_project_id_fkey' } },
    demo: { error: { status: '4xx', message: 'no-such-project' } },
  },
  {
    name: 'list: sorted by name with usage counts',
    run: (b) => b.listSegments(),
    expect: {
      result: (value, fx) => {
        const segments = value as { id: number; name: string }[];
        const names = segments.map((s) => s.name);
        expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
        expect(segments.find((s) => s.id === fx.id)).toMatchObject({ usedInFeatures: 0, usedInProjects: 0 });
      },
    },
  },
  { name: 'get by id', run: (b, fx) => b.getSegment({ id: fx.id }), expect: { result: (value, fx) => expect(value).toMatchObject({ id: fx.id, name: fx.name }) } },
  { name: 'get an unknown id', run: (b) => b.getSegment({ id: 999999 }), expect: { error: { status: 404, name: 'NotFoundError', message: 'No segment exists with ID "999999"' } } },
  {
    name: 'update: new description',
    run: (b, fx) => b.updateSegment({ id: fx.id, segment: upsert(fx, 'updated') }),
    expect: {
      result: (value) => expect(value).toBeUndefined(),
      events: (fx) => [{ type: 'segment-updated', data: { id: fx.id, description: 'updated' }, preData: { description: 'probe segment' } }],
    },
  },
  {
    name: 'get shows the update',
    arrange: (b, fx) => b.updateSegment({ id: fx.id, segment: upsert(fx, 'updated') }),
    run: (b, fx) => b.getSegment({ id: fx.id }),
    expect: { result: { description: 'updated' } },
  },
  {
    name: "update: rename to another segment's name",
    run: (b, fx) => b.updateSegment({ id: fx.id, segment: { ...upsert(fx), name: fx.name2 } }),
    expect: { error: { status: 409, name: 'NameExistsError', message: 'Segment name already exists' } },
  },
  { name: 'update an unknown id', run: (b, fx) => b.updateSegment({ id: 999999, segment: upsert(fx) }), expect: { error: { status: 404, name: 'NotFoundError' } } },
  {
    name: 'delete an unused segment',
    run: (b, fx) => b.deleteSegment({ id: fx.id2 }),
    expect: { succeeds: true, events: (fx) => [{ type: 'segment-deleted', data: null, preData: { id: fx.id2, name: fx.name2 }, project: 'default' }] },
  },
  {
    name: 'delete it again',
    arrange: (b, fx) => b.deleteSegment({ id: fx.id2 }).catch(() => undefined),
    run: (b, fx) => b.deleteSegment({ id: fx.id2 }),
    expect: { error: { status: 404, name: 'NotFoundError', message: (fx) => `No segment exists with ID "${fx.id2}"` } },
  },
];

export const segmentsBackend = backendArea<Fx>({
  name: 'segments',
  setup: async (b) => {
    const name = unique('b-seg');
    const name2 = unique('b-seg2');
    const { id } = await b.createSegment({ name, description: 'probe segment', constraints: [IN_USERS] });
    const { id: id2 } = await b.createSegment({ name: name2, project: 'default', constraints: [] });
    return { name, name2, id, id2, createdName: unique('b-seg-new'), createdProjectName: unique('b-seg-new2'), createdId: 0 };
  },
  scenarios,
});
