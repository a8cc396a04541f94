import { describe, expect, it } from 'vitest';
import type { DemoBackend } from '../index';
import { eventsOf, freshDemo, rejection } from '../test-support/demo';

/** Unleash's own example (docs/server-behaviour.md#archive-validation): p -> c1, c2, plus a lone flag. */
async function family(): Promise<DemoBackend> {
  const demo = freshDemo();
  for (const name of ['p', 'c1', 'c2', 'lone']) await demo.fixtures.createFeature('default', { name });
  await demo.fixtures.addDependency('default', 'c1', { feature: 'p' });
  await demo.fixtures.addDependency('default', 'c2', { feature: 'p', enabled: false });
  return demo;
}

describe('archive validation', () => {
  it.each([
    [['c1', 'c2', 'p'], [], true],
    [['c1', 'c2'], [], true],
    [['p'], ['p'], true],
    [['c1', 'p'], ['p'], true],
    [['lone'], [], false],
    [['no-such-feature'], [], false],
    [['p', 'no-such-feature'], ['p'], true],
    [[], [], false],
  ])('%j -> parents %j, dependencies %s', async (features, parents, has) => {
    const demo = await family();
    expect(await demo.validateArchive({ projectId: 'default', features })).toEqual({ parentsWithChildFeatures: parents, hasDeletedDependencies: has });
  });

  it('ignores the project, as the real server does, and writes no event', async () => {
    const demo = await family();
    const before = demo.events.size;
    expect(await demo.validateArchive({ projectId: 'no-such-project', features: ['p'] })).toEqual({ parentsWithChildFeatures: ['p'], hasDeletedDependencies: true });
    expect(demo.events.size).toBe(before);
  });
});

describe('archive', () => {
  it('refuses a parent whose children stay, in singular and plural wording', async () => {
    const demo = await family();
    expect(await rejection(demo.archiveFeatures({ projectId: 'default', features: ['p'] }))).toMatchObject({
      status: 403,
      name: 'InvalidOperationError',
      message: 'You can not archive/delete this feature since other features depend on it.',
    });
    expect((await rejection(demo.archiveFeatures({ projectId: 'default', features: ['p', 'c1'] }))).message).toBe(
      'You can not archive/delete those features since other features depend on them.',
    );
  });

  it('drops the child links with feature-dependencies-removed, then writes feature-archived', async () => {
    const demo = await family();
    await demo.archiveFeatures({ projectId: 'default', features: ['c1', 'c2', 'p', 'unknown'] });
    const types = eventsOf(demo).slice(0, 5).reverse().map((e) => `${e.type}:${e.featureName}`);
    expect(types).toEqual([
      'feature-dependencies-removed:c1',
      'feature-dependencies-removed:c2',
      'feature-archived:c1',
      'feature-archived:c2',
      'feature-archived:p',
    ]);
    expect(await demo.validateArchive({ projectId: 'default', features: ['p'] })).toEqual({ parentsWithChildFeatures: [], hasDeletedDependencies: false });
    expect((await demo.listProjectFeatures({ projectId: 'default' })).map((f) => f.name)).toEqual(['lone']);
  });

  it('refuses flags of another project', async () => {
    const demo = freshDemo({ dataset: 'seeded', historyEvents: 0 });
    const error = await rejection(demo.archiveFeatures({ projectId: 'growth', features: ['checkout-v2-klarna'] }));
    expect(error).toMatchObject({ status: 403, name: 'InvalidOperationError' });
    expect(error.message).toContain('("checkout")');
  });

  it('archives an already archived flag again with another event, and ignores unknown names', async () => {
    const demo = await family();
    await demo.archiveFeatures({ projectId: 'default', features: ['c1'] });
    await demo.archiveFeatures({ projectId: 'default', features: ['c1', 'ghost'] });
    expect(eventsOf(demo).slice(0, 2).map((e) => `${e.type}:${e.featureName}`)).toEqual(['feature-archived:c1', 'feature-archived:c1']);
  });
});

describe('dependencies', () => {
  it('records feature-dependency-added on the child and shows parent and children', async () => {
    const demo = await family();
    expect(eventsOf(demo)[1]).toMatchObject({ type: 'feature-dependency-added', featureName: 'c1', project: 'default', data: { feature: 'p', enabled: true } });
    expect((await demo.getFeature({ projectId: 'default', featureName: 'p' })).children).toEqual(['c1', 'c2']);
    expect((await demo.getFeature({ projectId: 'default', featureName: 'c2' })).dependencies).toEqual([{ feature: 'p', enabled: false, variants: [] }]);
  });

  it.each([
    ['lone', 'lone', 'A feature flag cannot depend on itself.'],
    ['lone', 'no-such-feature', 'No active feature no-such-feature exists'],
    ['lone', 'c1', 'Transitive dependency detected. Cannot add a dependency to the feature that has parent dependency.'],
    ['p', 'lone', 'Transitive dependency detected. Cannot add a dependency to the feature that other features depend on.'],
  ])('%s -> %s is refused: %s', async (child, parent, message) => {
    const demo = await family();
    expect(await rejection(demo.fixtures.addDependency('default', child, { feature: parent }))).toMatchObject({
      status: 403,
      name: 'InvalidOperationError',
      message,
    });
  });

  it('refuses a parent in another project', async () => {
    const demo = freshDemo({ dataset: 'seeded', historyEvents: 0 });
    const error = await rejection(demo.fixtures.addDependency('growth', 'wishlist-sharing', { feature: 'one-click-reorder' }));
    expect(error).toMatchObject({ status: 403, message: 'Parent and child features should be in the same project' });
  });
});
