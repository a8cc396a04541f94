import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../../shared/domain/event-types';
import { eventSchema } from '../../../../shared/schemas/event';
import { EventLog } from './event-log';
import { generateHistory, type HistoryContext } from './history';

const context: HistoryContext = {
  projects: ['default', 'checkout'],
  environments: ['development', 'production'],
  // one flag older than the history, one created and archived in it, one created in it and still active
  features: [
    { name: 'new-cart', project: 'checkout', createdAt: '2025-01-10T09:00:00.000Z', archivedAt: null },
    { name: 'dark-mode', project: 'default', createdAt: '2026-05-02T10:00:00.000Z', archivedAt: '2026-07-01T10:00:00.000Z' },
    { name: 'search-v2', project: 'default', createdAt: '2026-04-20T08:00:00.000Z', archivedAt: null },
  ],
  segments: ['beta-users', 'internal'],
  strategyTypes: ['default', 'flexibleRollout', 'userWithId'],
  users: ['alice@example.com', 'bob@example.com'],
  end: new Date('2026-11-23T00:00:00.000Z'),
};

describe('generateHistory', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = [...generateHistory(500, context, 7)];
    expect([...generateHistory(500, context, 7)]).toEqual(a);
    expect([...generateHistory(500, context, 8)]).not.toEqual(a);
  });

  it('spreads events over months before the end, oldest first', () => {
    const events = [...generateHistory(2000, context, 1)];
    const times = events.map((e) => Date.parse(e.createdAt));
    expect(times.every((t, i) => i === 0 || t >= (times[i - 1] as number))).toBe(true);
    expect(times.at(-1)).toBeLessThanOrEqual(context.end.getTime());
    expect(context.end.getTime() - (times[0] as number)).toBeGreaterThan(90 * 86_400_000);
  });

  it('covers the event types an admin would expect, all of them seed types', () => {
    const types = new Set([...generateHistory(5000, context, 3)].map((e) => e.type));
    for (const t of [
      'feature-created', 'feature-updated', 'feature-archived', 'feature-tagged', 'feature-environment-enabled',
      'feature-environment-disabled', 'feature-strategy-add', 'feature-strategy-update', 'feature-strategy-remove',
      'segment-created', 'segment-updated', 'segment-deleted', 'strategy-updated', 'setting-updated', 'project-created',
      'context-field-created', 'api-token-created',
    ]) {
      expect(types, t).toContain(t);
    }
    for (const t of types) expect(EVENT_TYPES as readonly string[]).toContain(t);
  });

  it('writes realistic payloads: strategies with parameters, segments with constraints, users and the admin token', () => {
    const events = [...generateHistory(3000, context, 5)];
    const update = events.find((e) => e.type === 'feature-strategy-update');
    expect(update?.data).toMatchObject({ name: expect.any(String), parameters: expect.any(Object), constraints: expect.any(Array) });
    expect(update?.data).not.toEqual(update?.preData);
    const segment = events.find((e) => e.type === 'segment-created');
    expect((segment?.data?.constraints as unknown[]).length).toBeGreaterThan(0);
    expect(events.some((e) => e.createdBy === 'admin' && e.createdByUserId === -42)).toBe(true);
    expect(events.some((e) => e.createdBy === 'bob@example.com')).toBe(true);
    expect(events.some((e) => (e.tags ?? []).length > 0)).toBe(true);
  });

  it('seeds an event log whose records are valid events, none dropped as no-ops', () => {
    const log = new EventLog();
    log.appendHistory(generateHistory(1000, context, 9));
    expect(log.size).toBe(1000);
    for (const e of log.search({ limit: 100 }).events) expect(eventSchema.safeParse(e).success).toBe(true);
    expect(() => log.appendHistory([{ type: 'feature-created', createdBy: 'a', createdAt: '2020-01-01T00:00:00.000Z' }])).toThrow();
  });
});
