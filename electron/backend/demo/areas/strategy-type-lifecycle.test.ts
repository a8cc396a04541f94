import { describe, expect, it } from 'vitest';
import { eventsOf, freshDemo, rejection } from '../test-support/demo';

/** Each answer as real 6.10.1 gave it (asked with curl; tests/behaviour rows hold the same against real servers). */
describe('a strategy type deprecated, reactivated and deleted', () => {
  it('deprecates and reactivates, each time recorded with only the name, a repeat too', async () => {
    const demo = freshDemo();
    await demo.createStrategyType({ name: 'tenants', parameters: [] });
    await demo.deprecateStrategyType({ name: 'tenants' });
    await demo.deprecateStrategyType({ name: 'tenants' });
    expect((await demo.listStrategyTypes()).find((s) => s.name === 'tenants')).toMatchObject({ deprecated: true });
    await demo.reactivateStrategyType({ name: 'tenants' });
    expect((await demo.listStrategyTypes()).find((s) => s.name === 'tenants')).toMatchObject({ deprecated: false });
    expect(eventsOf(demo).slice(0, 3).map((e) => [e.type, e.data])).toEqual([
      ['strategy-reactivated', { name: 'tenants' }],
      ['strategy-deprecated', { name: 'tenants' }],
      ['strategy-deprecated', { name: 'tenants' }],
    ]);
  });

  it('deprecates a built-in (the server allows it) but never deletes one', async () => {
    const demo = freshDemo();
    await demo.deprecateStrategyType({ name: 'default' });
    expect((await demo.listStrategyTypes()).find((s) => s.name === 'default')).toMatchObject({ deprecated: true, editable: false });
    expect(await rejection(demo.deleteStrategyType({ name: 'default' }))).toMatchObject({ status: 500, name: 'UnknownError', message: 'Cannot edit strategy default' });
  });

  it('answers an unknown name with each route’s own 404 sentence', async () => {
    const demo = freshDemo();
    expect(await rejection(demo.deprecateStrategyType({ name: 'nope' }))).toMatchObject({ status: 404, message: 'Could not find strategy with name nope' });
    expect(await rejection(demo.reactivateStrategyType({ name: 'nope' }))).toMatchObject({ status: 404, message: 'No strategy found' });
    expect(await rejection(demo.deleteStrategyType({ name: 'nope' }))).toMatchObject({ status: 404, message: 'No strategy found' });
  });

  it('deletes a type a flag uses, as the server does, leaving the strategy naming it; the name can be taken again', async () => {
    const demo = freshDemo();
    await demo.createStrategyType({ name: 'tenants', parameters: [{ name: 'ids', type: 'list' }] });
    await demo.fixtures.createFeature('default', { name: 'uses-tenants' });
    await demo.fixtures.addFeatureStrategy('default', 'uses-tenants', 'development', { name: 'tenants', parameters: { ids: 'a' } });
    await demo.deleteStrategyType({ name: 'tenants' });
    expect(eventsOf(demo)[0]).toMatchObject({ type: 'strategy-deleted', data: { name: 'tenants' }, preData: null });
    expect((await demo.listStrategyTypes()).some((s) => s.name === 'tenants')).toBe(false);
    const flag = await demo.getFeature({ projectId: 'default', featureName: 'uses-tenants' });
    expect(flag.environments?.find((e) => e.name === 'development')?.strategies?.[0]).toMatchObject({ name: 'tenants' });
    expect(await demo.createStrategyType({ name: 'tenants', parameters: [] })).toMatchObject({ name: 'tenants', deprecated: false });
  });

  it('words a refused name as the server does', async () => {
    const demo = freshDemo();
    const details = async (name: string) => ((await rejection(demo.createStrategyType({ name, parameters: [] }))) as { details?: unknown }).details;
    expect(await details('')).toEqual([{ message: '"name" is not allowed to be empty.' }]);
    expect(await details('x'.repeat(101))).toEqual([{ message: `"name" length must be less than or equal to 100 characters long. You provided "${'x'.repeat(101)}".` }]);
    expect(await details('a b')).toEqual([{ message: '"name" must be URL friendly. You provided "a b".' }]);
    expect(await demo.createStrategyType({ name: "a(b)!*'~._-", parameters: [] })).toMatchObject({ name: "a(b)!*'~._-" });
  });
});
