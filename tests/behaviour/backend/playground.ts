import { expect } from 'vitest';
import type { PlaygroundResponse } from '../../../shared/evaluation';
import { backendArea, type BackendScenario } from './scenario';
import { newFeature, newSegment } from './fixtures';

/** POST /api/admin/playground through each backend: the demo in-process, and the remote backend over HTTP. */
interface Fx {
  flag: string;
}

const APP = { appName: 'flagdesk-behaviour' };
const flagIn = (value: unknown, name: string) => (value as PlaygroundResponse).features.find((f) => f.name === name);

const scenarios: BackendScenario<Fx>[] = [
  {
    name: 'a matching context: on, with constraint and segment results',
    run: (b) => b.playground({ environment: 'development', projects: ['default'], context: { ...APP, userId: 'u1', properties: { tier: 'gold' } } }),
    expect: {
      result: (value, fx) => {
        const flag = flagIn(value, fx.flag)!;
        expect(flag).toMatchObject({ isEnabled: true, isEnabledInCurrentEnvironment: true, strategies: { result: true } });
        const strategy = flag.strategies.data[0]!;
        expect(strategy.constraints.map((c) => c.result)).toEqual([true]);
        expect(strategy.segments.map((s) => s.result)).toEqual([true]);
      },
      noEventsMentioning: (fx) => fx.flag,
    },
  },
  {
    name: 'a context the segment leaves out: off, and why',
    run: (b) => b.playground({ environment: 'development', projects: '*', context: { ...APP, userId: 'u1', properties: { tier: 'bronze' } } }),
    expect: {
      result: (value, fx) => {
        const flag = flagIn(value, fx.flag)!;
        expect(flag).toMatchObject({ isEnabled: false, variant: { name: 'disabled', enabled: false, feature_enabled: false } });
        expect(flag.strategies.data[0]!.segments[0]!.constraints[0]).toMatchObject({ contextName: 'tier', result: false });
      },
    },
  },
];

export const playgroundBackend = backendArea<Fx>({
  name: 'playground',
  async setup(backend) {
    const flag = await newFeature(backend, 'pgb');
    const segment = await newSegment(backend, 'pgb-seg');
    await backend.updateSegment({ id: segment.id, segment: { name: segment.name, constraints: [{ contextName: 'tier', operator: 'IN', values: ['gold'] }] } });
    await backend.fixtures.addFeatureStrategy('default', flag, 'development', {
      name: 'default',
      parameters: {},
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1', 'u2'] }],
      segments: [segment.id],
    });
    await backend.fixtures.setEnvironmentEnabled('default', flag, 'development', true);
    return { flag };
  },
  scenarios,
});
