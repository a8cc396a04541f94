import { describe, expect, it } from 'vitest';
import { apiErrorOf } from '../test-support';
import { bareContext, eventTrail, flagRecord } from '../test-context';
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
  it('brings archived flags back off everywhere with their strategies, one feature-revived each', () => {
    const ctx = archivedFamily();
    reviveFeatures(ctx, { projectId: 'default', features: ['c', 'p', 'active', 'ghost'] });
    const child = ctx.state.features.find((f) => f.name === 'c')!;
    expect(child).toMatchObject({ archived: false, archivedAt: null });
    expect(child.environments.every((env) => !env.enabled)).toBe(true);
    expect(child.environments[0]!.strategies).toHaveLength(1);
    expect(eventTrail(ctx)).toEqual(['feature-revived:c', 'feature-revived:p']);
  });

  it('is 404 in an unknown project and 403 for a flag of another project', () => {
    const ctx = archivedFamily();
    expect(apiErrorOf(() => reviveFeatures(ctx, { projectId: 'nope', features: ['p'] })).status).toBe(404);
    const foreign = apiErrorOf(() => reviveFeatures(ctx, { projectId: 'default', features: ['elsewhere'] }));
    expect(foreign).toMatchObject({ status: 403, name: 'InvalidOperationError' });
    expect(eventTrail(ctx)).toEqual([]);
  });
});

describe('delete from the archive', () => {
  it('deletes archived flags for good and ignores active and unknown names', () => {
    const ctx = archivedFamily();
    deleteArchivedFeatures(ctx, { projectId: 'default', features: ['p', 'active', 'ghost'] });
    expect(ctx.state.features.map((f) => f.name)).toEqual(['c', 'active', 'elsewhere']);
    expect(eventTrail(ctx)).toEqual(['feature-deleted:p']);
    expect(ctx.events.list({}).events[0]!.preData).toMatchObject({ name: 'p', archived: true });
  });

  it('writes nothing when nothing is eligible', () => {
    const ctx = archivedFamily();
    deleteArchivedFeatures(ctx, { projectId: 'default', features: ['active'] });
    expect(ctx.changes).toBe(0);
  });
});
