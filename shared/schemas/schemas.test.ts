import { describe, expect, it } from 'vitest';
import {
  eventsSchema,
  limitsOf,
  majorVersion,
  saveProfileInputSchema,
  searchEventsSchema,
  segmentSchema,
  setUiConfigSchema,
  upsertSegmentSchema,
} from './index';

describe('responses are read leniently', () => {
  it('reads an 8.x event with groupType/groupId and a 6.x one without', () => {
    const base = { id: 1, type: 'segment-created', createdBy: 'admin', createdAt: '2026-11-22T12:45:36.013Z', data: { id: 1 }, preData: null, tags: [] };
    const parsed = eventsSchema.parse({
      version: 1,
      events: [{ ...base, groupType: 'transaction', groupId: '01M81MRV8VESDB52BH70EJSEJT', futureField: true }, base],
      totalEvents: 2,
    });
    expect(parsed.events[0]).toMatchObject({ groupId: '01M81MRV8VESDB52BH70EJSEJT', futureField: true });
  });

  it('refuses an event whose data is not an object', () => {
    const event = { id: 1, type: 't', createdBy: 'a', createdAt: 'x', data: ['not', 'an', 'object'] };
    expect(eventsSchema.safeParse({ version: 1, events: [event] }).success).toBe(false);
  });

  it('reads a global segment (no project key) and a project one', () => {
    const segment = { id: 1, name: 's', description: null, constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }], createdAt: 'x' };
    expect(segmentSchema.parse(segment).project).toBeUndefined();
    expect(segmentSchema.parse({ ...segment, project: 'default' }).project).toBe('default');
  });
});

describe('requests are built strictly', () => {
  it('refuses unknown operators and extra constraint keys, as the server does', () => {
    const constraint = { contextName: 'userId', operator: 'IN', values: ['a'] };
    expect(upsertSegmentSchema.safeParse({ name: 's', constraints: [constraint] }).success).toBe(true);
    expect(upsertSegmentSchema.safeParse({ name: 's', constraints: [{ ...constraint, operator: 'NOT_AN_OP' }] }).success).toBe(false);
    expect(upsertSegmentSchema.safeParse({ name: 's', constraints: [{ ...constraint, bogus: 1 }] }).success).toBe(false);
  });

  it('keeps search limits within 1..100 and offsets non-negative', () => {
    expect(searchEventsSchema.safeParse({ limit: 100, offset: 0 }).success).toBe(true);
    for (const bad of [{ limit: 0 }, { limit: 101 }, { offset: -1 }, { type: 'not-an-event-type' }]) {
      expect(searchEventsSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('refuses extra keys in the UI config body at both levels', () => {
    expect(setUiConfigSchema.safeParse({ frontendSettings: { frontendApiOrigins: ['*'] } }).success).toBe(true);
    expect(setUiConfigSchema.safeParse({ frontendSettings: { frontendApiOrigins: ['*'], bogus: 1 } }).success).toBe(false);
    expect(setUiConfigSchema.safeParse({ bogus: 1 }).success).toBe(false);
  });

  it('refuses a profile URL that is not http(s) or carries credentials', () => {
    const profile = { name: 'Prod', baseUrl: 'https://unleash.example.com', token: 't' };
    expect(saveProfileInputSchema.safeParse(profile).success).toBe(true);
    const withCredentials = saveProfileInputSchema.safeParse({ ...profile, baseUrl: 'https://user:secret@unleash.example.com' });
    expect(withCredentials.success).toBe(false);
    expect(withCredentials.error?.issues[0]?.message).toMatch(/must not contain a user name or password/);
    expect(saveProfileInputSchema.safeParse({ ...profile, baseUrl: 'file:///etc/passwd' }).success).toBe(false);
  });
});

describe('server versions', () => {
  it('reads limits from 6.x top-level fields and from 7+ resourceLimits', () => {
    expect(limitsOf({ version: '6.10.1', segmentValuesLimit: 500, strategySegmentsLimit: 3 })).toEqual({ segments: 300, segmentValues: 500, strategySegments: 3 });
    expect(limitsOf({ version: '8.2.0', resourceLimits: { segments: 10, segmentValues: 20, strategySegments: 2 } })).toEqual({ segments: 10, segmentValues: 20, strategySegments: 2 });
    expect(majorVersion('8.2.0+enterprise')).toBe(8);
    expect(majorVersion('garbage')).toBe(0);
  });
});
