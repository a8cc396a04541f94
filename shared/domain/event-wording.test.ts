import { describe, expect, it } from 'vitest';
import type { FlagEvent } from '../schemas/event';
import { describeEvent } from './event-summary';
import { eventProject, readableSummary } from './event-wording';

const event = (fields: Partial<FlagEvent> & { type: string }): FlagEvent => ({
  id: 1,
  createdBy: 'admin',
  createdAt: '2026-05-01T10:00:00.000Z',
  data: null,
  preData: null,
  ...fields,
});
/** As the server (and the demo, which words events as the server does) answers it. */
const served = (fields: Partial<FlagEvent> & { type: string }): FlagEvent => {
  const base = event(fields);
  return { ...base, ...describeEvent(base) };
};

describe('every summary names what changed', () => {
  it('names the strategy type where the server says only "triggered strategy-created"', () => {
    const created = served({ type: 'strategy-created', data: { name: 'tenant', parameters: [] } });
    expect(created.summary).toBe('**admin** triggered **strategy-created**');
    expect(readableSummary(created)).toBe('admin created strategy type tenant');
    expect(readableSummary(served({ type: 'strategy-deprecated', data: { name: 'tenant' } }))).toBe('admin deprecated strategy type tenant');
  });

  it('names the CORS setting, other settings, tags and environments', () => {
    expect(readableSummary(served({ type: 'setting-updated', data: { id: 'unleash.frontend', frontendApiOrigins: ['*'] } }))).toBe(
      'admin updated the front-end API origins (CORS)',
    );
    expect(readableSummary(served({ type: 'setting-updated', data: { id: 'unleash.enterprise.auth.oidc' } }))).toBe(
      'admin updated setting unleash.enterprise.auth.oidc',
    );
    expect(readableSummary(served({ type: 'tag-type-created', data: { name: 'team' } }))).toBe('admin created tag type team');
    expect(readableSummary(served({ type: 'environment-created', data: { name: 'qa' } }))).toBe('admin created environment qa');
  });

  it('keeps the server summary where it already names the thing, as plain text', () => {
    const segment = served({ type: 'segment-created', data: { id: 3, name: 'beta' } });
    expect(readableSummary(segment)).toBe('admin created segment beta');
    expect(readableSummary({ ...segment, summary: '**admin** created segment **[beta](http://x/segments/3)**' })).toBe('admin created segment beta');
  });

  it('words an event that carries no summary (5.x), naming its entity', () => {
    expect(readableSummary(event({ type: 'segment-updated', preData: { id: 3, name: 'beta' }, data: { id: 3, name: 'beta' } }))).toBe(
      'admin updated segment beta',
    );
    expect(
      readableSummary(event({ type: 'feature-environment-enabled', featureName: 'checkout', project: 'web', environment: 'production' })),
    ).toBe('admin enabled checkout for the production environment in project web');
    expect(readableSummary(event({ type: 'tag-created', data: { type: 'team', value: 'checkout' } }))).toBe('admin created tag team:checkout');
    expect(readableSummary(event({ type: 'something-new' }))).toBe('admin triggered something-new');
  });
});

describe("5.x's no-project placeholder", () => {
  it('reads as global, not as a project', () => {
    expect(eventProject({ project: 'no-project' })).toBeNull();
    expect(eventProject({ project: null })).toBeNull();
    expect(eventProject({ project: 'default' })).toBe('default');
  });
});
