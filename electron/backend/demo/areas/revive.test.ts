import { describe, expect, it } from 'vitest';
import { apiErrorOf } from '../test-support/demo';
import { bareContext, eventTrail, flagRecord } from '../test-support/context';
import { deleteArchivedFeatures, reviveFeatures } from './revive';

function archivedFamily() {
  const ctx = bareContext();
  flagRecord(ctx, 'p', { archived: true, archivedAt: ctx.now() });
  const child = flagRecord(ctx, 'c', { archived: true, archivedAt: ctx.now() });
  child.environments[0]!.enabled = true;
  child.environments[0]!.strategies.push({
    id: 's1', name: 'default', title: null, disabled: false, sortOrder: 0, constraints: [], parameters: {}, variants: [], segments: [],
  });
  flagRecord(ctx, 'active');
  flagRecord(ctx, 'elsewhere', { project: 'other', archived: true });
  ctx.state.projects.push({ id: 'other', name: 'Other', description: null, createdAt: ctx.now() });
  return ctx;
}

describe('revive', () => {
  it('brings flags back off everywhere with their strategies, one feature-revived each (an active one too, as 6.10.1)', () => {
    const ctx = archivedFamily();
    const active = ctx.state.features.find((f) => f.name === 'active')!;
    active.environments[0]!.enabled = true;
    reviveFeatures(ctx, { projectId: 'default', features: ['c', 'p', 'active', 'ghost'] });
    const child = ctx.state.features.find((f) => f.name === 'c')!;
    expect(child).toMatchObject({ archived: false, archivedAt: null });
    expect(child.environments.every((env) => !env.enabled)).toBe(true);
    expect(child.environments[0]!.strategies).toHaveLength(1);
    expect(active.environments[0]!.enabled).toBe(false);
    expect(eventTrail(ctx)).toEqual(['feature-revived:c', 'feature-revived:p', 'feature-revived:active']);
  });

  it('is 404 in an unknown project and 403 for a flag of another project', () => {
    const ctx = archivedFamily();
    expect(apiErrorOf(() => reviveFeatures(ctx, { projectId: 'nope', features: ['p'] }))).toMatchObject({
      status: 404,
      message: 'Active project with id nope does not exist',
    });
    const foreign = apiErrorOf(() => reviveFeatures(ctx, { projectId: 'default', features: ['elsewhere'] }));
    expect(foreign).toMatchObject({ status: 403, name: 'InvalidOperationError' });
    expect(eventTrail(ctx)).toEqual([]);
  });
});

describe('delete from the archive', () => {
  it('deletes archived flags for good, keeps an active one but writes its event as 6.10.1 does', () => {
    const ctx = archivedFamily();
    deleteArchivedFeatures(ctx, { projectId: 'default', features: ['p', 'active', 'ghost'] });
    expect(ctx.state.features.map((f) => f.name)).toEqual(['c', 'active', 'elsewhere']);
    expect(eventTrail(ctx)).toEqual(['feature-deleted:p', 'feature-deleted:active']);
    expect(ctx.events.list({}).events[1]!.preData).toMatchObject({ name: 'p', archived: true });
  });

  it('writes nothing for unknown names or an unknown project', () => {
    const ctx = archivedFamily();
    deleteArchivedFeatures(ctx, { projectId: 'nope', features: ['ghost'] });
    expect(ctx.changes).toBe(0);
  });
});
