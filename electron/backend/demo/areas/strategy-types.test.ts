import { describe, expect, it } from 'vitest';
import { eventsOf, freshDemo, rejection } from '../test-support/demo';

describe('strategy types', () => {
  it('lists the five built-ins of a fresh 6.10.1 by sort order, custom ones after them by name', async () => {
    const demo = freshDemo();
    await demo.fixtures.createStrategyType({ name: 'zeta', parameters: [] });
    await demo.fixtures.createStrategyType({ name: 'alpha', parameters: [] });
    const list = await demo.listStrategyTypes();
    expect(list.map((s) => s.name)).toEqual(['flexibleRollout', 'default', 'userWithId', 'remoteAddress', 'applicationHostname', 'alpha', 'zeta']);
    expect(list[1]).toEqual({
      displayName: 'Standard',
      name: 'default',
      editable: false,
      description: 'This strategy turns on / off for your entire userbase. Prefer using "Gradual rollout" strategy (100%=on, 0%=off).',
      parameters: [],
      deprecated: false,
      title: null,
    });
    expect(list[2]).toMatchObject({ name: 'userWithId', displayName: 'UserIDs', editable: false, deprecated: true });
  });

  it('creates with displayName null and refuses a taken name with the server sentence', async () => {
    const demo = freshDemo();
    const created = await demo.fixtures.createStrategyType({ name: 'tenants', description: 'd', parameters: [{ name: 'ids', type: 'list' }] });
    expect(created).toMatchObject({ name: 'tenants', displayName: null, editable: true, deprecated: false, title: null });
    expect(eventsOf(demo)[0]).toMatchObject({ type: 'strategy-created', data: { name: 'tenants', deprecated: false } });
    expect(await rejection(demo.fixtures.createStrategyType({ name: 'tenants', parameters: [] }))).toMatchObject({
      status: 409,
      name: 'NameExistsError',
      message: 'Strategy with name tenants already exist!',
    });
  });

  it('updates only description, title and parameters: a missing key stays, null clears', async () => {
    const demo = freshDemo();
    await demo.fixtures.createStrategyType({ name: 'custom', description: 'old', title: 'Title', parameters: [] });
    await demo.updateStrategyType({ name: 'custom', update: { parameters: [{ name: 'p', type: 'number' }] } });
    let stored = (await demo.listStrategyTypes()).find((s) => s.name === 'custom');
    expect(stored).toMatchObject({ description: 'old', title: 'Title', parameters: [{ name: 'p', type: 'number' }] });
    await demo.updateStrategyType({ name: 'custom', update: { description: null, parameters: [] } });
    stored = (await demo.listStrategyTypes()).find((s) => s.name === 'custom');
    expect(stored).toMatchObject({ description: null, title: 'Title', parameters: [] });
  });

  it('records strategy-updated with the path name and joi defaults, always', async () => {
    const demo = freshDemo();
    await demo.fixtures.createStrategyType({ name: 'custom', parameters: [] });
    await demo.updateStrategyType({ name: 'custom', update: { description: 'x', parameters: [] } });
    await demo.updateStrategyType({ name: 'custom', update: { description: 'x', parameters: [] } });
    const [latest, earlier] = eventsOf(demo);
    expect(latest).toMatchObject({
      type: 'strategy-updated',
      data: { name: 'custom', description: 'x', parameters: [], editable: true, deprecated: false },
      preData: null,
      project: null,
    });
    expect(earlier?.type).toBe('strategy-updated');
  });

  it('answers 500 for a built-in and 404 for an unknown name', async () => {
    const demo = freshDemo();
    expect(await rejection(demo.updateStrategyType({ name: 'default', update: { parameters: [] } }))).toMatchObject({
      status: 500,
      name: 'UnknownError',
      message: 'Cannot edit strategy default',
    });
    expect(await rejection(demo.updateStrategyType({ name: 'userWithId', update: { parameters: [] } }))).toMatchObject({
      status: 500,
      message: 'Cannot edit strategy userWithId',
    });
    expect(await rejection(demo.updateStrategyType({ name: 'nope', update: { parameters: [] } }))).toMatchObject({ status: 404, message: 'No strategy found' });
  });
});
