import { isOperator, OPERATOR_INFO } from '../../../shared/domain/operators';
import type { Constraint } from '../../../shared/schemas';

const MAX_VALUES = 3;

/** Unleash's wording, shortened for a table cell: "is a string that ends with" -> "ends with". */
function verb(operator: string): string {
  if (!isOperator(operator)) return operator;
  return OPERATOR_INFO[operator].label.replace(/^is an? (string|number|date|semver|version)( that)? /i, '');
}

/** One line per constraint, e.g. `email ends with "@acme.com"` or `userId is one of "1", "2", "3" +9 more`. */
export function summarizeConstraint(constraint: Constraint): string {
  const values = constraint.values && constraint.values.length > 0 ? constraint.values : constraint.value ? [constraint.value] : [];
  const shown = values.slice(0, MAX_VALUES).map((v) => JSON.stringify(v)).join(', ');
  const more = values.length > MAX_VALUES ? ` +${values.length - MAX_VALUES} more` : '';
  const not = constraint.inverted ? 'NOT ' : '';
  return `${constraint.contextName} ${not}${verb(constraint.operator)} ${shown}${more}`.trim();
}
