import { describe, expect, it } from 'vitest';
import { eventsOf, flagWithStrategy, freshDemo, rejection } from '../test-support/demo';

const seg = (name: string, extra: Record<string, unknown> = {}) => ({ name, constraints: [], ...extra });

describe('operators 6.10.1 does not have', () => {
  const gte = { contextName: 'appVersion', operator: 'SEMVER_GTE' as const, value: '5.2.0' };

  it('refuses SEMVER_GTE, SEMVER_LTE and REGEX in a new or edited segment with 6.10.1\'s answer, storing nothing', async () => {
    const demo = freshDemo();
    for (const operator of ['SEMVER_GTE', 'SEMVER_LTE', 'REGEX'] as const) {
      const error = await rejection(demo.createSegment(seg(`s-${operator}`, { constraints: [{ ...gte, operator }] })));
      expect(error).toMatchObject({
        status: 400,
        name: 'BadDataError',
        message: 'Request validation failed: your request body or params contain invalid data. Refer to the `details` list for more information.',
        details: [
          {
            path: 'operator',
            message:
              'The `operator` property must be equal to one of the allowed values: "NOT_IN", "IN", "STR_ENDS_WITH", "STR_STARTS_WITH", ' +
              '"STR_CONTAINS", "NUM_EQ", "NUM_GT", "NUM_GTE", "NUM_LT", "NUM_LTE", "DATE_AFTER", "DATE_BEFORE", "SEMVER_EQ", "SEMVER_GT", ' +
              `"SEMVER_LT". You provided "${operator}", which is not valid. Please use one of the allowed values instead..`,
          },
        ],
      });
    }
    expect(await demo.listSegments()).toEqual([]);
    const kept = await demo.createSegment(seg('kept'));
    expect(await rejection(demo.updateSegment({ id: kept.id, segment: seg('kept', { constraints: [gte] }) }))).toMatchObject({ status: 400 });
    expect((await demo.getSegment({ id: kept.id })).constraints).toEqual([]);
  });

  it('seeds no segment with an operator 6.10.1 would refuse', async () => {
    const demo = freshDemo({ dataset: 'seeded', historyEvents: 0 });
    const operators = (await demo.listSegments()).flatMap((segment) => segment.constraints.map((c) => c.operator));
    expect(operators.filter((operator) => ['SEMVER_GTE', 'SEMVER_LTE', 'REGEX'].includes(operator))).toEqual([]);
  });
});

describe('segment create', () => {
  it('answers the created segment the way 6.10.1 does', async () => {
    const demo = freshDemo();
    const created = await demo.createSegment(
      seg('beta', { constraints: [{ contextName: 'userId', operator: 'IN' as const, values: ['u1'] }, { contextName: 'appName', operator: 'STR_CONTAINS' as const }] }),
    );
    expect(created).toEqual({
      id: 1,
      name: 'beta',
      description: null,
      constraints: [
        { values: ['u1'], contextName: 'userId', operator: 'IN' },
        { values: [], contextName: 'appName', operator: 'STR_CONTAINS' },
      ],
      createdBy: 'admin',
      createdAt: '2026-06-01T12:00:00.000Z',
    });
    expect('project' in created).toBe(false);
    expect((await demo.createSegment(seg('second', { project: 'default' }))).id).toBe(2);
  });

  it('checks the limit first, then the empty name, then values, then the duplicate name', async () => {
    const demo = freshDemo();
    for (let i = 0; i < 300; i++) await demo.createSegment(seg(`s${i}`));
    expect(await rejection(demo.createSegment(seg('')))).toMatchObject({ status: 400, name: 'ExceedsLimitError' });

    const other = freshDemo();
    await other.createSegment(seg('taken'));
    const tooMany = [{ contextName: 'userId', operator: 'IN' as const, values: Array.from({ length: 1001 }, (_, i) => `u${i}`) }];
    const empty = await rejection(other.createSegment(seg('', { constraints: tooMany })));
    expect(empty).toMatchObject({ status: 400, name: 'BadDataError', details: [{ message: '"name" is not allowed to be empty.' }] });
    const values = await rejection(other.createSegment(seg('taken', { constraints: tooMany })));
    expect(values.message).toContain('Segments may not have more than 1000 values');
    expect(await rejection(other.createSegment(seg('taken')))).toMatchObject({
      status: 409,
      name: 'NameExistsError',
      message: 'Segment name already exists',
    });
  });

  it('accepts a semantically odd constraint, as 6.10.1 does not validate segment constraints', async () => {
    const demo = freshDemo();
    const odd = [{ contextName: 'n', operator: 'NUM_EQ' as const, value: 'abc' }];
    await expect(demo.createSegment(seg('odd', { constraints: odd }))).resolves.toMatchObject({ id: 1 });
  });

  it('refuses an unknown project with a 404 naming it', async () => {
    const error = await rejection(freshDemo().createSegment(seg('x', { project: 'nope' })));
    expect(error).toMatchObject({ status: 404, name: 'NotFoundError', message: 'Project "nope" does not exist' });
  });

  it('writes segment-created with the record and its project', async () => {
    const demo = freshDemo();
    const created = await demo.createSegment(seg('p', { project: 'default' }));
    const [event] = eventsOf(demo);
    expect(event).toMatchObject({ type: 'segment-created', project: 'default', createdBy: 'admin', createdByUserId: -42, preData: null });
    expect(event?.data).toEqual(created);
  });
});

