import { describe, expect, it } from 'vitest';
import { apiErrorOf } from '../test-support/demo';
import { bareContext, eventTrail, flagRecord } from '../test-support/context';
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

  it('is 404 for an unknown flag or environment and 400 for an archived flag, in 6.10.1 words', () => {
    const ctx = bareContext();
    flagRecord(ctx, 'gone', { archived: true });
    flagRecord(ctx, 'f');
    const on = (featureName: string, environment = 'development') => () =>
      setFeatureEnvironmentEnabled(ctx, { projectId: 'default', featureName, environment, enabled: true });
    expect(apiErrorOf(on('ghost'))).toMatchObject({ status: 404, message: 'There\'s no feature named "ghost" in project "default".' });
    expect(apiErrorOf(on('f', 'nope'))).toMatchObject({ status: 404, message: 'Could not find environment nope for feature: f' });
    expect(apiErrorOf(on('gone'))).toMatchObject({ status: 400, name: 'ArchivedFeatureError' });
  });
});

describe('context fields', () => {
  it('creates a field with context-field-created and refuses a taken name', () => {
    const ctx = bareContext();
    const field = createContextField(ctx, { name: 'plan', description: 'Plan', legalValues: [{ value: 'free' }, { value: 'pro' }] });
    expect(field).toMatchObject({ name: 'plan', stickiness: false, sortOrder: 0, legalValues: [{ value: 'free' }, { value: 'pro' }] });
    expect(ctx.events.list({}).events[0]).toMatchObject({ type: 'context-field-created', data: { name: 'plan', stickiness: false } });
    expect(apiErrorOf(() => createContextField(ctx, { name: 'plan' }))).toMatchObject({ status: 409, name: 'NameExistsError' });
    expect(apiErrorOf(() => createContextField(ctx, { name: 'x', legalValues: [{ value: 'a' }, { value: 'a' }] })).details).toEqual([
      { message: '"legalValues[1]" contains a duplicate value. You provided {"value":"a"}.' },
    ]);
  });

  it('deletes a field with context-field-deleted; unknown is 404', () => {
    const ctx = bareContext();
    deleteContextField(ctx, { name: 'userId' });
    expect(ctx.state.contextFields.map((f) => f.name)).not.toContain('userId');
    expect(ctx.events.list({}).events[0]).toMatchObject({ type: 'context-field-deleted', preData: { name: 'userId' } });
    expect(apiErrorOf(() => deleteContextField(ctx, { name: 'userId' })).status).toBe(404);
  });
});
