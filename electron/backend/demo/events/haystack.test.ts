import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Haystack, type ColumnTexts } from './haystack';

/**
 * A page's bodies are read together (textsOf): whatever rows a page picks (neighbours of a date window, rows scattered
 * by a filter, across chunks and the tail, with bodies large enough that a span is not worth reading whole), each row
 * gets its own texts, as reading them one by one gives.
 */

const json = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 40 }).map((s) => JSON.stringify({ s })),
  // large bodies make a scattered page's span too wide to read whole
  fc.integer({ min: 20_000, max: 70_000 }).map((n) => JSON.stringify({ big: 'x'.repeat(n) })),
);
const texts: fc.Arbitrary<ColumnTexts> = fc.record({ data: json, preData: json, tags: fc.constantFrom(null, '[{"type":"simple","value":"a"}]') });

describe('Haystack.textsOf', () => {
  it('gives every picked row its own texts, in the order asked', () => {
    fc.assert(
      fc.property(
        fc.array(texts, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 2, max: 9 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (rows, chunkEvents, picks) => {
          const haystack = new Haystack(chunkEvents);
          for (const row of rows) haystack.push('feature-created', 'admin', row);
          const indexes = picks.map((p) => p % rows.length);
          // newest first, as pages are asked, and in the arbitrary order too
          for (const order of [indexes, [...indexes].sort((a, b) => b - a)]) {
            expect(haystack.textsOf(order)).toEqual(order.map((i) => rows[i]));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('Haystack memory', () => {
  it('gives back what one very large event took once its chunk is sealed, and reserves no more than the text needs', () => {
    const haystack = new Haystack(4);
    const idle = haystack.memoryBytes().tailText as number;
    const large = { data: JSON.stringify({ text: 'x'.repeat(3_000_000) }), preData: null, tags: null };
    haystack.push('feature-updated', 'admin', large);
    // the text is ASCII: about its own size, not three times it, in each of the record and original buffers
    expect(haystack.memoryBytes().tailText).toBeLessThan(idle + 2 * 2 * 3_000_100);
    for (let i = 0; i < 4; i++) haystack.push('feature-updated', 'admin', { data: '{"a":1}', preData: null, tags: null });
    expect(haystack.size).toBe(5);
    expect(haystack.memoryBytes().tailText).toBe(idle);
    expect(haystack.texts(0)).toEqual(large);
  });
});
