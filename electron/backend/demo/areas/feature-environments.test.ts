import { describe, expect, it } from 'vitest';
import { apiErrorOf } from '../test-support';
import { bareContext, eventTrail, flagRecord } from '../test-context';
import { createContextField, deleteContextField } from './context-fields';
import { setFeatureEnvironmentEnabled } from './feature-environments';

describe('flag environment on/off', () => {
  it('adds the default gradual rollout when switching on an environment without strategies', () => {
    const ctx = bareContext();
    const flag = flagRecord(ctx, 'f');
    setFeatureEnvironmentEnabled(ctx, { projectId: 'default', featureName: 'f', environment: 'development', enabled: true });
    const env = flag.environments.find((e) => e.name === 'development')!;
    expect(env.enabled).toBe(true);
    expect(env.strategies[0]).toMatchObject({ name: 'flexibleRollout', parameters: { rollout: '100', stickiness: 'default', groupId: 'f' } });
    expect(eventTrail(ctx)).toEqual(['feature-strategy-add:f', 'feature-environment-enabled:f']);
  });

  it('writes an event only when the state changes, and switches off', () => {
    const ctx = bareContext();
    flagRecord(ctx, 'f');
    const input = { projectId: 'default', featureName: 'f', environment: 'development' };
    setFeatureEnvironmentEnabled(ctx, { ...input, enabled: false });
    setFeatureEnvironmentEnabled(ctx, { ...input, enabled: true });
    setFeatureEnvironmentEnabled(ctx, { ...input, enabled: true });
    setFeatureEnvironmentEnabled(ctx, { ...input, enabled: false });
    expect(eventTrail(ctx)).toEqual(['feature-strategy-add:f', 'feature-environment-enabled:f', 'feature-environment-disabled:f']);
  });

  it('is 404 for an unknown flag, archived flag or environment', () => {
    const ctx = bareContext();
    flagRecord(ctx, 'gone', { archived: true });
    flagRecord(ctx, 'f');
    for (const [featureName, environment] of [['ghost', 'development'], ['gone', 'development'], ['f', 'staging-x']] as const) {
      expect(apiErrorOf(() => setFeatureEnvironmentEnabled(ctx, { projectId: 'default', featureName, environment, enabled: true })).status).toBe(404);
    }
  });
});

describe('context fields', () => {
  it('creates a field with context-field-created and refuses a taken name', () => {
    const ctx = bareContext();
    const field = createContextField(ctx, { name: 'plan', description: 'Plan', legalValues: [{ value: 'free' }, { value: 'pro' }] });
    expect(field).toMatchObject({ name: 'plan', stickiness: false, legalValues: [{ value: 'free' }, { value: 'pro' }] });
    expect(ctx.events.list({}).events[0]).toMatchObject({ type: 'context-field-created', data: { name: 'plan' } });
    expect(apiErrorOf(() => createContextField(ctx, { name: 'plan' }))).toMatchObject({ status: 409, name: 'NameExistsError' });
    expect(apiErrorOf(() => createContextField(ctx, { name: 'x', legalValues: [{ value: 'a' }, { value: 'a' }] })).status).toBe(400);
  });

  it('deletes a field with context-field-deleted; unknown is 404', () => {
    const ctx = bareContext();
    deleteContextField(ctx, { name: 'userId' });
    expect(ctx.state.contextFields.map((f) => f.name)).not.toContain('userId');
    expect(ctx.events.list({}).events[0]).toMatchObject({ type: 'context-field-deleted', preData: { name: 'userId' } });
    expect(apiErrorOf(() => deleteContextField(ctx, { name: 'userId' })).status).toBe(404);
  });
});
