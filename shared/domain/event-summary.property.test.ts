import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FlagEvent } from '../schemas/event';
import { describeEvent, summaryReads } from './event-summary';
import { describeEventReference, REFERENCE_TYPES } from './test-support/event-summary-reference';

/**
 * The compiled templates word every event exactly as the Mustache walk they replaced did
 * (test-support/event-summary-reference.ts): every type of the table and unknown ones, with the payload fields the
 * templates and the strategy diff read, present, missing, null, empty or of the wrong kind.
 */
const scalar = fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -5, max: 100 }), fc.boolean(), fc.constant(null), fc.constant(''));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }));
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const nullable = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, fc.constant(null), fc.constant(undefined), fc.constant(''));

const constraint = fc.record(
  {
    contextName: fc.oneof(fc.string({ maxLength: 6 }), fc.constant(undefined)),
    operator: fc.constantFrom('IN', 'NOT_IN', 'STR_CONTAINS', 'NUM_GTE', 'SEMVER_EQ', 'DATE_AFTER', 'MADE_UP', 'toString'),
    values: value,
    value: scalar,
    inverted: fc.boolean(),
  },
  { requiredKeys: ['operator'] },
);
const parameters = fc.record(
  { stickiness: value, rollout: value, groupId: value, userIds: value, IPs: value, hostNames: value },
  { requiredKeys: [] },
);
const payload = fc.record(
  {
    name: fc.oneof(fc.constantFrom('flexibleRollout', 'default', 'userWithId', 'remoteAddress', 'applicationHostname', 'custom'), scalar),
    title: scalar,
    provider: value,
    username: value,
    scheduledDate: value,
    reason: value,
    oldProject: value,
    type: value,
    value: value,
    message: value,
    milestoneName: value,
    ownerId: value,
    email: value,
    changeRequestId: scalar,
    parameters: fc.oneof(parameters, fc.constant(null)),
    constraints: fc.oneof(fc.array(constraint, { maxLength: 3 }), scalar),
    segments: fc.oneof(fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 3 }), scalar),
  },
  { requiredKeys: [] },
);
const text = fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('default', 'p1', 'production', 'f-1'));
const event = fc.record(
  {
    id: fc.integer({ min: 1 }),
    createdAt: fc.constant('2026-11-23T10:00:00.000Z'),
    type: fc.oneof(fc.constantFrom(...REFERENCE_TYPES), fc.constantFrom('made-up-type', 'setting-updated', '')),
    createdBy: fc.string({ maxLength: 10 }),
    project: optional(nullable(text)),
    featureName: optional(nullable(text)),
    environment: optional(nullable(text)),
    data: optional(fc.oneof(payload, fc.constant(null))),
    preData: optional(fc.oneof(payload, fc.constant(null))),
  },
  { requiredKeys: ['id', 'createdAt', 'type', 'createdBy'] },
) as fc.Arbitrary<FlagEvent>;

/** The wording, or that it threw (both must do the same with a payload they cannot word). */
function outcome(describe: () => unknown): unknown {
  try {
    return describe();
  } catch (error) {
    return { threw: (error as Error).constructor.name };
  }
}

describe('describeEvent words every event as the Mustache renderer it replaced', () => {
  it('for any event of any type, with and without a server address', () => {
    fc.assert(
      fc.property(event, fc.constantFrom(undefined, 'http://127.0.0.1:4243', 'https://unleash.example.com/base'), (e, url) => {
        expect(outcome(() => describeEvent(e, url))).toEqual(outcome(() => describeEventReference(e, url)));
      }),
      { numRuns: 5000 },
    );
  });

  it('for every type of the table with every field its template names present', () => {
    const data = { provider: 'slack', username: 'u', scheduledDate: '2026-01-01', reason: 'r', name: 'n', oldProject: 'old', type: 't', value: 'v', message: 'm', milestoneName: 'ms', ownerId: 7, email: 'a@b.c', changeRequestId: 3 };
    for (const type of REFERENCE_TYPES) {
      const full: FlagEvent = { id: 1, createdAt: '2026-11-23T10:00:00.000Z', type, createdBy: 'ann', project: 'p1', featureName: 'f1', environment: 'production', data, preData: { ...data, name: 'old-name' } };
      expect(describeEvent(full, 'http://h')).toEqual(describeEventReference(full, 'http://h'));
    }
  });

  it('reads only the bodies summaryReads names: the others may hold anything', () => {
    const other = fc.oneof(payload, fc.constant(null), fc.constant({}));
    fc.assert(
      fc.property(event, other, other, fc.constantFrom(undefined, 'https://unleash.example.com/base'), (e, data, preData, url) => {
        const reads = summaryReads(e.type);
        const swapped = {
          ...e,
          data: reads.data ? e.data : data,
          preData: reads.preData ? e.preData : preData,
          tags: reads.tags ? e.tags : [{ type: 'simple', value: 'x' }],
        };
        expect(outcome(() => describeEvent(swapped, url))).toEqual(outcome(() => describeEvent(e, url)));
      }),
      { numRuns: 5000 },
    );
    expect(summaryReads('feature-strategy-update')).toEqual({ data: true, preData: true, tags: false });
    expect(summaryReads('segment-deleted')).toEqual({ data: false, preData: true, tags: false });
    expect(summaryReads('feature-environment-enabled')).toEqual({ data: false, preData: false, tags: false });
    expect(summaryReads('not-a-type')).toEqual({ data: false, preData: false, tags: false });
  });
});
