import { describe, expect, it } from 'vitest';
import { evaluatePlayground, type PlaygroundFlagInput } from './playground';

const now = () => new Date('2025-01-01T00:00:00Z');

const flags: PlaygroundFlagInput[] = [
  {
    name: 'custom-only',
    project: 'default',
    enabled: true,
    strategies: [{ id: 's1', name: 'companyRule', parameters: {}, constraints: [] }],
  },
  {
    name: 'segmented',
    project: 'web',
    enabled: true,
    strategies: [
      {
        id: 's2',
        name: 'default',
        parameters: {},
        constraints: [
          { contextName: 'tier', operator: 'IN', values: ['GOLD'], caseInsensitive: true },
          { contextName: 'age', operator: 'NUM_GT', value: '99' },
          { contextName: 'userId', operator: 'STR_STARTS_WITH', values: ['u'] },
        ],
        segments: [1, 404],
      },
      { id: 's3', name: 'default', parameters: {}, constraints: [], disabled: true },
    ],
  },
  { name: 'child', project: 'web', enabled: true, strategies: [], dependencies: [{ feature: 'segmented', enabled: true }] },
];
const segments = [{ id: 1, name: 'adults', constraints: [{ contextName: 'age', operator: 'NUM_GTE', value: '18' }] }];

describe('playground (as Unleash 6.10.1)', () => {
  const [custom, segmented, child] = evaluatePlayground(
    { environment: 'production', features: flags, segments, context: { userId: 'u1', properties: { tier: 'gold', age: '30' } } },
    { now },
  );

  it('answers "unknown" for a custom strategy, and for the flag', () => {
    expect(custom!.strategies.result).toBe('unknown');
    expect(custom!.strategies.data[0]!.result).toEqual({ enabled: 'unknown', evaluationStatus: 'incomplete' });
    expect(custom!.isEnabled).toBe(false);
  });

  it('evaluates every constraint after a failure; drops unknown segments; a disabled strategy is unevaluated', () => {
    const strategy = segmented!.strategies.data[0]!;
    expect(strategy.constraints.map((c) => c.result)).toEqual([true, false, true]);
    expect(strategy.segments).toEqual([{ name: 'adults', id: 1, result: true, constraints: [{ contextName: 'age', operator: 'NUM_GTE', value: '18', result: true }] }]);
    expect(strategy.result).toEqual({ enabled: false, evaluationStatus: 'complete' });
    expect(strategy.links?.edit).toBe('/projects/web/features/segmented/strategies/edit?environmentId=production&strategyId=s2');
    expect(segmented!.strategies.data[1]!.result).toEqual({ enabled: 'unknown', evaluationStatus: 'unevaluated' });
    expect(segmented!.strategies.result).toBe('unknown');
    expect(segmented).toMatchObject({ isEnabled: false, variant: { name: 'disabled', enabled: false, feature_enabled: false } });
  });

  it('marks an unmet dependency', () => {
    expect(child).toMatchObject({ isEnabled: false, hasUnsatisfiedDependency: true, isEnabledInCurrentEnvironment: true });
    expect(child!.strategies).toEqual({ result: true, data: [] });
  });
});
