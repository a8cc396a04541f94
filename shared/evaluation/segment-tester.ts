import type { ClientConstraint, EvaluationContext } from './client-state';
import { compileConstraint } from './constraint';
import type { ConstraintResult } from './explanation';

/**
 * A segment's constraints against one context or many: which constraints pass, and for the contexts that are left
 * out, the first failing constraint and why. Constraints are compiled once for the whole batch.
 */

export interface SingleTest {
  readonly matched: boolean;
  readonly results: readonly ConstraintResult[];
  /** The first failing constraint's index, or null when all pass. */
  readonly firstFailure: number | null;
}

export function testContext(constraints: readonly ClientConstraint[], context: EvaluationContext, now: () => Date = () => new Date()): SingleTest {
  const results = constraints.map((constraint) => compileConstraint(constraint)(context, now));
  const firstFailure = results.findIndex((r) => !r.passed);
  return { matched: firstFailure === -1, results, firstFailure: firstFailure === -1 ? null : firstFailure };
}

export interface BatchFailure {
  /** The context's position in the batch (0-based). */
  readonly index: number;
  readonly constraintIndex: number;
  readonly contextValue: string | undefined;
  readonly reason: string;
}

export interface BatchTest {
  readonly total: number;
  readonly matched: number;
  /** Per constraint, how many contexts it failed (every constraint is checked for every context). */
  readonly failedBy: readonly number[];
  /** Every context that is left out, with its first failure (the UI shows the first few and exports all). */
  readonly failures: readonly BatchFailure[];
}

export function testContexts(
  constraints: readonly ClientConstraint[],
  contexts: readonly EvaluationContext[],
  now: () => Date = () => new Date(),
): BatchTest {
  const compiled = constraints.map((constraint) => compileConstraint(constraint));
  const failedBy = constraints.map(() => 0);
  const failures: BatchFailure[] = [];
  // One instant for the whole batch, so every context is judged at the same time (and the clock is read once).
  const at = now();
  const clock = () => at;
  let matched = 0;
  for (let index = 0; index < contexts.length; index += 1) {
    const context = contexts[index]!;
    let firstFailed = -1;
    for (let constraintIndex = 0; constraintIndex < compiled.length; constraintIndex += 1) {
      if (compiled[constraintIndex]!.passes(context, clock)) continue;
      failedBy[constraintIndex]! += 1;
      if (firstFailed === -1) firstFailed = constraintIndex;
    }
    if (firstFailed === -1) {
      matched += 1;
      continue;
    }
    // Only the first failure is explained: building every failure's sentence was most of a batch's time.
    const result = compiled[firstFailed]!(context, clock);
    failures.push({ index, constraintIndex: firstFailed, contextValue: result.contextValue, reason: result.reason ?? 'failed' });
  }
  return { total: contexts.length, matched, failedBy, failures };
}
