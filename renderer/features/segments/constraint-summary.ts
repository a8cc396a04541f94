import { isOperator, OPERATOR_INFO, operatorVerb } from '../../../shared/domain/operators';
import type { Constraint } from '../../../shared/schemas';
import { lacksTimeZone, valueMessage } from './value-messages';

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

/**
 * What a constraint still lacks before it means anything: a context field, a value, a value the form would take (a
 * date with its time zone); empty when it is complete. The summary never reads a value the form refuses as a rule.
 */
export function missingParts(constraint: Constraint): string[] {
  const missing: string[] = [];
  if (constraint.contextName.trim() === '') missing.push('a context field');
  const values = valuesOf(constraint);
  if (values.every((v) => v.trim() === '')) {
    const multi = isOperator(constraint.operator) && OPERATOR_INFO[constraint.operator].arity === 'multi';
    missing.push(multi ? 'at least one value' : 'a value');
    return missing;
  }
  if (!isOperator(constraint.operator)) return missing;
  const kind = OPERATOR_INFO[constraint.operator].kind;
  for (const value of values) {
    if (value.trim() === '' || valueMessage(kind, value) === null) continue;
    missing.push(kind === 'date' && lacksTimeZone(value) ? `a time zone on ${value}` : `a valid value instead of ${JSON.stringify(value)}`);
  }
  return missing;
}

/**
 * The whole segment as a sentence: constraints are ANDed; none means everyone. A constraint still being filled in
 * is said to be unfinished, with what it lacks, rather than read as a rule ("Matches when is one of.").
 */
export function describeSegment(constraints: readonly Constraint[]): string {
  if (constraints.length === 0) return 'Matches everyone: this segment has no constraints.';
  const complete = constraints.filter((c) => missingParts(c).length === 0);
  const unfinished = constraints
    .map((c, index) => ({ index, missing: missingParts(c) }))
    .filter((c) => c.missing.length > 0)
    .map((c) => `constraint ${c.index + 1} needs ${c.missing.join(' and ')}`);
  const rule = complete.length > 0 ? `Matches when ${complete.map((c) => summarizeConstraint(c, 5)).join(', and ')}` : '';
  if (unfinished.length === 0) return `${rule}.`;
  const gaps = `Not finished: ${unfinished.join('; ')}.`;
  return rule ? `${rule}, once finished. ${gaps}` : gaps;
}
