import { expect } from 'vitest';
import { backendArea, type BackendScenario } from './scenario';
import { newFeature } from './fixtures';

/** The reads the UI needs, as a fresh instance (or the demo's empty dataset) answers them. */
interface Fx {
  feature: string;
}

const names = (value: unknown, key: 'id' | 'name' = 'name'): string[] => (value as Record<string, string>[]).map((item) => item[key] ?? '');

const scenarios: BackendScenario<Fx>[] = [
  { name: 'projects include default', run: (b) => b.listProjects(), expect: { result: (value) => expect(names(value, 'id')).toContain('default') } },
  {
    name: 'environments include development and production',
    run: (b) => b.listEnvironments(),
    expect: { result: (value) => expect(names(value)).toEqual(expect.arrayContaining(['development', 'production'])) },
  },
  { name: 'project flags include a new flag', run: (b) => b.listProjectFeatures({ projectId: 'default' }), expect: { result: (value, fx) => expect(names(value)).toContain(fx.feature) } },
  {
    name: 'one flag with its environments',
    run: (b, fx) => b.getFeature({ projectId: 'default', featureName: fx.feature }),
    expect: {
      result: (value, fx) => {
        expect(value).toMatchObject({ name: fx.feature, project: 'default', archived: false });
        expect(names((value as { environments: unknown }).environments)).toContain('development');
      },
    },
  },
  {
    name: 'an unknown flag',
    run: (b) => b.getFeature({ projectId: 'default', featureName: 'no-such-feature-flagdesk' }),
    expect: { error: { status: 404, name: 'NotFoundError', message: 'There\'s no feature named "no-such-feature-flagdesk" in project "default".' } },
  },
  {
    name: 'a flag asked of another project',
    run: (b, fx) => b.getFeature({ projectId: 'no-such-project-flagdesk', featureName: fx.feature }),
    expect: { error: { status: 404, name: 'NotFoundError', message: 'but there\'s a feature with that name in project "default"' } },
  },
  { name: 'flags of an unknown project: none', run: (b) => b.listProjectFeatures({ projectId: 'no-such-project-flagdesk' }), expect: { result: [] } },
  { name: 'context fields include userId', run: (b) => b.listContextFields(), expect: { result: (value) => expect(names(value)).toContain('userId') } },
  {
    name: 'built-in strategy types',
    run: (b) => b.listStrategyTypes(),
    expect: { result: (value) => expect(names(value)).toEqual(expect.arrayContaining(['default', 'flexibleRollout', 'applicationHostname', 'remoteAddress'])) },
  },
];

export const readsBackend = backendArea<Fx>({ name: 'reads', setup: async (b) => ({ feature: await newFeature(b, 'b-read') }), scenarios });
