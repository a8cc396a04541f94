import { expect } from 'vitest';
import type { Feature } from '../../../shared/schemas';
import { strategyUsage } from '../../../electron/backend/strategy-usage';
import { unique } from '../support/run-id';
import { newFeature } from './fixtures';
import { backendArea, type BackendScenario } from './scenario';

/**
 * Batch archive, revive and delete, the environment switches and context fields, as real 6.10.1 answered them
 * (asked with curl: archive 202, revive/delete 200 with empty bodies, revive switches every environment off).
 */
interface Fx {
  parent: string;
  child: string;
  context: string;
}

const envOf = (value: unknown, name: string) => (value as Feature).environments?.find((env) => env.name === name);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const scenarios: BackendScenario<Fx>[] = [
  {
    name: 'switch the child on in development: the default strategy is added',
    run: (b, fx) => b.setFeatureEnvironmentEnabled({ projectId: 'default', featureName: fx.child, environment: 'development', enabled: true }),
    expect: {
      result: (value) => expect(value).toBeUndefined(),
      events: (fx) => [
        { type: 'feature-strategy-add', featureName: fx.child, environment: 'development', data: { name: 'flexibleRollout' } },
        { type: 'feature-environment-enabled', featureName: fx.child, environment: 'development' },
      ],
    },
  },
  {
    name: 'the child is on in development with a gradual rollout of 100%',
    run: (b, fx) => b.getFeature({ projectId: 'default', featureName: fx.child }),
    expect: {
      result: (value, fx) => {
        const env = envOf(value, 'development');
        expect(env?.enabled).toBe(true);
        expect(env?.strategies?.[0]).toMatchObject({ name: 'flexibleRollout', parameters: { rollout: '100', stickiness: 'default', groupId: fx.child } });
      },
    },
  },
  {
    name: "the strategy-usage walk (the breaking-change guard's list) finds the child's strategy with its stored values",
    run: (b) =>
      strategyUsage(
        {
          projects: () => b.listProjects(),
          features: (projectId) => b.listProjectFeatures({ projectId }),
          feature: (projectId, featureName) => b.getFeature({ projectId, featureName }),
        },
        'flexibleRollout',
      ),
    expect: {
      result: (value, fx) =>
        expect(value).toContainEqual(
          expect.objectContaining({
            strategyName: 'flexibleRollout',
            projectId: 'default',
            featureName: fx.child,
            environment: 'development',
            parameters: { rollout: '100', stickiness: 'default', groupId: fx.child },
          }),
        ),
    },
  },
  {
    name: 'switch on again: no event',
    run: (b, fx) => b.setFeatureEnvironmentEnabled({ projectId: 'default', featureName: fx.child, environment: 'development', enabled: true }),
    expect: { succeeds: true, noEventsMentioning: (fx) => fx.child },
  },
  {
    name: 'an unknown environment is 404',
    run: (b, fx) => b.setFeatureEnvironmentEnabled({ projectId: 'default', featureName: fx.child, environment: 'no-such-env', enabled: true }),
    expect: { error: { status: 404, name: 'NotFoundError', message: (fx) => `Could not find environment no-such-env for feature: ${fx.child}` } },
  },
  {
    name: 'link the child to its parent',
    run: (b, fx) => b.fixtures.addDependency('default', fx.child, { feature: fx.parent }),
    expect: { succeeds: true, events: (fx) => [{ type: 'feature-dependency-added', featureName: fx.child }] },
  },
  {
    name: 'archiving the parent alone is refused',
    run: (b, fx) => b.archiveFeatures({ projectId: 'default', features: [fx.parent] }),
    expect: { error: { status: 403, name: 'InvalidOperationError', message: 'You can not archive/delete this feature since other features depend on it.' } },
  },
  {
    name: 'archive the child: its dependency is removed, then it is archived',
    run: (b, fx) => b.archiveFeatures({ projectId: 'default', features: [fx.child] }),
    expect: {
      succeeds: true,
      events: (fx) => [
        { type: 'feature-dependencies-removed', featureName: fx.child, project: 'default' },
        { type: 'feature-archived', featureName: fx.child, project: 'default' },
      ],
    },
  },
  {
    name: 'switching an archived flag is 400 ArchivedFeatureError',
    run: (b, fx) => b.setFeatureEnvironmentEnabled({ projectId: 'default', featureName: fx.child, environment: 'development', enabled: false }),
    expect: { error: { status: 400, name: 'ArchivedFeatureError', message: 'Cannot perform this operation on archived features' } },
  },
  {
    name: 'revive in an unknown project is 404',
    run: (b, fx) => b.reviveFeatures({ projectId: unique('no-such-project'), features: [fx.child] }),
    expect: { error: { status: 404, name: 'NotFoundError' } },
    // 5.x checks the flags' own project against the URL's first (checked on 5.12.8)
    v5: { error: { status: 403, name: 'InvalidOperationError', message: 'does not match the project provided in request URL' } },
  },
  {
    name: 'revive the child (and an unknown name, ignored)',
    run: (b, fx) => b.reviveFeatures({ projectId: 'default', features: [fx.child, unique('ghost')] }),
    expect: { result: (value) => expect(value).toBeUndefined(), events: (fx) => [{ type: 'feature-revived', featureName: fx.child, project: 'default' }] },
  },
  {
    name: 'the revived child is off everywhere, keeps its strategy, and has no parent any more',
    run: (b, fx) => b.getFeature({ projectId: 'default', featureName: fx.child }),
    expect: {
      result: (value) => {
        const feature = value as Feature;
        expect(feature.environments?.every((env) => !env.enabled)).toBe(true);
        expect(envOf(value, 'development')?.strategies).toHaveLength(1);
        expect(feature.dependencies ?? []).toEqual([]);
      },
    },
  },
  {
    name: 'archive the child again, wait (6.10.1 can crash on a hard delete right after an archive), delete it for good',
    run: async (b, fx) => {
      await b.archiveFeatures({ projectId: 'default', features: [fx.child] });
      await pause(2000);
      await b.deleteArchivedFeatures({ projectId: 'default', features: [fx.child] });
    },
    expect: { succeeds: true, events: (fx) => [{ type: 'feature-deleted', featureName: fx.child, project: 'default' }] },
  },
  {
    name: 'the deleted child is gone',
    run: (b, fx) => b.getFeature({ projectId: 'default', featureName: fx.child }),
    expect: { error: { status: 404, name: 'NotFoundError' } },
  },
  {
    name: 'create a context field',
    run: (b, fx) => b.createContextField({ name: fx.context, legalValues: [{ value: 'free' }, { value: 'pro' }] }),
    expect: {
      result: (value, fx) => expect(value).toMatchObject({ name: fx.context, stickiness: false, legalValues: [{ value: 'free' }, { value: 'pro' }] }),
      events: (fx) => [{ type: 'context-field-created', data: { name: fx.context } }],
    },
  },
  {
    name: 'create it again: 409',
    run: (b, fx) => b.createContextField({ name: fx.context }),
    expect: { error: { status: 409, name: 'NameExistsError', message: 'A context field with that name already exist' } },
  },
  {
    name: 'delete the context field',
    run: (b, fx) => b.deleteContextField({ name: fx.context }),
    expect: { succeeds: true, events: (fx) => [{ type: 'context-field-deleted', preData: { name: fx.context } }] },
  },
  {
    name: 'delete it again: 404',
    run: (b, fx) => b.deleteContextField({ name: fx.context }),
    expect: { error: { status: 404, name: 'NotFoundError', message: (fx) => `Could not find Context field with name ${fx.context}` } },
    // 8.x lower-cases "context field" in this sentence; 7.6.5 still writes it as 6.x does (both checked)
    v8: { error: { status: 404, name: 'NotFoundError', message: (fx) => `Could not find context field with name ${fx.context}` } },
    v7: { error: { status: 404, name: 'NotFoundError', message: (fx) => `Could not find Context field with name ${fx.context}` } },
  },
  {
    name: 'the front-end API preflight answers 204 with the CORS headers',
    run: (b) => b.corsPreflight({ origin: 'https://preflight.example.com', method: 'GET', requestHeaders: 'authorization,content-type' }),
    expect: {
      result: (value) => {
        expect(value).toMatchObject({ status: 204, maxAgeSeconds: 86400 });
        const names = (value as { headers: [string, string][] }).headers.map(([name]) => name);
        expect(names).toEqual(expect.arrayContaining(['vary', 'access-control-allow-methods', 'access-control-allow-headers']));
      },
    },
  },
];

export const archiveLifecycleBackend = backendArea<Fx>({
  name: 'archive-lifecycle',
  setup: async (b) => ({ parent: await newFeature(b, 'l-parent'), child: await newFeature(b, 'l-child'), context: unique('ctx') }),
  scenarios,
});
