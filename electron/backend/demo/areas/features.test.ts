import { describe, expect, it } from 'vitest';
import { eventsOf, freshDemo, rejection } from '../test-support/demo';

describe('a fresh instance', () => {
  it('has the default project, two environments and the five default context fields sorted by name', async () => {
    const demo = freshDemo();
    expect((await demo.listProjects()).map((p) => [p.id, p.featureCount])).toEqual([['default', 0]]);
    expect((await demo.listEnvironments()).map((e) => e.name)).toEqual(['development', 'production']);
    expect((await demo.listContextFields()).map((f) => f.name)).toEqual(['appName', 'currentTime', 'environment', 'sessionId', 'userId']);
  });
});

describe('flags', () => {
  it('creates a flag in every environment, disabled, and records feature-created', async () => {
    const demo = freshDemo();
    const created = await demo.fixtures.createFeature('default', { name: 'checkout-v2' });
    expect(created).toMatchObject({ name: 'checkout-v2', project: 'default', type: 'release', description: null, archived: false });
    expect(eventsOf(demo)[0]).toMatchObject({ type: 'feature-created', featureName: 'checkout-v2', project: 'default' });
    const feature = await demo.getFeature({ projectId: 'default', featureName: 'checkout-v2' });
    expect(feature.environments?.map((e) => [e.name, e.enabled, e.strategies?.length])).toEqual([
      ['development', false, 0],
      ['production', false, 0],
    ]);
    expect((await demo.listProjects())[0]?.featureCount).toBe(1);
  });

  it('refuses a taken name, an unknown project and an unknown flag with sentences naming them', async () => {
    const demo = freshDemo();
    await demo.fixtures.createFeature('default', { name: 'taken' });
    expect((await rejection(demo.fixtures.createFeature('default', { name: 'taken' }))).status).toBe(409);
    expect(await rejection(demo.fixtures.createFeature('nope', { name: 'x' }))).toMatchObject({ status: 404, message: 'Project "nope" does not exist' });
    expect(await rejection(demo.getFeature({ projectId: 'default', featureName: 'ghost' }))).toMatchObject({
      status: 404,
      message: 'There\'s no feature named "ghost" in project "default".',
    });
    expect(await rejection(demo.getFeature({ projectId: 'elsewhere', featureName: 'taken' }))).toMatchObject({
      status: 404,
      message: 'There\'s no feature named "taken" in project "elsewhere", but there\'s a feature with that name in project "default"',
    });
    expect(await demo.listProjectFeatures({ projectId: 'nope' })).toEqual([]);
  });

  it('answers an archived flag as the feature store does, yet still adds a strategy to it (as 6.10.1)', async () => {
    const demo = freshDemo();
    await demo.fixtures.createFeature('default', { name: 'old' });
    await demo.archiveFeatures({ projectId: 'default', features: ['old'] });
    expect(await rejection(demo.getFeature({ projectId: 'default', featureName: 'old' }))).toMatchObject({ status: 404, message: 'Could not find feature flag with name old' });
    expect(await demo.fixtures.addFeatureStrategy('default', 'old', 'development', { name: 'default' })).toMatchObject({ name: 'default' });
  });

  it('adds a strategy with a UUID, its segments and feature-strategy-add', async () => {
    const demo = freshDemo();
    const segment = await demo.createSegment({ name: 's', constraints: [] });
    await demo.fixtures.createFeature('default', { name: 'f' });
    const strategy = await demo.fixtures.addFeatureStrategy('default', 'f', 'production', {
      name: 'flexibleRollout',
      parameters: { rollout: '50', stickiness: 'default', groupId: 'f' },
      segments: [segment.id],
    });
    expect(strategy.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(strategy).toMatchObject({ name: 'flexibleRollout', segments: [segment.id], title: null, disabled: false, sortOrder: 0, constraints: [] });
    expect(eventsOf(demo)[0]).toMatchObject({ type: 'feature-strategy-add', featureName: 'f', environment: 'production', data: { id: strategy.id } });
    const production = (await demo.getFeature({ projectId: 'default', featureName: 'f' })).environments?.find((e) => e.name === 'production');
    expect(production?.strategies?.[0]?.segments).toEqual([segment.id]);
  });

  it('refuses an unknown strategy type, an invalid constraint and a value outside the legal values', async () => {
    const demo = freshDemo({ dataset: 'seeded', historyEvents: 0 });
    const add = (input: Parameters<typeof demo.fixtures.addFeatureStrategy>[3]) => demo.fixtures.addFeatureStrategy('growth', 'wishlist-sharing', 'development', input);
    expect((await rejection(add({ name: 'noSuchStrategy' }))).status).toBe(400);
    const nan = await rejection(add({ name: 'default', constraints: [{ contextName: 'n', operator: 'NUM_EQ', value: 'abc' }] }));
    expect(nan.message).toContain('must be a number');
    const illegal = await rejection(add({ name: 'default', constraints: [{ contextName: 'country', operator: 'IN', values: ['XX'] }] }));
    expect(illegal.message).toContain('not specified as a legal value');
  });
});

describe('the seeded instance', () => {
  it('looks like a company: projects, flags with strategies in several environments, used and unused segments', async () => {
    const demo = freshDemo({ dataset: 'seeded', historyEvents: 0 });
    const projects = await demo.listProjects();
    expect(projects.length).toBeGreaterThanOrEqual(3);
    const flags = (await Promise.all(projects.map((p) => demo.listProjectFeatures({ projectId: p.id })))).flat();
    expect(flags.length).toBeGreaterThanOrEqual(40);
    expect(flags.some((f) => f.name === 'checkout-v2')).toBe(true);
    const withStrategiesInTwoEnvs = flags.filter(
      (f) => (f.environments ?? []).filter((e) => (e as { hasStrategies?: boolean }).hasStrategies).length >= 2,
    );
    expect(withStrategiesInTwoEnvs.length).toBeGreaterThan(10);
    const segments = await demo.listSegments();
    expect(segments.length).toBeGreaterThanOrEqual(6);
    expect(segments.some((s) => (s.usedInFeatures ?? 0) > 0)).toBe(true);
    expect(segments.some((s) => s.usedInFeatures === 0)).toBe(true);
    expect((await demo.getFeature({ projectId: 'checkout', featureName: 'checkout-v2' })).children?.length).toBeGreaterThanOrEqual(2);
    expect((await demo.listStrategyTypes()).some((s) => s.editable)).toBe(true);
    expect((await demo.listContextFields()).some((f) => (f.legalValues ?? []).length > 0)).toBe(true);
  });
});
