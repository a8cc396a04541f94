import { isOperator, OPERATOR_INFO, operatorVerb } from '../../../shared/domain/operators';
import type { Constraint } from '../../../shared/schemas';

export function valuesOf(constraint: Pick<Constraint, 'values' | 'value'>): string[] {
  if (constraint.values && constraint.values.length > 0) return constraint.values;
  return constraint.value ? [constraint.value] : [];
}

export interface ConstraintParts {
  subject: string;
  verb: string;
  /** Each value as shown: strings quoted, numbers and versions bare. */
  values: string[];
  /** " (ignoring case)" where the operator honours it and it is set. */
  suffix: string;
}

export function constraintParts(constraint: Constraint): ConstraintParts {
  const values = valuesOf(constraint);
  if (!isOperator(constraint.operator)) {
    return { subject: constraint.contextName, verb: constraint.operator, values: values.map((v) => JSON.stringify(v)), suffix: '' };
  }
  const info = OPERATOR_INFO[constraint.operator];
  const verb = operatorVerb(constraint.operator, constraint.inverted ?? false);
  const bare = info.kind === 'number' || info.kind === 'semver' || info.kind === 'date';
  return {
    subject: constraint.contextName,
    verb,
    values: values.map((v) => (bare ? v : JSON.stringify(v))),
    suffix: info.caseInsensitive && constraint.caseInsensitive ? ' (ignoring case)' : '',
  };
}

/** One line per constraint, e.g. `email ends with "@acme.com" (ignoring case)`, `age is greater than 30`. */
export function summarizeConstraint(constraint: Constraint, maxValues = 3): string {
  const { subject, verb, values, suffix } = constraintParts(constraint);
  const shown = values.slice(0, maxValues).join(', ');
  const more = values.length > maxValues ? ` +${values.length - maxValues} more` : '';
  return `${subject} ${verb} ${shown}${more}${suffix}`.trim();
}

/** The whole segment as a sentence: constraints are ANDed; none means everyone. */
export function describeSegment(constraints: readonly Constraint[]): string {
  if (constraints.length === 0) return 'Matches everyone: this segment has no constraints.';
  return `Matches when ${constraints.map((c) => summarizeConstraint(c, 5)).join(', and ')}.`;
}
