import { describe, expect, it } from 'vitest';
import type { StrategyVariantInput } from '../../../../shared/schemas';
import { eventsOf, freshDemo, rejection } from '../test-support/demo';

const variant = (name: string, extra: Partial<StrategyVariantInput> = {}): StrategyVariantInput => ({
  name,
  weight: 0,
  weightType: 'variable',
  stickiness: 'default',
  ...extra,
});

async function flagWithVariants(variants: StrategyVariantInput[]) {
  const demo = freshDemo();
  await demo.fixtures.createFeature('default', { name: 'f' });
  const added = demo.fixtures.addFeatureStrategy('default', 'f', 'development', {
    name: 'flexibleRollout',
    parameters: { rollout: '100', stickiness: 'default', groupId: 'f' },
    variants,
  });
  return { demo, added };
}

describe('strategy variants (as 6.10.1 stores them)', () => {
  it('keeps them on the strategy, in its answer, in the flag and in the event, in the server\'s key order', async () => {
    const { demo, added } = await flagWithVariants([variant('blue', { weight: 1000, payload: { type: 'string', value: 'b' } })]);
    const stored = [{ name: 'blue', weight: 1000, payload: { type: 'string', value: 'b' }, stickiness: 'default', weightType: 'variable' }];
    const strategy = await added;
    expect(strategy.variants).toEqual(stored);
    expect(Object.keys(strategy.variants![0]!)).toEqual(['name', 'weight', 'payload', 'stickiness', 'weightType']);
    const flag = await demo.getFeature({ projectId: 'default', featureName: 'f' });
    expect(flag.environments?.[0]?.strategies?.[0]?.variants).toEqual(stored);
    expect(eventsOf(demo)[0]).toMatchObject({ type: 'feature-strategy-add', data: { variants: stored } });
  });

  it('shares 1000 among the variable variants after the fixed ones, the first ones one more', async () => {
    const { added } = await flagWithVariants([variant('a'), variant('b'), variant('c', { weight: 200, weightType: 'fix' })]);
    expect((await added).variants?.map((v) => [v.name, v.weight])).toEqual([['a', 400], ['b', 400], ['c', 200]]);
    const { added: three } = await flagWithVariants([variant('a'), variant('b'), variant('c')]);
    expect((await three).variants?.map((v) => v.weight)).toEqual([334, 333, 333]);
  });

  it('fixes the weights on an update too, as 6.10.1 does', async () => {
    const { demo, added } = await flagWithVariants([]);
    const { id } = await added;
    const updated = await demo.fixtures.updateFeatureStrategy('default', 'f', 'development', id, {
      name: 'flexibleRollout',
      variants: [variant('a'), variant('b')],
    });
    expect(updated.variants?.map((v) => [v.name, v.weight])).toEqual([['a', 500], ['b', 500]]);
  });

  it('refuses what 6.10.1 refuses, adding no strategy', async () => {
    const cases: [StrategyVariantInput[], string][] = [
      [[variant('a', { weight: 500, weightType: 'fix' })], 'There must be at least one "variable" variant'],
      [[variant('a', { weight: 600, weightType: 'fix' }), variant('b', { weight: 600, weightType: 'fix' }), variant('c')], 'The traffic distribution total must equal 100%'],
      [[variant('a'), variant('a')], '"[1]" contains a duplicate value. You provided {"name":"a","weight":0,"weightType":"variable","stickiness":"default"}.'],
      [[{ ...variant('a'), extra: 1 } as StrategyVariantInput], '"[0].extra" is not allowed. You provided 1.'],
    ];
    for (const [variants, message] of cases) {
      const { demo, added } = await flagWithVariants(variants);
      const error = await rejection(added);
      expect(error, message).toMatchObject({ status: 400, name: 'BadDataError', details: [{ message }] });
      expect((await demo.getFeature({ projectId: 'default', featureName: 'f' })).environments?.[0]?.strategies).toEqual([]);
    }
  });

  it('answers the strategy\'s variant in the playground when the strategy enables the flag', async () => {
    const { demo, added } = await flagWithVariants([variant('blue', { payload: { type: 'string', value: 'b' } })]);
    await added;
    await demo.setFeatureEnvironmentEnabled({ projectId: 'default', featureName: 'f', environment: 'development', enabled: true });
    const answer = await demo.playground({ environment: 'development', projects: ['default'], context: { appName: 'x', userId: 'u1' } });
    expect(answer.features[0]).toMatchObject({
      isEnabled: true,
      variant: { name: 'blue', enabled: true, payload: { type: 'string', value: 'b' }, feature_enabled: true },
      variants: [{ name: 'blue', weight: 1000 }],
      strategies: { data: [{ result: { enabled: true, variant: { name: 'blue', enabled: true } } }] },
    });
  });
});