describe('segment read', () => {
  it('lists by name with usage of non-archived flags only', async () => {
    const demo = freshDemo();
    const b = await demo.createSegment(seg('b-seg'));
    await demo.createSegment(seg('a-seg'));
    await flagWithStrategy(demo, 'one', [b.id]);
    await flagWithStrategy(demo, 'two', [b.id]);
    await demo.archiveFeatures({ projectId: 'default', features: ['two'] });
    const list = await demo.listSegments();
    expect(list.map((s) => s.name)).toEqual(['a-seg', 'b-seg']);
    expect(list[1]).toMatchObject({ usedInFeatures: 1, usedInProjects: 1 });
    expect(list[0]).toMatchObject({ usedInFeatures: 0, usedInProjects: 0 });
  });

  it('404s an unknown id with the server sentence', async () => {
    expect(await rejection(freshDemo().getSegment({ id: 7 }))).toMatchObject({ status: 404, message: 'No segment exists with ID "7"' });
  });
});

describe('segment update', () => {
  it('keeps a missing description, clears on null, and makes a segment global without project', async () => {
    const demo = freshDemo();
    const { id } = await demo.createSegment(seg('s', { description: 'keep me', project: 'default' }));
    await demo.updateSegment({ id, segment: seg('s') });
    expect(await demo.getSegment({ id })).toMatchObject({ description: 'keep me' });
    expect('project' in (await demo.getSegment({ id }))).toBe(false);
    await demo.updateSegment({ id, segment: seg('s', { description: null }) });
    expect((await demo.getSegment({ id })).description).toBeNull();
  });

  it('validates before it looks the id up, then refuses a taken name', async () => {
    const demo = freshDemo();
    await demo.createSegment(seg('a'));
    const { id } = await demo.createSegment(seg('b'));
    expect((await rejection(demo.updateSegment({ id: 99, segment: seg('') }))).status).toBe(400);
    expect((await rejection(demo.updateSegment({ id: 99, segment: seg('z') }))).status).toBe(404);
    expect(await rejection(demo.updateSegment({ id, segment: seg('a') }))).toMatchObject({ status: 409, name: 'NameExistsError' });
  });

  it('refuses moving a segment into a project while other projects use it', async () => {
    const demo = freshDemo({ dataset: 'seeded', historyEvents: 0 });
    const { id } = await demo.createSegment(seg('shared-by-checkout'));
    await flagWithStrategy(demo, 'checkout-test-flag', [id], 'checkout');
    const error = await rejection(demo.updateSegment({ id, segment: seg('shared-by-checkout', { project: 'growth' }) }));
    expect(error).toMatchObject({ status: 400, name: 'BadDataError' });
    expect(error.message).toContain('Invalid project. Segment is being used by strategies in other projects: checkout');
    await demo.updateSegment({ id, segment: seg('shared-by-checkout', { project: 'checkout' }) });
    expect((await demo.getSegment({ id })).project).toBe('checkout');
  });

  it('records data and preData, and no event for an update that changes nothing', async () => {
    const demo = freshDemo();
    const { id } = await demo.createSegment(seg('s', { description: 'one' }));
    await demo.updateSegment({ id, segment: seg('s', { description: 'two' }) });
    const [updated] = eventsOf(demo);
    expect(updated).toMatchObject({ type: 'segment-updated', project: null, preData: { description: 'one' }, data: { description: 'two' } });
    const before = demo.events.size;
    await demo.updateSegment({ id, segment: seg('s', { description: 'two' }) });
    expect(demo.events.size).toBe(before);
  });
});

