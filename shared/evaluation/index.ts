import type { ClientState, EvaluationContext, EvaluationOptions } from './client-state';
import { createEvaluator } from './evaluator';
import type { FlagEvaluation } from './explanation';

export * from './client-state';
export * from './explanation';
export { createEvaluator, type Evaluator } from './evaluator';
export { compileConstraint, checkConstraints, type CompiledConstraint } from './constraint';

/**
 * Evaluates one flag of a client API features payload (`{features, segments}`, as the client specification's files
 * give it) for a context: `{enabled, variant: {name, enabled, payload?, feature_enabled}, explanation}`.
 */
export function evaluateClientState(
  state: ClientState,
  toggleName: string,
  context: EvaluationContext,
  options?: EvaluationOptions,
): FlagEvaluation {
  return createEvaluator(state, options).evaluate(toggleName, context);
}
export { testContext, testContexts, type BatchFailure, type BatchTest, type SingleTest } from './segment-tester';
export { evaluatePlayground, type PlaygroundFlagInput, type PlaygroundInput } from './playground';
export * from './playground-schema';
export { clientStateFromAdmin } from './from-admin';
