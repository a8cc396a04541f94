import { expect } from 'vitest';
import type { StrategyType } from '../../../shared/schemas';
import { unique } from '../support/run-id';
import { backendArea, type BackendScenario } from './scenario';

/** `name`: a custom strategy type made in set-up; the create scenario makes `createdName`. */
interface Fx {
  name: string;
  createdName: string;
}

const P1 = { name: 'p1', type: 'string' as const, description: 'd', required: false };
const PARAMETERS = [{ name: 'p1', type: 'number' as const, description: 'd2', required: true }, { name: 'p2', type: 'list' as const }];
const find = (value: unknown, name: string): StrategyType | undefined => (value as StrategyType[]).find((s) => s.name === name);

const scenarios: BackendScenario<Fx>[] = [
  {
    name: 'create a custom strategy type',
    run: (b, fx) => b.fixtures.createStrategyType({ name: fx.createdName, description: 'probe custom', parameters: [P1] }),
    expect: {
      result: (value, fx) => expect(value).toMatchObject({ name: fx.createdName, editable: true, deprecated: false, description: 'probe custom' }),
      events: (fx) => [{ type: 'strategy-created', data: { name: fx.createdName } }],
    },
  },
  {
    name: 'create it again',
    run: (b, fx) => b.fixtures.createStrategyType({ name: fx.name, parameters: [] }),
    expect: { error: { status: 409, name: 'NameExistsError', message: 'already exist' } },
  },
  {
    name: 'update it',
    run: (b, fx) => b.updateStrategyType({ name: fx.name, update: { description: 'updated', parameters: PARAMETERS } }),
    expect: { result: (value) => expect(value).toBeUndefined(), events: (fx) => [{ type: 'strategy-updated', data: { name: fx.name } }] },
  },
  {
    name: 'the list shows the update',
    arrange: (b, fx) => b.updateStrategyType({ name: fx.name, update: { description: 'updated', parameters: PARAMETERS } }),
    run: (b) => b.listStrategyTypes(),
    expect: { result: (value, fx) => expect(find(value, fx.name)).toMatchObject({ description: 'updated', parameters: PARAMETERS }) },
  },
  {
    name: 'update built-in default: 500',
    run: (b) => b.updateStrategyType({ name: 'default', update: { description: 'hacked', parameters: [] } }),
    expect: { error: { status: 500, name: 'UnknownError', message: 'Cannot edit strategy default' } },
  },
  {
    name: 'update built-in userWithId: 500 on 6.10.1, absent on 8.x',
    run: (b) => b.updateStrategyType({ name: 'userWithId', update: { description: 'hacked', parameters: [] } }),
    expect: { error: { status: 500, name: 'UnknownError', message: 'Cannot edit strategy userWithId' } },
    v8: { error: { status: 404, name: 'NotFoundError', message: 'No strategy found' } },
  },
  {
    name: 'userWithId sits between default and remoteAddress, deprecated',
    run: (b) => b.listStrategyTypes(),
    expect: {
      result: (value) => {
        const names = (value as StrategyType[]).map((s) => s.name);
        expect(names.slice(0, 5)).toEqual(['flexibleRollout', 'default', 'userWithId', 'remoteAddress', 'applicationHostname']);
        expect(find(value, 'userWithId')).toMatchObject({ displayName: 'UserIDs', editable: false, deprecated: true });
      },
    },
    v8: { result: (value) => expect(find(value, 'userWithId')).toBeUndefined() },
  },
  {
    name: 'built-ins stay read-only',
    run: (b) => b.listStrategyTypes(),
    expect: {
      result: (value) => {
        expect(find(value, 'default')).toMatchObject({ editable: false });
        expect(find(value, 'default')?.description).not.toBe('hacked');
        expect(find(value, 'flexibleRollout')).toMatchObject({ editable: false });
      },
    },
  },
  {
    name: 'update an unknown strategy type',
    run: (b) => b.updateStrategyType({ name: unique('no-such-strategy'), update: { parameters: [] } }),
    expect: { error: { status: 404, name: 'NotFoundError', message: 'No strategy found' } },
  },
];

export const strategyTypesBackend = backendArea<Fx>({
  name: 'strategy-types',
  setup: async (b) => {
    const name = unique('b-custom');
    await b.fixtures.createStrategyType({ name, description: 'probe custom', parameters: [P1] });
    return { name, createdName: unique('b-custom-new') };
  },
  scenarios,
});
