import { expect } from 'vitest';
import type { Send } from '../support/wire-client';
import { createSegment, getJson } from '../support/wire-fixtures';
import { RUN_ID, unique } from '../support/run-id';
import { area, type WireScenario } from './scenario';
import { badData, contentType, malformedJson, noToken, notFound, transportRows } from './common';

/**
 * Probe "Segments: create / list / get / update / delete". The segments the scenarios read, update and delete are
 * made in set-up (`id`, `unusedId`, and the one named `name2`), so any scenario runs alone; the create scenarios make their own.
 */
interface Fx {
  name: string;
  name2: string;
  numeric: number;
  oneChar: string;
  id: number;
  unusedId: number;
  unusedName: string;
  createdName: string;
  createdName2: string;
  createdId: number;
}

const IN_USERS = { contextName: 'userId', operator: 'IN', values: ['u1', 'u2'], inverted: false, caseInsensitive: false };
const STORED_IN_USERS = { values: ['u1', 'u2'], inverted: false, operator: 'IN', contextName: 'userId', caseInsensitive: false };

const valid = (fx: Fx, description = 'probe segment'): Record<string, unknown> => ({
  name: fx.name,
  description,
  constraints: [IN_USERS],
});

/** A one-character name no segment has yet (real servers keep earlier runs' segments). */
async function freeOneCharName(send: Send): Promise<string> {
  const { segments } = (await getJson(send, '/api/admin/segments')) as { segments: { name: string }[] };
  const taken = new Set(segments.map((s) => s.name));
  const free = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'].find((c) => !taken.has(c));
  // all 62 taken (a long-lived server): a random CJK character is one character too
  return free ?? String.fromCodePoint(0x4e00 + Math.floor(Math.random() * 20_000));
}

function storeId(key: 'createdId') {
  return (json: unknown, fx: Fx): void => {
    expect(json).toMatchObject({ id: expect.any(Number) });
    fx[key] = (json as { id: number }).id;
  };
}

