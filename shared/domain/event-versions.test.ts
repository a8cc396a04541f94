import { describe, expect, it } from 'vitest';
import type { FlagEvent } from '../schemas/event';
import { entityOf } from './event-entity';
import { beforeStateOf, entityVersions } from './event-versions';
import { restoreWriteOf } from './restore-payload';

let nextId = 1;
const event = (type: string, fields: Partial<FlagEvent> = {}): FlagEvent => {
  const id = nextId++;
  return { id, type, createdBy: 'admin', createdAt: `2026-11-23T10:00:${String(id).padStart(2, '0')}.000Z`, ...fields };
};

describe('entityOf', () => {
  it('names the segment, flag, strategy type or CORS setting an event is about', () => {
    expect(entityOf(event('segment-deleted', { preData: { id: 4, name: 'beta' } }))).toEqual({ kind: 'segment', key: '4', label: 'beta' });
    expect(entityOf(event('feature-environment-enabled', { featureName: 'checkout' }))).toEqual({ kind: 'flag', key: 'checkout', label: 'checkout' });
    expect(entityOf(event('strategy-updated', { data: { name: 'custom-1' } }))).toMatchObject({ kind: 'strategy-type', key: 'custom-1' });
    // setting-updated's preData has no id: the origins mark it
    expect(entityOf(event('setting-updated', { data: { id: 'unleash.frontend', frontendApiOrigins: [] }, preData: { frontendApiOrigins: ['*'] } }))).toMatchObject({ kind: 'cors' });
    expect(entityOf(event('setting-updated', { data: { id: 'other.setting', enabled: true } }))).toBeNull();
    expect(entityOf(event('user-created', { data: { id: 3 } }))).toBeNull();
  });
});

describe('beforeStateOf', () => {
  const created = event('strategy-created', { data: { name: 'custom', parameters: [{ name: 'region', type: 'string' }] } });
  const other = event('strategy-updated', { data: { name: 'another', parameters: [] } });
  const deprecated = event('strategy-deprecated', { data: { name: 'custom' } });
  const renamed = event('strategy-updated', { data: { name: 'custom', parameters: [{ name: 'zone', type: 'string' }] } });
  const history = [renamed, other, deprecated, created];

  it('takes the preData an event carries, and nothing for a create', () => {
    const update = event('segment-updated', { data: { id: 1, name: 'b' }, preData: { id: 1, name: 'a' } });
    expect(beforeStateOf(update, [])).toEqual({ source: 'event', before: { id: 1, name: 'a' } });
    expect(beforeStateOf(created, history)).toEqual({ source: 'event', before: null });
  });

  it('lets the previous event of the same entity supply what strategy-updated leaves out', () => {
    expect(beforeStateOf(renamed, history)).toEqual({ source: 'previous-event', before: created.data, fromEventId: created.id });
  });

  it('says when no earlier version is known', () => {
    expect(beforeStateOf(renamed, [renamed, other])).toEqual({ source: 'unknown', before: null });
  });

  it('lists the versions of one entity newest first, each with its before-state', () => {
    const versions = entityVersions(history, { kind: 'strategy-type', key: 'custom' });
    expect(versions.map((version) => version.event.id)).toEqual([renamed.id, deprecated.id, created.id]);
    expect(versions[0]?.before).toMatchObject({ source: 'previous-event', fromEventId: created.id });
  });
});

describe('restoreWriteOf', () => {
  it('builds the ordinary write of a recorded version', () => {
    const state = { id: 4, name: 'beta', description: null, project: null, createdAt: 'x', constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'], inverted: false }] };
    expect(restoreWriteOf('segment', '4', state)).toEqual({
      kind: 'segment',
      id: 4,
      segment: { name: 'beta', description: null, project: null, constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'], inverted: false }] },
    });
    expect(restoreWriteOf('strategy-type', 'custom', { name: 'custom', parameters: [{ name: 'zone', type: 'string', required: false }], editable: true })).toEqual({
      kind: 'strategy-type',
      name: 'custom',
      update: { parameters: [{ name: 'zone', type: 'string', required: false }] },
    });
    expect(restoreWriteOf('cors', 'frontendApiOrigins', { frontendApiOrigins: ['https://a.example'] })).toEqual({ kind: 'cors', origins: ['https://a.example'] });
  });

  it('refuses a deleted version or one without the needed fields', () => {
    expect(restoreWriteOf('segment', '4', null)).toBeNull();
    expect(restoreWriteOf('cors', 'frontendApiOrigins', { id: 'unleash.frontend' })).toBeNull();
  });
});
