import { describe, expect, it } from 'vitest';
import type { Feature } from '../../shared/schemas';
import { strategyUsage, type UsageReads } from './strategy-usage';

const strategy = (id: string, name: string, parameters: Record<string, string> = {}) => ({ id, name, parameters });

function reads(): UsageReads & { asked: string[] } {
  const flags: Record<string, Feature[]> = {
    default: [
      { name: 'a', project: 'default', environments: [{ name: 'development', enabled: true, hasStrategies: true }] },
      { name: 'empty', project: 'default', environments: [{ name: 'development', enabled: false, hasStrategies: false }] },
    ],
    growth: [{ name: 'b', project: 'growth', environments: [{ name: 'production', enabled: true, hasStrategies: true }] }],
  };
  const details: Record<string, Feature> = {
    a: { name: 'a', project: 'default', environments: [{ name: 'development', enabled: true, strategies: [strategy('s1', 'tenant', { id: 'acme' }), strategy('s2', 'default')] }] },
    b: { name: 'b', project: 'growth', environments: [{ name: 'production', enabled: true, strategies: [strategy('s3', 'tenant', { id: 'globex' })] }] },
  };
  const asked: string[] = [];
  return {
    asked,
    projects: async () => [{ id: 'default', name: 'Default' }, { id: 'growth', name: 'Growth' }],
    features: async (projectId) => flags[projectId] ?? [],
    feature: async (_projectId, name) => {
      asked.push(name);
      return details[name]!;
    },
  };
}

describe('strategy usage', () => {
  it('finds every strategy of a type with its stored parameters, skipping flags without strategies', async () => {
    const source = reads();
    expect(await strategyUsage(source, 'tenant')).toEqual([
      { strategyName: 'tenant', projectId: 'default', featureName: 'a', environment: 'development', strategyId: 's1', parameters: { id: 'acme' } },
      { strategyName: 'tenant', projectId: 'growth', featureName: 'b', environment: 'production', strategyId: 's3', parameters: { id: 'globex' } },
    ]);
    expect(source.asked.sort()).toEqual(['a', 'b']);
  });

  it('lists every type when none is named', async () => {
    expect((await strategyUsage(reads())).map((row) => row.strategyName)).toEqual(['tenant', 'default', 'tenant']);
  });
});