describe('segment delete', () => {
  it('refuses a segment in use by a live flag, allows one used only by archived flags', async () => {
    const demo = freshDemo();
    const live = await demo.createSegment(seg('live'));
    const old = await demo.createSegment(seg('old'));
    await flagWithStrategy(demo, 'live-flag', [live.id]);
    const strategyId = await flagWithStrategy(demo, 'old-flag', [old.id]);
    await demo.archiveFeatures({ projectId: 'default', features: ['old-flag'] });
    expect(await rejection(demo.deleteSegment({ id: live.id }))).toMatchObject({ status: 409, name: 'SegmentInUseError' });
    await demo.deleteSegment({ id: old.id });
    expect(await demo.getSegmentsForStrategy({ strategyId })).toEqual([]);
    const [event] = eventsOf(demo);
    expect(event).toMatchObject({ type: 'segment-deleted', data: null, preData: { id: old.id, name: 'old' } });
    expect(await rejection(demo.deleteSegment({ id: old.id }))).toMatchObject({ status: 404, message: `No segment exists with ID "${old.id}"` });
  });
});

describe('segments and strategies', () => {
  it('leaves strategies of archived flags out of the usage list, as 6.10.1 does', async () => {
    const demo = freshDemo();
    const { id } = await demo.createSegment(seg('s'));
    await flagWithStrategy(demo, 'kept', [id]);
    await flagWithStrategy(demo, 'gone', [id]);
    await demo.archiveFeatures({ projectId: 'default', features: ['gone'] });
    const { strategies } = await demo.getStrategiesUsingSegment({ id });
    expect(strategies.map((strategy) => strategy.featureName)).toEqual(['kept']);
  });

  it('lists the strategies using a segment, and empty lists for an unknown one', async () => {
    const demo = freshDemo();
    const { id } = await demo.createSegment(seg('s'));
    const strategyId = await flagWithStrategy(demo, 'f', [id]);
    expect(await demo.getStrategiesUsingSegment({ id })).toEqual({
      strategies: [{ id: strategyId, projectId: 'default', featureName: 'f', strategyName: 'default', environment: 'development' }],
      changeRequestStrategies: [],
    });
    expect(await demo.getStrategiesUsingSegment({ id: 999 })).toEqual({ strategies: [], changeRequestStrategies: [] });
    expect(await demo.getSegmentsForStrategy({ strategyId: 'no-such-strategy' })).toEqual([]);
  });

  it('the bare link (POST /segments/strategies) replaces the full set, echoes the input, writes no event', async () => {
    const demo = freshDemo();
    const a = await demo.createSegment(seg('a'));
    const b = await demo.createSegment(seg('b'));
    const strategyId = await flagWithStrategy(demo, 'f', [a.id]);
    const before = demo.events.size;
    const input = { projectId: 'anything', environmentId: 'anywhere', strategyId, segmentIds: [b.id] };
    expect(await demo.fixtures.linkStrategySegments(input)).toEqual(input);
    expect((await demo.getSegmentsForStrategy({ strategyId })).map((s) => s.name)).toEqual(['b']);
    expect(demo.events.size).toBe(before);
    await demo.fixtures.linkStrategySegments({ ...input, segmentIds: [] });
    expect(await demo.getSegmentsForStrategy({ strategyId })).toEqual([]);
  });

  it('refuses more than 5, duplicates, unknown segments and unknown strategies with clear 4xx', async () => {
    const demo = freshDemo();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await demo.createSegment(seg(`s${i}`))).id);
    const strategyId = await flagWithStrategy(demo, 'f');
    const body = { projectId: 'default', environmentId: 'development', strategyId };
    const six = await rejection(demo.fixtures.linkStrategySegments({ ...body, segmentIds: ids }));
    expect(six).toMatchObject({ status: 400, name: 'BadDataError' });
    expect(six.message).toContain('Strategies may not have more than 5 segments');
    expect((await rejection(demo.fixtures.linkStrategySegments({ ...body, segmentIds: [1, 1] }))).status).toBe(400);
    expect(await rejection(demo.fixtures.linkStrategySegments({ ...body, segmentIds: [404] }))).toMatchObject({ status: 404, message: 'No segment exists with ID "404"' });
    expect((await rejection(demo.fixtures.linkStrategySegments({ ...body, strategyId: 'nope', segmentIds: [1] }))).status).toBe(404);
  });

  it('echoes an unknown strategy with an empty list, as real 6.10.1 answers 201', async () => {
    const demo = freshDemo();
    const input = { projectId: 'nowhere', environmentId: 'none', strategyId: 'nope', segmentIds: [] };
    expect(await demo.fixtures.linkStrategySegments(input)).toEqual(input);
  });
});
