import { describe, expect, it } from 'vitest';
import { createDemoBackend } from './index';
import { eventsOf, FIXED_NOW, freshDemo } from './test-support/demo';

const seeded = (seed: number, historyEvents = 300) =>
  createDemoBackend({ seed, historyEvents, clock: () => FIXED_NOW });

describe('seeding', () => {
  it('gives the same snapshot for the same seed and clock, and a different one for another seed', () => {
    const a = JSON.stringify(seeded(7).snapshot());
    expect(JSON.stringify(seeded(7).snapshot())).toBe(a);
    expect(JSON.stringify(seeded(8).snapshot())).not.toBe(a);
  });

  it('writes the requested history, ending no later than the clock', () => {
    const demo = seeded(1, 500);
    expect(demo.events.size).toBe(500);
    const newest = eventsOf(demo)[0];
    expect(Date.parse(newest?.createdAt ?? '')).toBeLessThanOrEqual(FIXED_NOW.getTime());
  });

  it('tells the CORS setting\'s history as one story that ends where the setting is now', async () => {
    const demo = seeded(3, 3000);
    const changes = (await demo.queryEvents({ type: 'IS:setting-updated', limit: '1000' })).events.reverse();
    expect(changes.length).toBeGreaterThan(2);
    changes.forEach((change, i) => {
      const before = i === 0 ? ['*'] : (changes[i - 1]?.data as { frontendApiOrigins: string[] }).frontendApiOrigins;
      expect(change.preData).toEqual({ frontendApiOrigins: before });
    });
    const last = (changes.at(-1)?.data as { frontendApiOrigins: string[] }).frontendApiOrigins;
    expect((await demo.getUiConfig()).frontendApiOrigins).toEqual(last);
    // and the next save is an update of that value, as on a server with this history
    await demo.setFrontendApiOrigins({ origins: ['https://next.example.com'] });
    const [saved] = (await demo.queryEvents({ type: 'IS_ANY_OF:setting-created,setting-updated', limit: '1' })).events;
    expect(saved).toMatchObject({ type: 'setting-updated', preData: { frontendApiOrigins: last } });
  });

  // The seed says every origin is allowed; the history's CORS chain ends there whatever the other events drew.
  it.each([
    [1, 2500],
    [2, 2500],
    [3, 3000],
    [4, 51],
    [5, 10],
  ])('keeps the seeded origins (every origin) with seed %i and %i history events, the newest change ending there', async (seed, count) => {
    const demo = seeded(seed, count);
    expect((await demo.getUiConfig()).frontendApiOrigins).toEqual(['*']);
    const [newest] = (await demo.queryEvents({ type: 'IS:setting-updated', limit: '1' })).events;
    if (newest) expect(newest.data).toEqual({ id: 'unleash.frontend', frontendApiOrigins: ['*'] });
  });

  it('starts an empty dataset with no history', () => {
    expect(freshDemo().events.size).toBe(0);
  });
});

describe('snapshots', () => {
  it('round-trips state and events through JSON', async () => {
    const demo = seeded(3, 200);
    const { id } = await demo.createSegment({ name: 'after-seed', constraints: [] });
    const copy = createDemoBackend({ snapshot: JSON.parse(JSON.stringify(demo.snapshot())), clock: () => FIXED_NOW });
    expect(await copy.getSegment({ id })).toEqual(await demo.getSegment({ id }));
    expect(copy.events.size).toBe(demo.events.size);
    expect(eventsOf(copy)[0]).toEqual(eventsOf(demo)[0]);
    // the id sequence continues after a reload
    expect((await copy.createSegment({ name: 'next', constraints: [] })).id).toBe(id + 1);
  });

  it('throws on something that is not a demo snapshot', () => {
    expect(() => createDemoBackend({ snapshot: { hello: 'world' } })).toThrow(/Invalid demo snapshot/);
    const broken = freshDemo().snapshot();
    broken.state.nextSegmentId = 0;
    expect(() => createDemoBackend({ snapshot: broken })).toThrow();
  });
});

describe('reset', () => {
  it('goes back to the seeded state and tells the store', async () => {
    let changes = 0;
    const demo = createDemoBackend({ seed: 5, historyEvents: 100, clock: () => FIXED_NOW, onChange: () => changes++ });
    const before = JSON.stringify(demo.snapshot());
    await demo.createSegment({ name: 'temporary', constraints: [] });
    expect(changes).toBe(1);
    demo.reset();
    expect(JSON.stringify(demo.snapshot())).toBe(before);
    expect(changes).toBe(2);
  });
});

describe('failed writes', () => {
  it('change nothing and do not signal a change', async () => {
    let changes = 0;
    const demo = freshDemo({ onChange: () => changes++ });
    const before = JSON.stringify(demo.snapshot());
    await expect(demo.createSegment({ name: '', constraints: [] })).rejects.toMatchObject({ status: 400 });
    await expect(demo.deleteSegment({ id: 1 })).rejects.toMatchObject({ status: 404 });
    expect(changes).toBe(0);
    expect(JSON.stringify(demo.snapshot())).toBe(before);
  });
});

describe('the shapes it answers', () => {
  it('satisfy the shared schemas the IPC layer checks outputs against', async () => {
    const { adminSegmentSchema, contextFieldSchema, environmentSchema, featureSchema, projectSchema, strategyTypeSchema, uiConfigSchema } =
      await import('../../../shared/schemas');
    const demo = seeded(1, 0);
    for (const segment of await demo.listSegments()) adminSegmentSchema.parse(segment);
    for (const project of await demo.listProjects()) {
      projectSchema.parse(project);
      for (const feature of await demo.listProjectFeatures({ projectId: project.id })) {
        featureSchema.parse(feature);
        featureSchema.parse(await demo.getFeature({ projectId: project.id, featureName: feature.name }));
      }
    }
    for (const env of await demo.listEnvironments()) environmentSchema.parse(env);
    for (const field of await demo.listContextFields()) contextFieldSchema.parse(field);
    for (const type of await demo.listStrategyTypes()) strategyTypeSchema.parse(type);
    uiConfigSchema.parse(await demo.getUiConfig());
  });
});
