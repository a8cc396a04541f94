import { expect } from 'vitest';
import type { SetStrategySegments, StrategySegmentsChange } from '../../../shared/schemas';
import { backendArea, type BackendScenario } from './scenario';
import { newFeature, newSegment } from './fixtures';

/**
 * From set-up: `feature` with a flexibleRollout strategy (`strategyId`) using segA; the add scenario uses its own.
 * The bare link (POST /segments/strategies) rows show why the app does not send it: no version records it. The
 * app's change (the strategy's update) runs on `appFeature`'s strategy.
 */
interface Fx {
  feature: string;
  segA: { id: number; name: string };
  segB: { id: number; name: string };
  extra: number[];
  strategyId: string;
  addTo: string;
  addSegment: number;
  appFeature: string;
  appStrategyId: string;
}

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
const set = (fx: Fx, segmentIds: number[], overrides: Partial<SetStrategySegments> = {}): SetStrategySegments => ({
  projectId: 'default',
  strategyId: fx.strategyId,
  environmentId: 'development',
  segmentIds,
  ...overrides,
});
const appChange = (fx: Fx, segmentIds: number[], overrides: Partial<StrategySegmentsChange> = {}): StrategySegmentsChange => ({
  projectId: 'default',
  featureName: fx.appFeature,
  environmentId: 'development',
  strategyId: fx.appStrategyId,
  segmentIds,
  ...overrides,
});
const ids = (value: unknown): number[] => (value as { id: number }[]).map((s) => s.id).sort((a, b) => a - b);

const withSegment = (feature: string, segment: number) => ({
  name: 'flexibleRollout',
  constraints: [],
  parameters: { rollout: '50', stickiness: 'default', groupId: feature },
  segments: [segment],
});