const create: WireScenario<Fx>[] = [
  {
    name: 'create: valid segment',
    request: (fx) => ({ method: 'POST', path: '/api/admin/segments', body: { ...valid(fx), name: fx.createdName } }),
    expect: {
      status: 201,
      body: (json, fx) => {
        storeId('createdId')(json, fx);
        expect(json).toMatchObject({ name: fx.createdName, description: 'probe segment', constraints: [STORED_IN_USERS], createdBy: 'admin' });
        expect(json).not.toHaveProperty('project'); // global segment: key absent, not null
        expect(typeof (json as { createdAt: unknown }).createdAt).toBe('string');
      },
      location: (fx) => `segments/${fx.createdId}`,
      events: (fx) => [{ type: 'segment-created', data: { id: fx.createdId, name: fx.createdName, description: 'probe segment' }, preData: null, project: null }],
    },
  },
  {
    name: 'create: project default, no description',
    request: (fx) => ({ method: 'POST', path: '/api/admin/segments', body: { name: fx.createdName2, project: 'default', constraints: [] } }),
    expect: {
      status: 201,
      body: (json, fx) => expect(json).toMatchObject({ id: expect.any(Number), name: fx.createdName2, description: null, project: 'default', constraints: [] }),
      events: (fx) => [{ type: 'segment-created', data: { name: fx.createdName2, project: 'default' }, project: 'default' }],
    },
  },
  {
    name: 'create: duplicate name',
    request: (fx) => ({ method: 'POST', path: '/api/admin/segments', body: valid(fx) }),
    expect: { status: 409, name: 'NameExistsError', message: 'Segment name already exists', noEventsMentioning: (fx) => fx.name },
  },
  {
    name: 'create: missing name',
    request: { method: 'POST', path: '/api/admin/segments', body: { constraints: [] } },
    expect: badData('The `/body/name` property is required. It was not present on the data you sent.', '/body/name'),
  },
  {
    name: 'create: missing constraints',
    request: { method: 'POST', path: '/api/admin/segments', body: { name: `nocons-${RUN_ID}` } },
    expect: badData('The `/body/constraints` property is required.', '/body/constraints'),
  },
  {
    name: 'create: empty object',
    request: { method: 'POST', path: '/api/admin/segments', body: {} },
    expect: badData('The `/body/name` property is required.', '/body/name'),
  },
  {
    name: "create: empty name ''",
    request: { method: 'POST', path: '/api/admin/segments', body: { name: '', constraints: [] } },
    expect: badData('"name" is not allowed to be empty.'),
  },
  {
    name: 'create: numeric name is stored as a string',
    request: (fx) => ({ method: 'POST', path: '/api/admin/segments', body: { name: fx.numeric, constraints: [] } }),
    expect: { status: 201, body: (json, fx) => expect(json).toMatchObject({ name: String(fx.numeric), description: null }) },
  },
  {
    name: 'create: constraints of the wrong type',
    request: { method: 'POST', path: '/api/admin/segments', body: { name: `badcons-${RUN_ID}`, constraints: 'x' } },
    expect: badData('The `/body/constraints` property must be array. You sent "x".', '/body/constraints'),
  },
  {
    name: 'create: unknown operator',
    request: {
      method: 'POST',
      path: '/api/admin/segments',
      body: { name: `badop-${RUN_ID}`, constraints: [{ contextName: 'userId', operator: 'NOT_AN_OP', values: ['a'] }] },
    },
    expect: badData('You provided "NOT_AN_OP", which is not valid.'),
  },
  // 6.10.1 has no SEMVER_GTE, SEMVER_LTE or REGEX (its enum lists the 15 it has); 8.2.0 takes all three
  ...(['SEMVER_GTE', 'SEMVER_LTE', 'REGEX'] as const).map(
    (operator): WireScenario<Fx> => ({
      name: `create: ${operator} (an operator 6.10.1 does not have)`,
      request: {
        method: 'POST',
        path: '/api/admin/segments',
        body: { name: unique(`op-${operator.toLowerCase()}`), constraints: [{ contextName: 'appVersion', operator, value: operator === 'REGEX' ? 'a+' : '5.2.0' }] },
      },
      expect: badData(
        'The `operator` property must be equal to one of the allowed values: "NOT_IN", "IN", "STR_ENDS_WITH", "STR_STARTS_WITH", ' +
          '"STR_CONTAINS", "NUM_EQ", "NUM_GT", "NUM_GTE", "NUM_LT", "NUM_LTE", "DATE_AFTER", "DATE_BEFORE", "SEMVER_EQ", "SEMVER_GT", ' +
          `"SEMVER_LT". You provided "${operator}", which is not valid.`,
        'operator',
      ),
      v7: operator === 'REGEX' ? { status: 201 } : badData(`You provided "${operator}", which is not valid.`, 'operator'),
      v8: { status: 201, body: { constraints: [expect.objectContaining({ operator })] } },
    }),
  ),
  {
    name: 'create: constraint without contextName',
    request: { method: 'POST', path: '/api/admin/segments', body: { name: `noctx-${RUN_ID}`, constraints: [{ operator: 'IN', values: ['a'] }] } },
    expect: badData('The `/body/constraints/0/contextName` property is required.', '/body/constraints/0/contextName'),
  },
  {
    name: 'create: unknown project',
    request: { method: 'POST', path: '/api/admin/segments', body: { name: `unkproj-${RUN_ID}`, project: 'no-such-project', constraints: [] } },
    // 6.10.1 leaks the failed SQL insert; the demo says which project is unknown
    expect: { status: 500, name: 'UnknownError', message: 'segments_segment_project_id_fkey' },
    demo: { status: '4xx', message: 'no-such-project' },
  },
  {
    name: 'create: malformed JSON',
    request: { method: 'POST', path: '/api/admin/segments', raw: '{"name": "x", "constraints": [' },
    expect: malformedJson(),
  },
  {
    name: 'create: text/plain body',
    request: { method: 'POST', path: '/api/admin/segments', raw: JSON.stringify({ name: `tp-${RUN_ID}`, constraints: [] }), contentType: 'text/plain' },
    expect: contentType('text/plain'),
  },
  {
    name: 'create: JSON bytes without a content type',
    request: { method: 'POST', path: '/api/admin/segments', raw: JSON.stringify({ name: `noct-${RUN_ID}`, constraints: [] }), contentType: null },
    expect: contentType(null),
  },
  {
    name: 'create: JSON array body',
    request: { method: 'POST', path: '/api/admin/segments', body: [] },
    expect: badData('The `/body` property must be object. You sent [].', '/body'),
  },
  {
    name: 'create: name of 1 character',
    request: (fx) => ({ method: 'POST', path: '/api/admin/segments', body: { name: fx.oneChar, constraints: [] } }),
    expect: { status: 201, body: (json, fx) => expect(json).toMatchObject({ name: fx.oneChar }) },
  },
  {
    name: 'create: name of 51 characters',
    request: { method: 'POST', path: '/api/admin/segments', body: { name: `${'n'.repeat(51 - RUN_ID.length - 1)}-${RUN_ID}`, constraints: [] } },
    expect: { status: 201, body: (json) => expect((json as { name: string }).name).toHaveLength(51) },
  },
  {
    name: 'create: name of 300 characters (no length limit)',
    request: { method: 'POST', path: '/api/admin/segments', body: { name: `${'L'.repeat(300 - RUN_ID.length - 1)}-${RUN_ID}`, constraints: [] } },
    expect: { status: 201, body: (json) => expect((json as { name: string }).name).toHaveLength(300) },
  },
  {
    name: 'create: unknown extra field is ignored',
    request: { method: 'POST', path: '/api/admin/segments', body: { name: `extra-${RUN_ID}`, constraints: [], bogus: 1 } },
    expect: {
      status: 201,
      body: (json) => {
        expect(json).toMatchObject({ id: expect.any(Number) });
        expect(json).not.toHaveProperty('bogus');
      },
    },
  },
];

