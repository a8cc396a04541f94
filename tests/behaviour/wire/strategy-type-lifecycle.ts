import { expect } from 'vitest';
import type { Send } from '../support/wire-client';
import { addStrategy, createFeature, createStrategyType, getJson } from '../support/wire-fixtures';
import { RUN_ID } from '../support/run-id';
import { area, type WireScenario } from './scenario';
import { badData, noToken, notFound } from './common';

/**
 * Deprecate, reactivate and delete on the wire, with the create-name rules, as real 6.10.1 answered them with curl:
 * each write 200 with an empty body (any content type, or none), recorded with only the name.
 */
interface Fx {
  name: string;
  /** A type a strategy of a flag uses: the server deletes it anyway. */
  usedName: string;
  flag: string;
}

const at = (name: string, action?: 'deprecate' | 'reactivate') => `/api/admin/strategies/${name}${action ? `/${action}` : ''}`;
const typeIn = (json: unknown, name: string) => (json as { strategies: { name: string; deprecated: boolean }[] }).strategies.find((s) => s.name === name);
const post = (name: string, action: 'deprecate' | 'reactivate') => ({ method: 'POST' as const, path: at(name, action) });
const create = (name: string) => ({ method: 'POST' as const, path: '/api/admin/strategies', body: { name, parameters: [] } });

const scenarios: WireScenario<Fx>[] = [
  {
    name: 'deprecate: 200, empty, without a content type',
    request: (fx) => ({ ...post(fx.name, 'deprecate'), contentType: null }),
    expect: { status: 200, empty: true, events: (fx) => [{ type: 'strategy-deprecated', data: { name: fx.name }, preData: null }] },
  },
  {
    name: 'deprecate again with a text/plain body: 200, recorded again',
    request: (fx) => ({ ...post(fx.name, 'deprecate'), raw: 'x', contentType: 'text/plain' }),
    expect: { status: 200, empty: true, events: (fx) => [{ type: 'strategy-deprecated', data: { name: fx.name } }] },
  },
  {
    name: 'GET shows it deprecated',
    arrange: (send: Send, fx) => send(post(fx.name, 'deprecate')),
    request: { method: 'GET', path: '/api/admin/strategies' },
    expect: { status: 200, body: (json, fx) => expect(typeIn(json, fx.name)).toMatchObject({ deprecated: true }) },
  },
  {
    name: 'reactivate: 200, empty',
    request: (fx) => ({ ...post(fx.name, 'reactivate'), body: {} }),
    expect: { status: 200, empty: true, events: (fx) => [{ type: 'strategy-reactivated', data: { name: fx.name } }] },
  },
  {
    name: 'GET shows it active',
    arrange: (send: Send, fx) => send(post(fx.name, 'reactivate')),
    request: (fx) => ({ method: 'GET', path: at(fx.name) }),
    expect: { status: 200, body: { deprecated: false, editable: true } },
  },
  {
    name: 'deprecate without a token: 401',
    request: (fx) => ({ ...post(fx.name, 'deprecate'), token: null }),
    expect: noToken(),
  },
  { name: 'deprecate an unknown type', request: post(`no-such-${RUN_ID}`, 'deprecate'), expect: notFound(`Could not find strategy with name no-such-${RUN_ID}`) },
  { name: 'reactivate an unknown type', request: post(`no-such-${RUN_ID}`, 'reactivate'), expect: notFound('No strategy found') },
  { name: 'delete an unknown type', request: { method: 'DELETE', path: at(`no-such-${RUN_ID}`) }, expect: notFound('No strategy found') },
  {
    name: 'delete built-in default: 500',
    request: { method: 'DELETE', path: at('default') },
    expect: { status: 500, name: 'UnknownError', message: 'Cannot edit strategy default' },
  },
  {
    name: 'delete a type a flag strategy uses: 200, empty (the server does not look)',
    request: (fx) => ({ method: 'DELETE', path: at(fx.usedName) }),
    expect: { status: 200, empty: true, events: (fx) => [{ type: 'strategy-deleted', data: { name: fx.usedName }, preData: null }] },
  },
  {
    name: 'the deleted type is gone',
    arrange: (send: Send, fx) => send({ method: 'DELETE', path: at(fx.usedName) }),
    request: (fx) => ({ method: 'GET', path: at(fx.usedName) }),
    expect: notFound('No strategy found'),
  },
  {
    name: "the flag's strategy still names it",
    arrange: (send: Send, fx) => send({ method: 'DELETE', path: at(fx.usedName) }),
    request: (fx) => ({ method: 'GET', path: `/api/admin/projects/default/features/${fx.flag}` }),
    expect: {
      status: 200,
      body: (json, fx) => {
        const env = (json as { environments: { name: string; strategies: { name: string }[] }[] }).environments.find((e) => e.name === 'development');
        expect(env?.strategies.map((s) => s.name)).toContain(fx.usedName);
      },
    },
  },
  {
    name: 'the deleted name can be created again: 201',
    arrange: (send: Send, fx) => send({ method: 'DELETE', path: at(fx.usedName) }),
    request: (fx) => create(fx.usedName),
    expect: { status: 201, location: (fx) => `strategies/${fx.usedName}`, events: (fx) => [{ type: 'strategy-created', data: { name: fx.usedName } }] },
  },
  { name: 'create: an empty name', request: create(''), expect: badData('"name" is not allowed to be empty.') },
  {
    name: 'create: a name of 101 characters',
    request: create('x'.repeat(101)),
    expect: badData(`"name" length must be less than or equal to 100 characters long. You provided "${'x'.repeat(101)}".`),
  },
  { name: 'create: "." alone', request: create('.'), expect: badData('"name" must be URL friendly. You provided ".".') },
  { name: 'create: a non-ASCII letter', request: create(`ü-${RUN_ID}`), expect: badData(`"name" must be URL friendly. You provided "ü-${RUN_ID}".`) },
  {
    name: "create: ! * ' ( ) ~ are URL friendly",
    request: create(`w(${RUN_ID})!*'~`),
    expect: { status: 201, body: { name: `w(${RUN_ID})!*'~`, displayName: null, deprecated: false } },
  },
];

export const strategyTypeLifecycleArea = area<Fx>({
  name: 'strategy-type-lifecycle',
  setup: async (send) => {
    const name = await createStrategyType(send, 'wire-life');
    const usedName = await createStrategyType(send, 'wire-life-used');
    const flag = await createFeature(send, 'wire-life-flag');
    await addStrategy(send, flag, { name: usedName, constraints: [], parameters: { p1: 'v' } });
    await getJson(send, at(usedName));
    return { name, usedName, flag };
  },
  scenarios,
});
