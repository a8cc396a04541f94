import { expect } from 'vitest';
import type { Send } from '../support/wire-client';
import { createStrategyType, getJson } from '../support/wire-fixtures';
import { RUN_ID, unique } from '../support/run-id';
import { area, type WireScenario } from './scenario';
import { badData, notFound, transportRows } from './common';

/**
 * Probe "Strategies: PUT /api/admin/strategies/{name}" with a custom strategy type of this run (`name`, made in
 * set-up); the create scenario makes `createdName`.
 */
interface Fx {
  name: string;
  createdName: string;
  otherName: string;
  oneChar: string;
}

const P1 = { name: 'p1', type: 'string', description: 'd', required: false };
const UPDATED_PARAMETERS = [{ name: 'p1', type: 'number', description: 'd2', required: true }, { name: 'p2', type: 'list' }];
const USER_WITH_ID = {
  displayName: 'UserIDs',
  name: 'userWithId',
  editable: false,
  description: 'Enable the feature for a specific set of userIds. Prefer using "Gradual rollout" strategy with user id constraints.',
  parameters: [{ name: 'userIds', type: 'list', description: '', required: false }],
  deprecated: true,
  title: null,
};
const BUILT_INS_6 = ['flexibleRollout', 'default', 'userWithId', 'remoteAddress', 'applicationHostname'];
const builtInNames = (json: unknown): string[] =>
  (json as { strategies: { name: string; editable: boolean }[] }).strategies.filter((s) => !s.editable).map((s) => s.name);
const path = (fx: Fx): string => `/api/admin/strategies/${fx.name}`;
const put = (fx: Fx, body: unknown) => ({ method: 'PUT' as const, path: path(fx), body });
const updated = (fx: Fx) => [{ type: 'strategy-updated', data: { name: fx.name } }];

