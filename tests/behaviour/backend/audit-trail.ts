import { expect } from 'vitest';
import type { FixturedBackend } from '../../../electron/backend/instance-fixtures';
import type { StrategySegmentsChange } from '../../../shared/schemas';
import { unique } from '../support/run-id';
import { backendArea, type BackendScenario } from './scenario';
import { newFeature, newSegment } from './fixtures';

/**
 * Every kind of write the app sends, each found afterwards in the server's own event log: its type and the thing it
 * changed. A write that a version does not record fails here (docs/versions.md#what-each-write-records).
 */

interface Strategy {
  feature: string;
  id: string;
}
interface Fx {
  toUpdate: { id: number; name: string };
  toDelete: { id: number; name: string };
  segA: { id: number; name: string };
  segB: { id: number; name: string };
  /** A strategy with a title and a constraint, using segA: the segment change must keep both. */
  single: Strategy;
  /** Two strategies of two flags for the bulk assign. */
  bulk: [Strategy, Strategy];
  strategyType: string;
  origin: string;
  archived: string;
  parent: string;
  child: string;
}

const change = (strategy: Strategy, segmentIds: number[]): StrategySegmentsChange => ({
  projectId: 'default',
  featureName: strategy.feature,
  environmentId: 'development',
  strategyId: strategy.id,
  segmentIds,
});
/** The bare link, which no version records: it puts a strategy's segments back without leaving a trace. */
const reset = (b: FixturedBackend, strategy: Strategy, segmentIds: number[]) =>
  b.fixtures.linkStrategySegments({ projectId: 'default', environmentId: 'development', strategyId: strategy.id, segmentIds });
const strategyUpdate = (strategy: Strategy, before: number[], after: number[]) => ({
  type: 'feature-strategy-update',
  project: 'default',
  featureName: strategy.feature,
  environment: 'development',
  preData: { id: strategy.id, segments: before },
  data: { id: strategy.id, segments: after },
});

async function newStrategy(b: FixturedBackend, prefix: string, segments: number[], title?: string): Promise<Strategy> {
  const feature = await newFeature(b, prefix);
  const added = await b.fixtures.addFeatureStrategy('default', feature, 'development', {
    name: 'flexibleRollout',
    ...(title ? { title } : {}),
    constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1'] }],
    parameters: { rollout: '25', stickiness: 'default', groupId: feature },
    segments,
  });
  return { feature, id: added.id };
}

