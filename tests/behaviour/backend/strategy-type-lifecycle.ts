import { expect } from 'vitest';
import type { Feature, StrategyType } from '../../../shared/schemas';
import { createStrategyTypeHandlers } from '../../../electron/strategy-types/strategy-type-handlers';
import { RUN_ID, unique } from '../support/run-id';
import { newFeature } from './fixtures';
import { backendArea, type BackendScenario } from './scenario';

/**
 * A strategy type's life: create, deprecate, reactivate, delete, as real 6.10.1 answered each (asked with curl: 201
 * with the type; the other three 200 without a body, each recorded with only the name, a repeat too; the server
 * deletes a type flags use and leaves their strategies naming it). Every route is the same on 5.12.8 to 8.2.0.
 */
interface Fx {
  /** A custom type of this run, for deprecate and reactivate. */
  name: string;
  createdName: string;
  /** A custom type a strategy of `flag` uses, which the server deletes anyway. */
  usedName: string;
  /** A custom type a strategy of `flag` uses, which Flagdesk refuses to delete. */
  guardedName: string;
  /** A custom type nothing uses, deleted and created again (Undo). */
  unusedName: string;
  flag: string;
}

const PARAMETERS = [{ name: 'tenants', type: 'list' as const, description: 'Tenant ids', required: true }];
const typeOf = (value: unknown, name: string): StrategyType | undefined => (value as StrategyType[]).find((s) => s.name === name);
const ignore = () => undefined;

