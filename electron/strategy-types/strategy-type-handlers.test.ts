import { describe, expect, it } from 'vitest';
import { freshDemo, rejection } from '../backend/demo/test-support/demo';
import { createStrategyTypeHandlers } from './strategy-type-handlers';

describe('deleting a strategy type from the window', () => {
  it('is refused while a strategy of an active flag uses it, and nothing is deleted', async () => {
    const demo = freshDemo({ dataset: 'empty' });
    await demo.createStrategyType({ name: 'tenants', parameters: [] });
    await demo.fixtures.createFeature('default', { name: 'uses-tenants' });
    await demo.fixtures.addFeatureStrategy('default', 'uses-tenants', 'development', { name: 'tenants', parameters: {} });
    await demo.fixtures.addFeatureStrategy('default', 'uses-tenants', 'production', { name: 'tenants', parameters: {} });
    const handlers = createStrategyTypeHandlers(async () => demo);
    expect(await rejection(handlers['strategyTypes.delete']({ name: 'tenants' }))).toMatchObject({
      status: 409,
      name: 'StrategyTypeInUseError',
      message: 'Strategy type "tenants" is used by 2 flag strategies and cannot be deleted.',
    });
    expect((await demo.listStrategyTypes()).some((s) => s.name === 'tenants')).toBe(true);
  });

  it('deletes once no active flag uses it (an archived flag does not hold it)', async () => {
    const demo = freshDemo({ dataset: 'empty' });
    await demo.createStrategyType({ name: 'tenants', parameters: [] });
    await demo.fixtures.createFeature('default', { name: 'old-flag' });
    await demo.fixtures.addFeatureStrategy('default', 'old-flag', 'development', { name: 'tenants', parameters: {} });
    await demo.archiveFeatures({ projectId: 'default', features: ['old-flag'] });
    const handlers = createStrategyTypeHandlers(async () => demo);
    expect(await handlers['strategyTypes.delete']({ name: 'tenants' })).toBeNull();
    expect((await demo.listStrategyTypes()).some((s) => s.name === 'tenants')).toBe(false);
  });
});
