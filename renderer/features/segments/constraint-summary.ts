import { isOperator, OPERATOR_INFO, type Operator } from '../../../shared/domain/operators';
import type { Constraint } from '../../../shared/schemas';

/** How a person says each operator, plain and inverted ("ends with" / "does not end with"). */
const VERBS: Readonly<Record<Operator, readonly [string, string]>> = {
  IN: ['is one of', 'is not one of'],
  NOT_IN: ['is not one of', 'is one of'],
  STR_ENDS_WITH: ['ends with', 'does not end with'],
  STR_STARTS_WITH: ['starts with', 'does not start with'],
  STR_CONTAINS: ['contains', 'does not contain'],
  NUM_EQ: ['equals', 'does not equal'],
  NUM_GT: ['is greater than', 'is not greater than'],
  NUM_GTE: ['is at least', 'is less than'],
  NUM_LT: ['is less than', 'is at least'],
  NUM_LTE: ['is at most', 'is greater than'],
  DATE_AFTER: ['is after', 'is not after'],
  DATE_BEFORE: ['is before', 'is not before'],
  SEMVER_EQ: ['is version', 'is not version'],
  SEMVER_GT: ['is a version above', 'is not a version above'],
  SEMVER_LT: ['is a version below', 'is not a version below'],
  SEMVER_GTE: ['is version or above', 'is a version below'],
  SEMVER_LTE: ['is version or below', 'is a version above'],
  REGEX: ['matches the pattern', 'does not match the pattern'],
};

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
  const verb = VERBS[constraint.operator][constraint.inverted ? 1 : 0];
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