const read: WireScenario<Fx>[] = [
  {
    name: 'list: sorted by name, with usage counts',
    request: { method: 'GET', path: '/api/admin/segments' },
    expect: {
      status: 200,
      body: (json, fx) => {
        const { segments } = json as { segments: { id: number; name: string }[] };
        const names = segments.map((s) => s.name);
        expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
        expect(segments.find((s) => s.id === fx.id)).toMatchObject({ name: fx.name, usedInProjects: 0, usedInFeatures: 0 });
      },
    },
  },
  {
    name: 'get: by id',
    request: (fx) => ({ method: 'GET', path: `/api/admin/segments/${fx.id}` }),
    expect: { status: 200, body: (json, fx) => expect(json).toMatchObject({ id: fx.id, name: fx.name, constraints: [STORED_IN_USERS] }) },
  },
  { name: 'get: unknown id', request: { method: 'GET', path: '/api/admin/segments/999999' }, expect: notFound('No segment exists with ID "999999"') },
  {
    name: 'get: non-integer id',
    request: { method: 'GET', path: '/api/admin/segments/abc' },
    expect: badData('The `/params/id` property must be integer. You sent "abc".', '/params/id'),
  },
  { name: 'get: negative id', request: { method: 'GET', path: '/api/admin/segments/-1' }, expect: notFound('No segment exists with ID "-1"') },
  { name: 'get: no token', request: (fx) => ({ method: 'GET', path: `/api/admin/segments/${fx.id}`, token: null }), expect: noToken() },
];

