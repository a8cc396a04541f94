import { constraintProblem, isOperator, OPERATOR_INFO, OPERATORS_6_10 } from '../../../../shared/domain/operators';
import type { Constraint } from '../../../../shared/schemas';
import { badData, badDataDetails, notAllowedDetail } from '../../errors';
import type { DemoState } from '../model/state';

/**
 * Stored form of a constraint: Unleash's joi schema adds `values: []` when absent (docs/server-behaviour.md#constraints); `values` comes first,
 * as the real server serialises it (docs/server-behaviour.md#constraints).
 */
export function storedConstraint(constraint: Constraint): Constraint {
  const { values, ...rest } = constraint;
  return { values: values ?? [], ...rest };
}

/**
 * 6.10.1's schema check of every constraint's operator, before anything else is looked at: SEMVER_GTE, SEMVER_LTE and
 * REGEX came after it and are refused there (400, the allowed list in the detail), in segments and strategies alike.
 */
export function checkOperators(constraints: readonly Constraint[]): void {
  const allowed: readonly string[] = OPERATORS_6_10;
  const unknown = constraints.find((constraint) => !allowed.includes(constraint.operator));
  if (unknown) throw badDataDetails([notAllowedDetail('operator', OPERATORS_6_10, unknown.operator)]);
}

/**
 * Semantic validation for flag strategies (docs/server-behaviour.md#constraints): shape and value kind, then legal values of a known context
 * field. Segments skip this on 6.10.1 (docs/versions.md#added-in-7x), so only strategies call it.
 */
export function validateStrategyConstraints(state: DemoState, constraints: readonly Constraint[]): void {
  for (const constraint of constraints) {
    const problem = constraintProblem(constraint);
    if (problem) throw badData(problem);
    const field = state.contextFields.find((candidate) => candidate.name === constraint.contextName);
    if (!field || field.legalValues.length === 0) continue;
    const legal = new Set(field.legalValues.map((legalValue) => legalValue.value));
    const single = isOperator(constraint.operator) && OPERATOR_INFO[constraint.operator].arity === 'single';
    if (single && constraint.value !== undefined) {
      if (!legal.has(constraint.value)) throw badData(`${constraint.value} is not specified as a legal value on this context field`);
    } else if ((constraint.values ?? []).some((value) => !legal.has(value))) {
      throw badData('input values are not specified as a legal value on this context field');
    }
  }
}
