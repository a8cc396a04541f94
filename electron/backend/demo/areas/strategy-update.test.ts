import { describe, expect, it } from 'vitest';
import { eventsOf, flagWithStrategy, freshDemo, rejection } from '../test-support/demo';
import { bareContext, flagRecord } from '../test-support/context';
import { apiErrorOf } from '../test-support/demo';
import { setStrategySegments } from './strategy-update';
import { strategyWithSegments } from '../../../../shared/domain/strategy-update';

const seg = (name: string, project?: string) => ({ name, constraints: [], ...(project ? { project } : {}) });

/** A flag whose development strategy carries everything an update must keep: title, constraints, parameters, variants. */
async function richStrategy(demo: ReturnType<typeof freshDemo>, name: string, segments: number[]) {
  await demo.fixtures.createFeature('default', { name });
  const strategy = await demo.fixtures.addFeatureStrategy('default', name, 'development', {
    name: 'flexibleRollout',
    title: 'Half of EU',
    constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1'] }],
    parameters: { rollout: '50', stickiness: 'default', groupId: name },
    segments,
  });
  const variants = [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }];
  await demo.fixtures.updateFeatureStrategy('default', name, 'development', strategy.id, { ...strategyWithSegments(strategy, segments), variants });
  return strategy.id;
}

describe("a strategy's segments changed through the strategy update", () => {
  it('records feature-strategy-update with the strategy before and after, keeping everything else', async () => {
    const demo = freshDemo();
    const a = await demo.createSegment(seg('a'));
    const b = await demo.createSegment(seg('b'));
    const strategyId = await richStrategy(demo, 'f', [a.id]);
    const before = (await demo.fixtures.getFeatureStrategy('default', 'f', 'development', strategyId));

    const saved = await demo.setStrategySegments({ projectId: 'default', featureName: 'f', environmentId: 'development', strategyId, segmentIds: [b.id] });

    expect(saved).toEqual({ ...before, segments: [b.id] });
    const [event] = eventsOf(demo);
    expect(event).toMatchObject({
      type: 'feature-strategy-update',
      project: 'default',
      featureName: 'f',
      environment: 'development',
      createdBy: 'admin',
      preData: { ...before, segments: [a.id] },
      data: { ...before, segments: [b.id] },
    });
    expect((await demo.getSegmentsForStrategy({ strategyId })).map((s) => s.name)).toEqual(['b']);
  });

  it('records nothing when the list is unchanged (the server drops an event whose before and after are equal)', async () => {
    const demo = freshDemo();
    const a = await demo.createSegment(seg('a'));
    const strategyId = await flagWithStrategy(demo, 'f', [a.id]);
    const count = demo.events.size;
    await demo.setStrategySegments({ projectId: 'default', featureName: 'f', environmentId: 'development', strategyId, segmentIds: [a.id] });
    expect(demo.events.size).toBe(count);
  });

  it('refuses, changing nothing: over 5, an unknown segment, another project\'s segment, another flag, an unknown strategy', async () => {
    const demo = freshDemo();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await demo.createSegment(seg(`s${i}`))).id);
    await demo.fixtures.createFeature('default', { name: 'other' });
    const strategyId = await flagWithStrategy(demo, 'f', [ids[0] ?? 0]);
    const change = { projectId: 'default', featureName: 'f', environmentId: 'development', strategyId };
    const count = demo.events.size;
    expect(await rejection(demo.setStrategySegments({ ...change, segmentIds: ids }))).toMatchObject({
      status: 400,
      message: expect.stringContaining('Strategies may not have more than 5 segments'),
    });
    expect(await rejection(demo.setStrategySegments({ ...change, segmentIds: [404] }))).toMatchObject({ status: 404, message: 'No segment exists with ID "404"' });
    expect(await rejection(demo.setStrategySegments({ ...change, featureName: 'other', segmentIds: [] }))).toMatchObject({
      status: 403,
      message: 'You can not change the featureName for an activation strategy.',
    });
    expect(await rejection(demo.setStrategySegments({ ...change, strategyId: 'nope', segmentIds: [] }))).toMatchObject({ status: 404, message: 'Could not find strategy with id: nope' });
    expect((await demo.getSegmentsForStrategy({ strategyId })).map((s) => s.id)).toEqual([ids[0]]);
    expect(demo.events.size).toBe(count);
  });
});

describe('the strategy update (PUT)', () => {
  it("refuses a segment of another project (the bare link does not check it)", () => {
    const ctx = bareContext();
    ctx.state.projects.push({ id: 'other', name: 'Other', description: null, createdAt: ctx.now() });
    ctx.state.segments.push({ id: 9, name: 'elsewhere', description: null, project: 'other', constraints: [], createdBy: 'admin', createdAt: ctx.now() });
    const flag = flagRecord(ctx, 'f');
    flag.environments[0]?.strategies.push({ id: 's1', name: 'default', title: null, disabled: false, sortOrder: 0, constraints: [], parameters: {}, variants: [], segments: [] });
    const env = flag.environments[0]?.name ?? '';
    const error = apiErrorOf(() => setStrategySegments(ctx, { projectId: 'default', featureName: 'f', environmentId: env, strategyId: 's1', segmentIds: [9] }));
    expect(error).toMatchObject({ status: 400 });
    expect(error.message).toContain('The segment "elsewhere" with id 9 does not belong to project "default".');
  });

  it('replaces constraints and variants as sent, keeps title and disabled when null, and segments when left out', async () => {
    const demo = freshDemo();
    const a = await demo.createSegment(seg('a'));
    const strategyId = await richStrategy(demo, 'f', [a.id]);
    const updated = await demo.fixtures.updateFeatureStrategy('default', 'f', 'development', strategyId, { name: 'flexibleRollout', title: null, disabled: null });
    expect(updated).toMatchObject({ title: 'Half of EU', disabled: false, constraints: [], variants: [], segments: [a.id], parameters: { rollout: '50' } });
  });

  it('switches the flag off in that environment when its last enabled strategy is disabled', async () => {
    const demo = freshDemo();
    const strategyId = await flagWithStrategy(demo, 'f');
    await demo.fixtures.setEnvironmentEnabled('default', 'f', 'development', true);
    await demo.fixtures.updateFeatureStrategy('default', 'f', 'development', strategyId, { name: 'default', disabled: true });
    expect(eventsOf(demo).slice(0, 2).map((e) => e.type)).toEqual(['feature-environment-disabled', 'feature-strategy-update']);
  });
});
