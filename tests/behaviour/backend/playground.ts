import { expect } from 'vitest';
import { clientStateFromAdmin, createEvaluator, type PlaygroundResponse } from '../../../shared/evaluation';
import { backendArea, type BackendScenario } from './scenario';
import { newFeature, newSegment } from './fixtures';

/** POST /api/admin/playground through each backend: the demo in-process, and the remote backend over HTTP. */
interface Fx {
  flag: string;
  /** On in development through one strategy that carries the variant `blue`. */
  variantFlag: string;
}

const BLUE = { name: 'blue', weight: 1000, weightType: 'variable' as const, stickiness: 'default', payload: { type: 'string' as const, value: 'b' } };

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
  {
    name: "a strategy's variants: the server answers the strategy's variant, and so does the local evaluator",
    run: async (b, fx) => ({
      server: await b.playground({ environment: 'development', projects: ['default'], context: { ...APP, userId: 'u1' } }),
      flag: await b.getFeature({ projectId: 'default', featureName: fx.variantFlag }),
    }),
    expect: {
      result: (value, fx) => {
        const { server, flag } = value as { server: PlaygroundResponse; flag: Parameters<typeof clientStateFromAdmin>[0][number] };
        expect(flagIn(server, fx.variantFlag)).toMatchObject({
          isEnabled: true,
          variant: { name: 'blue', enabled: true, payload: BLUE.payload, feature_enabled: true },
        });
        const local = createEvaluator(clientStateFromAdmin([flag], [], 'development')).evaluate(fx.variantFlag, { ...APP, userId: 'u1' });
        expect(local.variant).toMatchObject({ name: 'blue', enabled: true, payload: BLUE.payload });
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
    const variantFlag = await newFeature(backend, 'pgb-variants');
    await backend.fixtures.addFeatureStrategy('default', variantFlag, 'development', {
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: variantFlag },
      variants: [BLUE],
    });
    await backend.fixtures.setEnvironmentEnabled('default', variantFlag, 'development', true);
    return { flag, variantFlag };
  },
  scenarios,
});