const scenarios: BackendScenario<Fx>[] = [
  {
    name: 'add a strategy with a segment',
    run: (b, fx) => b.fixtures.addFeatureStrategy('default', fx.addTo, 'development', withSegment(fx.addTo, fx.addSegment)),
    expect: {
      result: (value, fx) => expect(value).toMatchObject({ name: 'flexibleRollout', segments: [fx.addSegment] }),
      events: (fx) => [{ type: 'feature-strategy-add', featureName: fx.addTo, project: 'default', environment: 'development' }],
    },
  },
  {
    name: 'the flag shows the strategy and its segment',
    run: (b, fx) => b.getFeature({ projectId: 'default', featureName: fx.feature }),
    expect: {
      result: (value, fx) => {
        const environments = (value as { environments?: { name: string; strategies?: { id: string; segments?: number[] }[] }[] }).environments ?? [];
        const strategy = environments.find((e) => e.name === 'development')?.strategies?.find((s) => s.id === fx.strategyId);
        expect(strategy?.segments).toEqual([fx.segA.id]);
      },
    },
  },
  {
    name: 'strategies using the segment',
    run: (b, fx) => b.getStrategiesUsingSegment({ id: fx.segA.id }),
    expect: {
      result: (value, fx) =>
        expect((value as { strategies: unknown[] }).strategies).toEqual([
          expect.objectContaining({ id: fx.strategyId, projectId: 'default', featureName: fx.feature, strategyName: 'flexibleRollout', environment: 'development' }),
        ]),
    },
  },
  { name: 'strategies using an unused segment', run: (b, fx) => b.getStrategiesUsingSegment({ id: fx.segB.id }), expect: { result: { strategies: [] } } },
  {
    name: 'strategies of an unknown segment: 6.x empty, 8.x 404',
    run: (b) => b.getStrategiesUsingSegment({ id: 999999 }),
    expect: { result: { strategies: [] } },
    v8: { error: { status: 404, name: 'NotFoundError', message: 'No segment exists with ID "999999"' } },
  },
  { name: 'segments of the strategy', run: (b, fx) => b.getSegmentsForStrategy({ strategyId: fx.strategyId }), expect: { result: (value, fx) => expect(ids(value)).toEqual([fx.segA.id]) } },
  { name: 'segments of an unknown strategy: empty', run: (b) => b.getSegmentsForStrategy({ strategyId: ZERO_UUID }), expect: { result: [] } },
  {
    name: 'bare link: replace with two segments: echo, no event',
    run: (b, fx) => b.fixtures.linkStrategySegments(set(fx, [fx.segA.id, fx.segB.id])),
    expect: { result: (value, fx) => expect(value).toMatchObject(set(fx, [fx.segA.id, fx.segB.id])), noEventsMentioning: (fx) => fx.strategyId },
  },
  {
    name: 'the strategy has both',
    arrange: (b, fx) => b.fixtures.linkStrategySegments(set(fx, [fx.segA.id, fx.segB.id])),
    run: (b, fx) => b.getSegmentsForStrategy({ strategyId: fx.strategyId }),
    expect: { result: (value, fx) => expect(ids(value)).toEqual([fx.segA.id, fx.segB.id].sort((a, b) => a - b)) },
  },
  { name: 'bare link: replace with []: no event', run: (b, fx) => b.fixtures.linkStrategySegments(set(fx, [])), expect: { result: { segmentIds: [] }, noEventsMentioning: (fx) => fx.strategyId } },
  {
    name: 'the strategy has none',
    arrange: (b, fx) => b.fixtures.linkStrategySegments(set(fx, [])),
    run: (b, fx) => b.getSegmentsForStrategy({ strategyId: fx.strategyId }),
    expect: { result: [] },
  },
  {
    name: 'replace with an unknown segment',
    run: (b, fx) => b.fixtures.linkStrategySegments(set(fx, [999999])),
    expect: { error: { status: 500, name: 'UnknownError', message: 'feature_strategy_segment_segment_id_fkey' } },
    demo: { error: { status: '4xx', message: '999999' } },
  },
  {
    name: 'replace on an unknown strategy',
    run: (b, fx) => b.fixtures.linkStrategySegments(set(fx, [fx.segA.id], { strategyId: ZERO_UUID })),
    expect: { error: { status: 500, name: 'UnknownError', message: 'feature_strategy_segment_feature_strategy_id_fkey' } },
    demo: { error: { status: '4xx', message: ZERO_UUID } },
  },
  {
    name: 'replace on an unknown strategy with []: echoed, nothing to insert',
    run: (b, fx) => b.fixtures.linkStrategySegments(set(fx, [], { strategyId: ZERO_UUID })),
    expect: { result: (value, fx) => expect(value).toEqual(set(fx, [], { strategyId: ZERO_UUID })) },
  },
  {
    name: 'replace with an unknown project and environment (not checked)',
    run: (b, fx) => b.fixtures.linkStrategySegments(set(fx, [fx.segA.id], { projectId: 'no-such-project', environmentId: 'no-such-env' })),
    expect: { result: { projectId: 'no-such-project', environmentId: 'no-such-env' } },
  },
  {
    name: 'replace with 6 segments (limit 5)',
    run: (b, fx) => b.fixtures.linkStrategySegments(set(fx, fx.extra)),
    expect: { error: { status: 400, name: 'BadDataError', message: 'Strategies may not have more than 5 segments' } },
  },
  {
    name: "the app's change: the strategy update, recorded with the segments before and after",
    arrange: (b, fx) => b.fixtures.linkStrategySegments({ ...set(fx, [(fx.extra[0] ?? 0)]), strategyId: fx.appStrategyId }),
    run: (b, fx) => b.setStrategySegments(appChange(fx, [(fx.extra[0] ?? 0), (fx.extra[1] ?? 0)])),
    expect: {
      result: (value, fx) => expect(value).toMatchObject({ id: fx.appStrategyId, name: 'flexibleRollout', segments: expect.arrayContaining([(fx.extra[0] ?? 0), (fx.extra[1] ?? 0)]) }),
      events: (fx) => [
        {
          type: 'feature-strategy-update',
          featureName: fx.appFeature,
          project: 'default',
          environment: 'development',
          preData: { id: fx.appStrategyId, segments: [(fx.extra[0] ?? 0)] },
          data: { id: fx.appStrategyId, segments: expect.arrayContaining([(fx.extra[0] ?? 0), (fx.extra[1] ?? 0)]) },
        },
      ],
    },
  },
  {
    name: "the app's change to 6 segments (limit 5)",
    run: (b, fx) => b.setStrategySegments(appChange(fx, fx.extra)),
    expect: { error: { status: 400, name: 'BadDataError', message: 'Strategies may not have more than 5 segments' }, noEventsMentioning: (fx) => fx.appStrategyId },
  },
  {
    name: "the app's change to an unknown segment: 404, the update checks it (no SQL)",
    run: (b, fx) => b.setStrategySegments(appChange(fx, [999999])),
    expect: { error: { status: 404, name: 'NotFoundError', message: 'No segment exists with ID "999999"' }, noEventsMentioning: (fx) => fx.appStrategyId },
  },
  {
    name: "the app's change on an unknown strategy: 404 on the read",
    run: (b, fx) => b.setStrategySegments(appChange(fx, [], { strategyId: ZERO_UUID })),
    expect: { error: { status: 404, name: 'NotFoundError', message: `Could not find strategy with id: ${ZERO_UUID}` } },
  },
  {
    name: 'delete a segment in use',
    run: (b, fx) => b.deleteSegment({ id: fx.segA.id }),
    expect: { error: { status: 409, name: 'SegmentInUseError' }, noEventsMentioning: (fx) => fx.segA.name },
  },
  {
    name: 'the list counts its use',
    run: (b) => b.listSegments(),
    expect: { result: (value, fx) => expect((value as { id: number }[]).find((s) => s.id === fx.segA.id)).toMatchObject({ usedInFeatures: 1, usedInProjects: 1 }) },
  },
  { name: 'archive the flag', run: (b, fx) => b.archiveFeatures({ projectId: 'default', features: [fx.feature] }), expect: { succeeds: true } },
  {
    name: 'strategies of an archived flag are no longer listed',
    arrange: (b, fx) => b.archiveFeatures({ projectId: 'default', features: [fx.feature] }),
    run: (b, fx) => b.getStrategiesUsingSegment({ id: fx.segA.id }),
    expect: { result: { strategies: [] } },
  },
  {
    name: 'nor counted in the list',
    arrange: (b, fx) => b.archiveFeatures({ projectId: 'default', features: [fx.feature] }),
    run: (b) => b.listSegments(),
    expect: { result: (value, fx) => expect((value as { id: number }[]).find((s) => s.id === fx.segA.id)).toMatchObject({ usedInFeatures: 0, usedInProjects: 0 }) },
    // 5.x still counts an archived flag's strategies in the list (checked on 5.12.8), though it no longer lists them
    v5: { result: (value, fx) => expect((value as { id: number }[]).find((s) => s.id === fx.segA.id)).toMatchObject({ usedInFeatures: 1, usedInProjects: 1 }) },
  },
  {
    name: 'and the segment can be deleted',
    arrange: (b, fx) => b.archiveFeatures({ projectId: 'default', features: [fx.feature] }),
    run: (b, fx) => b.deleteSegment({ id: fx.segA.id }),
    expect: { succeeds: true, events: (fx) => [{ type: 'segment-deleted', preData: { name: fx.segA.name } }] },
  },
];

export const strategySegmentsBackend = backendArea<Fx>({
  name: 'strategy-segments',
  setup: async (b) => {
    const extra: number[] = [];
    for (let i = 0; i < 6; i += 1) extra.push((await newSegment(b, 'b-extra')).id);
    const feature = await newFeature(b, 'b-ss');
    const segA = await newSegment(b, 'b-ssa');
    const strategy = await b.fixtures.addFeatureStrategy('default', feature, 'development', withSegment(feature, segA.id));
    return {
      feature,
      segA,
      segB: await newSegment(b, 'b-ssb'),
      extra,
      strategyId: strategy.id,
      addTo: await newFeature(b, 'b-ss-add'),
      addSegment: (await newSegment(b, 'b-ss-add')).id,
      ...(await (async () => {
        const appFeature = await newFeature(b, 'b-ss-app');
        // its segments are two of `extra`, so the rows about segA's use stay as they are
        const app = await b.fixtures.addFeatureStrategy('default', appFeature, 'development', withSegment(appFeature, extra[0] ?? 0));
        return { appFeature, appStrategyId: app.id };
      })()),
    };
  },
  scenarios,
});
