import { expect } from 'vitest';
import { addStrategy, createFeature, enableIn } from '../support/wire-fixtures';
import { area, type WireScenario } from './scenario';
import { badData } from './common';

/**
 * Strategy variants (asked of 6.10.1 and 8.2.0): the server stores them with the strategy, fixes their weights to
 * sum 1000, and its playground answers the variant of the strategy that enabled the flag.
 */
interface Fx {
  flag: string;
  onFlag: string;
}

const variant = (name: string, extra: Record<string, unknown> = {}) => ({ name, weight: 0, weightType: 'variable', stickiness: 'default', ...extra });
const strategies = (flag: string): string => `/api/admin/projects/default/features/${flag}/environments/development/strategies`;
const add = (variants: unknown[]) => (fx: Fx) => ({ method: 'POST' as const, path: strategies(fx.flag), body: { name: 'default', variants } });
const BLUE = { name: 'blue', weight: 1000, payload: { type: 'string', value: 'b' }, stickiness: 'default', weightType: 'variable' };

const scenarios: WireScenario<Fx>[] = [
  {
    name: 'add a strategy with variants: stored in the server\'s key order, weights fixed to 1000',
    request: add([variant('a'), variant('b'), variant('c', { weight: 200, weightType: 'fix', payload: { type: 'json', value: '{"x":1}' } })]),
    expect: {
      status: 200,
      body: (json) =>
        expect((json as { variants: unknown }).variants).toEqual([
          { name: 'a', weight: 400, stickiness: 'default', weightType: 'variable' },
          { name: 'b', weight: 400, stickiness: 'default', weightType: 'variable' },
          { name: 'c', weight: 200, payload: { type: 'json', value: '{"x":1}' }, stickiness: 'default', weightType: 'fix' },
        ]),
      events: (fx) => [{ type: 'feature-strategy-add', featureName: fx.flag, data: { variants: [{ name: 'a', weight: 400 }, { name: 'b', weight: 400 }, { name: 'c', weight: 200 }] } }],
    },
  },
  {
    name: 'three variable variants share 1000 as 334, 333, 333',
    request: add([variant('a'), variant('b'), variant('c')]),
    expect: { status: 200, body: (json) => expect((json as { variants: { weight: number }[] }).variants.map((v) => v.weight)).toEqual([334, 333, 333]) },
  },
  {
    name: 'a variant without weightType',
    request: add([{ name: 'a', weight: 5 }]),
    expect: badData('The `/body/variants/0/weightType` property is required.', '/body/variants/0/weightType'),
  },
  {
    name: 'a variant without a name',
    request: add([{ weight: 0, weightType: 'variable', stickiness: 'default' }]),
    expect: badData('The `/body/variants/0/name` property is required.', '/body/variants/0/name'),
  },
  {
    name: 'a weight over 1000',
    request: add([variant('a', { weight: 1200, weightType: 'fix' })]),
    expect: badData('The `/body/variants/0/weight` property must be <= 1000. You sent 1200.', '/body/variants/0/weight'),
  },
  {
    name: 'a payload type not in the enum',
    request: add([variant('a', { payload: { type: 'bogus', value: '1' } })]),
    expect: badData('You provided "bogus", which is not valid.', 'type'),
  },
  { name: 'only fixed variants', request: add([variant('a', { weight: 500, weightType: 'fix' })]), expect: badData('There must be at least one "variable" variant') },
  {
    name: 'fixed weights over 1000',
    request: add([variant('a', { weight: 600, weightType: 'fix' }), variant('b', { weight: 600, weightType: 'fix' }), variant('c')]),
    expect: badData('The traffic distribution total must equal 100%'),
  },
  { name: 'an undeclared key in a variant', request: add([variant('a', { extra: 1 })]), expect: badData('"[0].extra" is not allowed. You provided 1.') },
  { name: 'the same variant twice', request: add([variant('a'), variant('a')]), expect: badData('"[1]" contains a duplicate value.') },
  {
    name: 'the flag shows the strategy with its variants',
    request: (fx) => ({ method: 'GET', path: `/api/admin/projects/default/features/${fx.onFlag}` }),
    expect: {
      status: 200,
      body: (json) => {
        const development = (json as { environments: { name: string; strategies: { variants: unknown }[] }[] }).environments.find((e) => e.name === 'development');
        expect(development?.strategies[0]?.variants).toEqual([BLUE]);
      },
    },
  },
  {
    name: "playground: the strategy's variant, not 'disabled'",
    request: { method: 'POST', path: '/api/admin/playground', body: { environment: 'development', projects: ['default'], context: { appName: 'flagdesk-behaviour', userId: 'u1' } } },
    expect: {
      status: 200,
      body: (json, fx) => {
        const flag = (json as { features: { name: string }[] }).features.find((f) => f.name === fx.onFlag);
        expect(flag).toMatchObject({
          isEnabled: true,
          variant: { name: 'blue', enabled: true, payload: { type: 'string', value: 'b' }, feature_enabled: true },
          variants: [BLUE],
          strategies: { result: true, data: [{ result: { enabled: true, evaluationStatus: 'complete', variant: { name: 'blue', enabled: true }, variants: [BLUE] } }] },
        });
      },
    },
  },
];

export const strategyVariantsArea = area<Fx>({
  name: 'strategy-variants',
  async setup(send) {
    const flag = await createFeature(send, 'sv');
    const onFlag = await createFeature(send, 'sv-on');
    await addStrategy(send, onFlag, {
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: onFlag },
      variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default', payload: { type: 'string', value: 'b' } }],
    });
    await enableIn(send, onFlag);
    return { flag, onFlag };
  },
  scenarios,
});
