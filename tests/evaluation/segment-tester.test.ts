import { describe, expect, it } from 'vitest';
import { testContext, testContexts, type ClientConstraint, type EvaluationContext } from '../../shared/evaluation';
import { createPrng, generateConstraint, generateContext } from './generate';

const now = () => new Date('2025-06-01T00:00:00Z');

describe('segment tester over many contexts', () => {
  it('counts and explains each context as testing it alone does (generated constraints of every operator)', () => {
    const prng = createPrng(77);
    let [matchedSeen, failedSeen] = [0, 0];
    for (let size = 1; size <= 5; size += 1) {
      const constraints = Array.from({ length: size }, () => generateConstraint(prng));
      const contexts = Array.from({ length: 500 }, () => generateContext(prng));
      const batch = check(constraints, contexts);
      matchedSeen += batch.matched;
      failedSeen += batch.failures.length;
    }
    // The generated sets exercise both outcomes, so the comparisons mean something.
    expect(matchedSeen).toBeGreaterThan(0);
    expect(failedSeen).toBeGreaterThan(0);
  });
});

function check(constraints: ClientConstraint[], contexts: EvaluationContext[]) {
    const batch = testContexts(constraints, contexts, now);

    const single = contexts.map((context) => testContext(constraints, context, now));
    expect(batch.total).toBe(contexts.length);
    expect(batch.matched).toBe(single.filter((s) => s.matched).length);
    expect(batch.failedBy).toEqual(constraints.map((_, i) => single.filter((s) => !s.results[i]!.passed).length));
    const expected = single.flatMap((s, index) => {
      if (s.firstFailure === null) return [];
      const first = s.results[s.firstFailure]!;
      return [{ index, constraintIndex: s.firstFailure, contextValue: first.contextValue, reason: first.reason }];
    });
    expect(batch.failures).toEqual(expected);
    return batch;
}