const scenarios: BackendScenario<Fx>[] = [
  {
    name: 'create a custom type with title, description and parameters',
    run: (b, fx) => b.createStrategyType({ name: fx.createdName, title: 'Tenants', description: 'By tenant', parameters: PARAMETERS }),
    expect: {
      result: (value, fx) =>
        expect(value).toEqual({ displayName: null, name: fx.createdName, editable: true, description: 'By tenant', parameters: PARAMETERS, deprecated: false, title: 'Tenants' }),
      events: (fx) => [{ type: 'strategy-created', data: { name: fx.createdName, title: 'Tenants', description: 'By tenant', deprecated: false } }],
    },
  },
  {
    name: 'create under a built-in name: 409',
    run: (b) => b.createStrategyType({ name: 'flexibleRollout', parameters: [] }),
    expect: { error: { status: 409, name: 'NameExistsError', message: 'Strategy with name flexibleRollout already exist!' } },
  },
  {
    name: "create with every character the server calls URL friendly: - _ . ~ ! * ' ( )",
    run: (b) => b.createStrategyType({ name: `x(${RUN_ID})!*'~._-`, parameters: [] }),
    expect: { result: { name: `x(${RUN_ID})!*'~._-`, deprecated: false } },
  },
  {
    name: 'deprecate a custom type',
    run: (b, fx) => b.deprecateStrategyType({ name: fx.name }),
    expect: { result: (value) => expect(value).toBeUndefined(), events: (fx) => [{ type: 'strategy-deprecated', data: { name: fx.name } }] },
  },
  {
    name: 'the list shows it deprecated',
    arrange: (b, fx) => b.deprecateStrategyType({ name: fx.name }),
    run: (b) => b.listStrategyTypes(),
    expect: { result: (value, fx) => expect(typeOf(value, fx.name)).toMatchObject({ deprecated: true, editable: true }) },
  },
  {
    name: 'deprecate it again: accepted and recorded again',
    arrange: (b, fx) => b.deprecateStrategyType({ name: fx.name }),
    run: (b, fx) => b.deprecateStrategyType({ name: fx.name }),
    expect: { succeeds: true, events: (fx) => [{ type: 'strategy-deprecated', data: { name: fx.name } }] },
  },
  {
    name: 'reactivate it',
    arrange: (b, fx) => b.deprecateStrategyType({ name: fx.name }),
    run: (b, fx) => b.reactivateStrategyType({ name: fx.name }),
    expect: { succeeds: true, events: (fx) => [{ type: 'strategy-reactivated', data: { name: fx.name } }] },
  },
  {
    name: 'the list shows it active again',
    arrange: (b, fx) => b.reactivateStrategyType({ name: fx.name }),
    run: (b) => b.listStrategyTypes(),
    expect: { result: (value, fx) => expect(typeOf(value, fx.name)).toMatchObject({ deprecated: false }) },
  },
  {
    name: 'a built-in can be deprecated and reactivated',
    arrange: (b) => b.deprecateStrategyType({ name: 'remoteAddress' }),
    run: (b) => b.reactivateStrategyType({ name: 'remoteAddress' }),
    expect: { succeeds: true, events: () => [{ type: 'strategy-reactivated', data: { name: 'remoteAddress' } }] },
  },
  {
    name: 'deprecate an unknown type: 404 in its own words, naming it',
    run: (b, fx) => b.deprecateStrategyType({ name: `${fx.name}-missing` }),
    expect: { error: { status: 404, name: 'NotFoundError', message: (fx) => `Could not find strategy with name ${fx.name}-missing` } },
  },
  {
    name: 'reactivate an unknown type: 404',
    run: (b) => b.reactivateStrategyType({ name: unique('no-such-type') }),
    expect: { error: { status: 404, name: 'NotFoundError', message: 'No strategy found' } },
  },
  {
    name: 'delete an unknown type: 404',
    run: (b) => b.deleteStrategyType({ name: unique('no-such-type') }),
    expect: { error: { status: 404, name: 'NotFoundError', message: 'No strategy found' } },
  },
  {
    name: 'delete a built-in: 500 Cannot edit strategy',
    run: (b) => b.deleteStrategyType({ name: 'default' }),
    expect: { error: { status: 500, name: 'UnknownError', message: 'Cannot edit strategy default' } },
  },
  {
    name: 'the server deletes a type a flag strategy uses',
    run: (b, fx) => b.deleteStrategyType({ name: fx.usedName }),
    expect: { succeeds: true, events: (fx) => [{ type: 'strategy-deleted', data: { name: fx.usedName } }] },
  },
  {
    name: "the flag's strategy still names the deleted type",
    arrange: (b, fx) => b.deleteStrategyType({ name: fx.usedName }).catch(ignore),
    run: (b, fx) => b.getFeature({ projectId: 'default', featureName: fx.flag }),
    expect: {
      result: (value, fx) => {
        const names = ((value as Feature).environments ?? []).flatMap((env) => (env.strategies ?? []).map((s) => s.name));
        expect(names).toContain(fx.usedName);
        expect(names).toContain(fx.guardedName);
      },
    },
  },
  {
    name: "Flagdesk's delete (main) refuses a type a flag strategy uses, and nothing is deleted",
    run: (b, fx) => createStrategyTypeHandlers(async () => b)['strategyTypes.delete']({ name: fx.guardedName }),
    expect: {
      error: { status: 409, name: 'StrategyTypeInUseError', message: (fx) => `Strategy type "${fx.guardedName}" is used by 1 flag strategy` },
      noEventsMentioning: (fx) => fx.guardedName,
    },
  },
  {
    name: "Flagdesk's delete of an unused type",
    run: (b, fx) => createStrategyTypeHandlers(async () => b)['strategyTypes.delete']({ name: fx.unusedName }),
    expect: { result: (value) => expect(value).toBeNull(), events: (fx) => [{ type: 'strategy-deleted', data: { name: fx.unusedName } }] },
  },
  {
    name: 'Undo: the deleted name can be created again',
    arrange: (b, fx) => b.deleteStrategyType({ name: fx.unusedName }).catch(ignore),
    run: (b, fx) => b.createStrategyType({ name: fx.unusedName, description: 'again', parameters: PARAMETERS }),
    expect: { result: (value, fx) => expect(value).toMatchObject({ name: fx.unusedName, description: 'again', deprecated: false }) },
  },
];

export const strategyTypeLifecycleBackend = backendArea<Fx>({
  name: 'strategy-type-lifecycle',
  setup: async (b) => {
    const fx: Fx = {
      name: unique('life-type'),
      createdName: unique('life-new'),
      usedName: unique('life-used'),
      guardedName: unique('life-guarded'),
      unusedName: unique('life-unused'),
      flag: await newFeature(b, 'life-flag'),
    };
    for (const name of [fx.name, fx.usedName, fx.guardedName, fx.unusedName]) await b.createStrategyType({ name, parameters: PARAMETERS });
    await b.fixtures.addFeatureStrategy('default', fx.flag, 'development', { name: fx.usedName, parameters: { tenants: 'a' } });
    await b.fixtures.addFeatureStrategy('default', fx.flag, 'development', { name: fx.guardedName, parameters: { tenants: 'b' } });
    return fx;
  },
  scenarios,
});