const scenarios: BackendScenario<Fx>[] = [
  {
    name: 'segment create: segment-created names it',
    run: (b, fx) => b.createSegment({ name: `${fx.toUpdate.name}-new`, constraints: [] }),
    expect: { succeeds: true, events: (fx) => [{ type: 'segment-created', data: { name: `${fx.toUpdate.name}-new` } }] },
  },
  {
    name: 'segment update: segment-updated with before and after',
    run: (b, fx) => b.updateSegment({ id: fx.toUpdate.id, segment: { name: fx.toUpdate.name, description: 'audited', constraints: [] } }),
    expect: {
      succeeds: true,
      events: (fx) => [{ type: 'segment-updated', data: { id: fx.toUpdate.id, description: 'audited' }, preData: { id: fx.toUpdate.id } }],
    },
  },
  {
    name: 'segment delete: segment-deleted with the segment before',
    run: (b, fx) => b.deleteSegment({ id: fx.toDelete.id }),
    expect: { succeeds: true, events: (fx) => [{ type: 'segment-deleted', preData: { id: fx.toDelete.id, name: fx.toDelete.name } }] },
  },
  {
    name: "a strategy's segments: feature-strategy-update with the segments before and after, the rest kept",
    arrange: (b, fx) => reset(b, fx.single, [fx.segA.id]),
    run: (b, fx) => b.setStrategySegments(change(fx.single, [fx.segB.id])),
    expect: {
      result: (value, fx) =>
        expect(value).toMatchObject({
          id: fx.single.id,
          name: 'flexibleRollout',
          title: 'Audited',
          constraints: [expect.objectContaining({ contextName: 'userId', operator: 'IN', values: ['u1'] })],
          parameters: { rollout: '25', stickiness: 'default', groupId: fx.single.feature },
          segments: [fx.segB.id],
        }),
      events: (fx) => [strategyUpdate(fx.single, [fx.segA.id], [fx.segB.id])],
    },
  },
  {
    name: 'bulk assign: one feature-strategy-update per strategy',
    arrange: async (b, fx) => Promise.all(fx.bulk.map((s) => reset(b, s, []))),
    run: async (b, fx) => {
      for (const strategy of fx.bulk) await b.setStrategySegments(change(strategy, [fx.segA.id]));
    },
    expect: { succeeds: true, events: (fx) => fx.bulk.map((strategy) => strategyUpdate(strategy, [], [fx.segA.id])) },
  },
  {
    name: 'strategy type update: strategy-updated names it',
    run: (b, fx) => b.updateStrategyType({ name: fx.strategyType, update: { description: 'audited', parameters: [] } }),
    expect: { succeeds: true, events: (fx) => [{ type: 'strategy-updated', data: { name: fx.strategyType, description: 'audited' } }] },
  },
  {
    name: 'CORS origins: setting-updated with the new list',
    // the setting exists first (its first write is setting-created); `*` stays so other rows' front-end checks hold
    arrange: (b) => b.setFrontendApiOrigins({ origins: ['*'] }),
    run: (b, fx) => b.setFrontendApiOrigins({ origins: ['*', fx.origin] }),
    expect: {
      succeeds: true,
      events: (fx) => [{ type: 'setting-updated', data: { id: 'unleash.frontend', frontendApiOrigins: ['*', fx.origin] } }],
    },
  },
  {
    name: 'archive: feature-archived names the flag',
    run: (b, fx) => b.archiveFeatures({ projectId: 'default', features: [fx.archived] }),
    expect: { succeeds: true, events: (fx) => [{ type: 'feature-archived', featureName: fx.archived, project: 'default' }] },
  },
  {
    name: 'revive: feature-revived names the flag',
    arrange: (b, fx) => b.archiveFeatures({ projectId: 'default', features: [fx.archived] }),
    run: (b, fx) => b.reviveFeatures({ projectId: 'default', features: [fx.archived] }),
    expect: { succeeds: true, events: (fx) => [{ type: 'feature-revived', featureName: fx.archived, project: 'default' }] },
  },
  {
    name: 'restore a dependency (after a revive): feature-dependency-added names the child',
    run: (b, fx) => b.fixtures.addDependency('default', fx.child, { feature: fx.parent, enabled: true }),
    expect: { succeeds: true, events: (fx) => [{ type: 'feature-dependency-added', featureName: fx.child, data: { feature: fx.parent } }] },
  },
];

export const auditTrailBackend = backendArea<Fx>({
  name: 'audit-trail',
  setup: async (b) => {
    const segA = await newSegment(b, 'audit-a');
    const segB = await newSegment(b, 'audit-b');
    const strategyType = unique('audit-type');
    await b.fixtures.createStrategyType({ name: strategyType, description: 'probe', parameters: [] });
    return {
      toUpdate: await newSegment(b, 'audit-upd'),
      toDelete: await newSegment(b, 'audit-del'),
      segA,
      segB,
      single: await newStrategy(b, 'audit-single', [segA.id], 'Audited'),
      bulk: [await newStrategy(b, 'audit-bulk', []), await newStrategy(b, 'audit-bulk', [])],
      strategyType,
      origin: `https://${unique('audit')}.example`,
      archived: await newFeature(b, 'audit-archived'),
      parent: await newFeature(b, 'audit-parent'),
      child: await newFeature(b, 'audit-child'),
    };
  },
  scenarios,
});