/** A one-character name no strategy type has yet (real servers keep earlier runs' types). */
async function freeOneCharName(send: Send): Promise<string> {
  const { strategies } = (await getJson(send, '/api/admin/strategies')) as { strategies: { name: string }[] };
  const taken = new Set(strategies.map((s) => s.name));
  return [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'].find((c) => !taken.has(c)) ?? 'x';
}

const scenarios: WireScenario<Fx>[] = [
  {
    name: 'create a custom strategy type',
    request: (fx) => ({ method: 'POST', path: '/api/admin/strategies', body: { name: fx.createdName, description: 'probe custom', parameters: [P1] } }),
    expect: {
      status: 201,
      body: (json, fx) =>
        expect(json).toEqual({ displayName: null, name: fx.createdName, editable: true, description: 'probe custom', parameters: [P1], deprecated: false, title: null }),
      location: (fx) => `strategies/${fx.createdName}`,
      events: (fx) => [{ type: 'strategy-created', data: { name: fx.createdName } }],
    },
  },
  {
    name: 'create it again',
    request: (fx) => ({ method: 'POST', path: '/api/admin/strategies', body: { name: fx.name, description: 'probe custom', parameters: [P1] } }),
    expect: { status: 409, name: 'NameExistsError', message: 'already exist' },
  },
  {
    name: 'valid update: 200 with an empty body',
    request: (fx) => put(fx, { name: fx.name, description: 'updated', parameters: UPDATED_PARAMETERS }),
    expect: { status: 200, empty: true, events: updated },
  },
  {
    name: 'GET shows the update',
    arrange: (send, fx) => send(put(fx, { name: fx.name, description: 'updated', parameters: UPDATED_PARAMETERS })),
    request: (fx) => ({ method: 'GET', path: path(fx) }),
    expect: { status: 200, body: { description: 'updated', parameters: UPDATED_PARAMETERS, editable: true } },
  },
  {
    name: 'update without a name in the body',
    request: (fx) => put(fx, { description: 'no name', parameters: [] }),
    expect: { status: 200, empty: true, events: updated },
  },
  {
    name: 'update with another name in the body: the path wins',
    request: (fx) => put(fx, { name: fx.otherName, description: 'updated', parameters: UPDATED_PARAMETERS }),
    expect: { status: 200, empty: true, events: updated },
  },
  {
    name: 'GET after the name-mismatch update',
    arrange: (send, fx) => send(put(fx, { name: fx.otherName, description: 'updated', parameters: UPDATED_PARAMETERS })),
    request: (fx) => ({ method: 'GET', path: path(fx) }),
    expect: { status: 200, body: (json, fx) => expect(json).toMatchObject({ name: fx.name, description: 'updated' }) },
  },
  {
    name: 'no strategy was created under the body name',
    request: (fx) => ({ method: 'GET', path: `/api/admin/strategies/${fx.otherName}` }),
    expect: notFound('No strategy found'),
  },
  {
    name: 'update: missing parameters',
    request: (fx) => put(fx, { name: fx.name, description: 'x' }),
    expect: badData('The `/body/parameters` property is required.', '/body/parameters'),
  },
  {
    name: 'update: parameters of the wrong type',
    request: (fx) => put(fx, { name: fx.name, parameters: 'x' }),
    expect: badData('The `/body/parameters` property must be array. You sent "x".', '/body/parameters'),
  },
  {
    name: 'update: parameter type not in the enum',
    request: (fx) => put(fx, { name: fx.name, parameters: [{ name: 'p', type: 'date' }] }),
    expect: badData('You provided "date", which is not valid.', 'type'),
  },
  {
    name: 'update: parameter without a name',
    request: (fx) => put(fx, { name: fx.name, parameters: [{ type: 'string' }] }),
    expect: badData('The `/body/parameters/0/name` property is required.', '/body/parameters/0/name'),
  },
  {
    name: 'update: parameter without a type: required, before any enum check',
    request: (fx) => put(fx, { name: fx.name, parameters: [{ name: 'a' }] }),
    expect: badData('The `/body/parameters/0/type` property is required.', '/body/parameters/0/type'),
  },
  {
    name: 'update: an empty parameter: name is the first required',
    request: (fx) => put(fx, { name: fx.name, parameters: [{}] }),
    expect: badData('The `/body/parameters/0/name` property is required.', '/body/parameters/0/name'),
  },
  {
    name: 'update: second parameter without a type',
    request: (fx) => put(fx, { name: fx.name, parameters: [{ name: 'a', type: 'string' }, { name: 'b' }] }),
    expect: badData('The `/body/parameters/1/type` property is required.', '/body/parameters/1/type'),
  },
  {
    name: 'update: a bad first parameter is reported before a missing type in the second',
    request: (fx) => put(fx, { name: fx.name, parameters: [{ name: 'a', type: 'date' }, { type: 'list' }] }),
    expect: badData('You provided "date", which is not valid.', 'type'),
  },
  {
    name: 'update: enum before a wrong required flag',
    request: (fx) => put(fx, { name: fx.name, parameters: [{ name: 'a', type: 'date', required: 'x' }] }),
    expect: badData('You provided "date", which is not valid.', 'type'),
  },
  {
    name: 'update: description of 51 characters',
    request: (fx) => put(fx, { name: fx.name, description: 'd'.repeat(51), parameters: [] }),
    expect: { status: 200, empty: true },
  },
  ...transportRows<Fx>('update', 'PUT', path, { description: 'x', parameters: [] }),
  ...(['default', 'flexibleRollout'] as const).map(
    (builtIn): WireScenario<Fx> => ({
      name: `update built-in ${builtIn}: 500`,
      request: { method: 'PUT', path: `/api/admin/strategies/${builtIn}`, body: { name: builtIn, description: 'hacked', parameters: [] } },
      expect: { status: 500, name: 'UnknownError', message: `Cannot edit strategy ${builtIn}`, noEventsMentioning: () => 'hacked' },
    }),
  ),
  {
    name: 'update built-in userWithId: 500 (8.x has no such type)',
    request: { method: 'PUT', path: '/api/admin/strategies/userWithId', body: { name: 'userWithId', description: 'hacked', parameters: [] } },
    expect: { status: 500, name: 'UnknownError', message: 'Cannot edit strategy userWithId', noEventsMentioning: () => 'hacked' },
    v8: notFound('No strategy found'),
  },
  {
    name: 'built-in userWithId: deprecated, seeded by 6.10.1 migrations',
    request: { method: 'GET', path: '/api/admin/strategies/userWithId' },
    expect: { status: 200, body: (json) => expect(json).toEqual(USER_WITH_ID) },
    v8: notFound('No strategy found'),
  },
  {
    name: 'built-ins lead the list in sort order',
    request: { method: 'GET', path: '/api/admin/strategies' },
    expect: { status: 200, body: (json) => expect(builtInNames(json)).toEqual(BUILT_INS_6) },
    v8: { status: 200, body: (json) => expect(builtInNames(json)).toEqual(BUILT_INS_6.filter((name) => name !== 'userWithId')) },
  },
  {
    name: 'update an unknown name',
    request: { method: 'PUT', path: `/api/admin/strategies/no-such-strategy-${RUN_ID}`, body: { parameters: [] } },
    expect: notFound('No strategy found'),
  },
  {
    name: 'built-in default is unchanged',
    request: { method: 'GET', path: '/api/admin/strategies/default' },
    expect: {
      status: 200,
      body: (json) => {
        expect(json).toMatchObject({ name: 'default', editable: false });
        expect((json as { description: string }).description).not.toBe('hacked');
      },
    },
  },
  {
    name: 'create: name of 1 character',
    request: (fx) => ({ method: 'POST', path: '/api/admin/strategies', body: { name: fx.oneChar, parameters: [] } }),
    expect: { status: 201, body: (json, fx) => expect(json).toMatchObject({ name: fx.oneChar, description: null, editable: true }) },
  },
  {
    name: 'create: name of 51 characters',
    request: { method: 'POST', path: '/api/admin/strategies', body: { name: `${'s'.repeat(50 - RUN_ID.length)}-${RUN_ID}`, parameters: [] } },
    expect: { status: 201 },
  },
  {
    name: 'create: name with spaces',
    request: { method: 'POST', path: '/api/admin/strategies', body: { name: `bad name ${RUN_ID}`, parameters: [] } },
    expect: badData(`"name" must be URL friendly. You provided "bad name ${RUN_ID}".`),
  },
];

export const strategyTypesArea = area<Fx>({
  name: 'strategy-types',
  setup: async (send) => ({
    name: await createStrategyType(send, 'probe-custom'),
    createdName: unique('probe-custom-new'),
    otherName: unique('other-name'),
    oneChar: await freeOneCharName(send),
  }),
  scenarios,
});
