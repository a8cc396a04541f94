import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventsSchema, segmentListSchema } from '../../../shared/schemas';
import { checkAnswer } from './answer-check';

const segments = {
  segments: [
    {
      id: 1,
      name: 'beta',
      description: null,
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['a', 'b'], extra: 1 }],
      createdAt: '2026-01-01T00:00:00.000Z',
      usedInFeatures: 2,
      addedByANewerServer: { x: 1 },
    },
  ],
};

describe('checkAnswer', () => {
  it('keeps a valid answer as the server sent it, unknown fields included', () => {
    const json = structuredClone(segments);
    const result = checkAnswer(segmentListSchema, json);
    expect(result).toEqual({ success: true, data: segments });
    expect(result.data).toBe(json);
    const events = { version: 1, events: [{ id: 1, type: 't', createdBy: 'a', createdAt: 'd', data: { k: 1 }, tags: [] }] };
    expect(checkAnswer(eventsSchema, events).data).toBe(events);
  });

  it('fails with the same issues as the schema itself', () => {
    const json = structuredClone(segments);
    (json.segments[0]!.constraints[0]!.values as unknown[])[1] = 5;
    const result = checkAnswer(segmentListSchema, json);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual(segmentListSchema.safeParse(json).error?.issues);
    expect(result.error?.issues[0]?.path).toEqual(['segments', 0, 'constraints', 0, 'values', 1]);
  });

  it('still parses where parsing changes the value: stripped keys, defaults, transforms, rewriting checks', () => {
    const stripped = z.object({ a: z.number() });
    expect(checkAnswer(stripped, { a: 1, b: 2 }).data).toEqual({ a: 1 });
    const defaulted = z.looseObject({ a: z.number().default(7) });
    expect(checkAnswer(defaulted, {}).data).toEqual({ a: 7 });
    const transformed = z.looseObject({ a: z.string().transform((s) => s.length) });
    expect(checkAnswer(transformed, { a: 'abc' }).data).toEqual({ a: 3 });
    const trimmed = z.looseObject({ a: z.array(z.string().trim()) });
    expect(checkAnswer(trimmed, { a: [' x '] }).data).toEqual({ a: ['x'] });
    const coerced = z.looseObject({ a: z.coerce.number() });
    expect(checkAnswer(coerced, { a: '4' }).data).toEqual({ a: 4 });
  });
});