const update: WireScenario<Fx>[] = [
  {
    name: 'update: same name, new description',
    request: (fx) => ({ method: 'PUT', path: `/api/admin/segments/${fx.id}`, body: valid(fx, 'updated') }),
    expect: {
      status: 204,
      empty: true,
      events: (fx) => [
        { type: 'segment-updated', data: { id: fx.id, name: fx.name, description: 'updated' }, preData: { id: fx.id, description: 'probe segment' } },
      ],
    },
  },
  {
    name: 'update: GET shows the new description',
    arrange: (send, fx) => send({ method: 'PUT', path: `/api/admin/segments/${fx.id}`, body: valid(fx, 'updated') }),
    request: (fx) => ({ method: 'GET', path: `/api/admin/segments/${fx.id}` }),
    expect: { status: 200, body: { description: 'updated' } },
  },
  {
    name: "update: rename to another segment's name",
    request: (fx) => ({ method: 'PUT', path: `/api/admin/segments/${fx.id}`, body: { ...valid(fx), name: fx.name2 } }),
    expect: { status: 409, name: 'NameExistsError', message: 'Segment name already exists' },
  },
  {
    name: 'update: unknown id',
    request: (fx) => ({ method: 'PUT', path: '/api/admin/segments/999999', body: valid(fx, 'updated') }),
    expect: notFound('No segment exists with ID "999999"'),
  },
  {
    name: 'update: non-integer id',
    request: (fx) => ({ method: 'PUT', path: '/api/admin/segments/abc', body: valid(fx, 'updated') }),
    expect: badData('The `/params/id` property must be integer. You sent "abc".', '/params/id'),
  },
  {
    name: 'update: missing name',
    request: (fx) => ({ method: 'PUT', path: `/api/admin/segments/${fx.id}`, body: { constraints: [] } }),
    expect: badData('The `/body/name` property is required.', '/body/name'),
  },
  {
    name: 'update: missing constraints',
    request: (fx) => ({ method: 'PUT', path: `/api/admin/segments/${fx.id}`, body: { name: fx.name } }),
    expect: badData('The `/body/constraints` property is required.', '/body/constraints'),
  },
  {
    name: 'update: SEMVER_GTE (an operator 6.10.1 does not have) changes nothing',
    request: (fx) => ({
      method: 'PUT',
      path: `/api/admin/segments/${fx.unusedId}`,
      body: { name: fx.unusedName, constraints: [{ contextName: 'appVersion', operator: 'SEMVER_GTE', value: '5.2.0' }] },
    }),
    expect: { ...badData('You provided "SEMVER_GTE", which is not valid.', 'operator'), noEventsMentioning: (fx) => fx.unusedName },
    // 7.6.5 refuses it as on create (checked there); 8.2.0 takes it
    v7: { ...badData('You provided "SEMVER_GTE", which is not valid.', 'operator'), noEventsMentioning: (fx) => fx.unusedName },
    v8: { status: 204, empty: true },
  },
  {
    name: 'update: wrong types',
    request: (fx) => ({ method: 'PUT', path: `/api/admin/segments/${fx.id}`, body: { name: 5, constraints: {} } }),
    expect: badData('The `/body/constraints` property must be array. You sent {}.', '/body/constraints'),
  },
  ...transportRows<Fx>('update', 'PUT', (fx) => `/api/admin/segments/${fx.id}`, { name: 'x', constraints: [] }),
];

const remove: WireScenario<Fx>[] = [
  {
    name: 'delete: unused segment',
    request: (fx) => ({ method: 'DELETE', path: `/api/admin/segments/${fx.unusedId}` }),
    expect: {
      status: 204,
      empty: true,
      events: (fx) => [{ type: 'segment-deleted', data: null, preData: { id: fx.unusedId, name: fx.unusedName } }],
    },
  },
  {
    name: 'delete: the same id again',
    arrange: (send, fx) => send({ method: 'DELETE', path: `/api/admin/segments/${fx.unusedId}` }),
    request: (fx) => ({ method: 'DELETE', path: `/api/admin/segments/${fx.unusedId}` }),
    expect: { status: 404, name: 'NotFoundError', message: 'No segment exists with ID' },
  },
  { name: 'delete: unknown id', request: { method: 'DELETE', path: '/api/admin/segments/999999' }, expect: notFound('No segment exists with ID "999999"') },
  {
    name: 'delete: non-integer id',
    request: { method: 'DELETE', path: '/api/admin/segments/abc' },
    expect: badData('The `/params/id` property must be integer. You sent "abc".', '/params/id'),
  },
  { name: 'delete: no token', request: (fx) => ({ method: 'DELETE', path: `/api/admin/segments/${fx.id}`, token: null }), expect: noToken() },
];

export const segmentsArea = area<Fx>({
  name: 'segments',
  setup: async (send) => {
    const name = unique('probe-seg');
    const name2 = unique('probe-seg2');
    const unusedName = unique('probe-unused');
    // a second segment, so that renaming the first to its name is refused
    await createSegment(send, { name: name2, project: 'default', constraints: [] });
    return {
      name,
      name2,
      numeric: Date.now() * 100 + Math.floor(Math.random() * 100),
      oneChar: await freeOneCharName(send),
      id: await createSegment(send, { name, description: 'probe segment', constraints: [IN_USERS] }),
      unusedId: await createSegment(send, { name: unusedName, constraints: [] }),
      unusedName,
      createdName: unique('probe-seg-new'),
      createdName2: unique('probe-seg-new2'),
      createdId: 0,
    };
  },
  scenarios: [...create, ...read, ...update, ...remove],
});
