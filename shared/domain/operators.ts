/**
 * The constraint operator catalogue, as Unleash defines it (its util/constants.ts, enum order kept because error
 * messages list the operators in this order).
 */

/**
 * The operators Unleash 6.10.1 accepts in a constraint (its constraintSchema enum, in this order): SEMVER_GTE,
 * SEMVER_LTE and REGEX came later, and 6.10.1 answers 400 to them. The demo answers as 6.10.1 does.
 */
export const OPERATORS_6_10 = [
  'NOT_IN',
  'IN',
  'STR_ENDS_WITH',
  'STR_STARTS_WITH',
  'STR_CONTAINS',
  'NUM_EQ',
  'NUM_GT',
  'NUM_GTE',
  'NUM_LT',
  'NUM_LTE',
  'DATE_AFTER',
  'DATE_BEFORE',
  'SEMVER_EQ',
  'SEMVER_GT',
  'SEMVER_LT',
] as const;

/** Every operator, the later ones after 6.10.1's. */
export const OPERATORS = [...OPERATORS_6_10, 'SEMVER_GTE', 'SEMVER_LTE', 'REGEX'] as const;

export type Operator = (typeof OPERATORS)[number];

export type ValueKind = 'string' | 'number' | 'date' | 'semver' | 'regex';

export interface OperatorInfo {
  readonly name: Operator;
  /** 'multi' operators use `values`; 'single' ones use `value` (and send `values` too, for old clients). */
  readonly arity: 'single' | 'multi';
  readonly kind: ValueKind;
  /** Whether evaluation honours `caseInsensitive` (IN/NOT_IN are shown as always case-sensitive by Unleash's UI). */
  readonly caseInsensitive: boolean;
  readonly invertible: boolean;
  /** Wording Unleash uses in change summaries. */
  readonly label: string;
}

function op(
  name: Operator,
  arity: OperatorInfo['arity'],
  kind: ValueKind,
  caseInsensitive: boolean,
  label: string,
  invertible = true,
): OperatorInfo {
  return { name, arity, kind, caseInsensitive, invertible, label };
}

export const OPERATOR_INFO: Readonly<Record<Operator, OperatorInfo>> = {
  NOT_IN: op('NOT_IN', 'multi', 'string', false, 'is not one of'),
  IN: op('IN', 'multi', 'string', false, 'is one of'),
  STR_ENDS_WITH: op('STR_ENDS_WITH', 'multi', 'string', true, 'is a string that ends with'),
  STR_STARTS_WITH: op('STR_STARTS_WITH', 'multi', 'string', true, 'is a string that starts with'),
  STR_CONTAINS: op('STR_CONTAINS', 'multi', 'string', true, 'is a string that contains'),
  NUM_EQ: op('NUM_EQ', 'single', 'number', false, 'is a number equal to'),
  NUM_GT: op('NUM_GT', 'single', 'number', false, 'is a number greater than'),
  NUM_GTE: op('NUM_GTE', 'single', 'number', false, 'is a number greater than or equal to'),
  NUM_LT: op('NUM_LT', 'single', 'number', false, 'is a number less than'),
  NUM_LTE: op('NUM_LTE', 'single', 'number', false, 'is a number less than or equal to'),
  DATE_AFTER: op('DATE_AFTER', 'single', 'date', false, 'is a date after'),
  DATE_BEFORE: op('DATE_BEFORE', 'single', 'date', false, 'is a date before'),
  SEMVER_EQ: op('SEMVER_EQ', 'single', 'semver', false, 'is a SemVer equal to'),
  SEMVER_GT: op('SEMVER_GT', 'single', 'semver', false, 'is a SemVer greater than'),
  SEMVER_LT: op('SEMVER_LT', 'single', 'semver', false, 'is a SemVer less than'),
  SEMVER_GTE: op('SEMVER_GTE', 'single', 'semver', false, 'is a SemVer greater than or equal to'),
  SEMVER_LTE: op('SEMVER_LTE', 'single', 'semver', false, 'is a SemVer less than or equal to'),
  // REGEX exists since Unleash 7.4.2; it cannot be inverted.
  REGEX: op('REGEX', 'single', 'regex', true, 'matches regex', false),
};

/**
 * How a person says each operator, plain and inverted ("ends with" / "does not end with"): the one wording of the
 * constraint builder, the constraint summaries and the evaluation explanations (segment tester, Playground).
 */
export const OPERATOR_VERBS: Readonly<Record<Operator, readonly [plain: string, inverted: string]>> = {
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

/** The operator in plain words; an operator this app does not know is shown as the server sent it. */
export function operatorVerb(operator: string, inverted = false): string {
  if (!isOperator(operator)) return inverted ? `not ${operator}` : operator;
  return OPERATOR_VERBS[operator][inverted ? 1 : 0];
}

export function isOperator(name: string): name is Operator {
  return (OPERATORS as readonly string[]).includes(name);
}

// The official SemVer 2.0.0 regex: strict, so `v1.2.3`, `1.2`, padding and leading zeros are refused, as
// Unleash's `semver.clean(v) === v` check does. Build metadata is refused there too (clean() strips it).
const STRICT_SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?$/;

/** Returns the problem with a single value of the given kind, in Unleash's words, or null when it is valid. */
export function valueProblem(kind: ValueKind, value: string): string | null {
  switch (kind) {
    case 'string':
      return value.length >= 1 && value.length <= 100 ? null : 'each value must be 1 to 100 characters long';
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value)) ? null : `"value" must be a number. You provided "${value}".`;
    case 'date':
      return value.trim() !== '' && !Number.isNaN(Date.parse(value)) ? null : `"value" must be a valid date. You provided "${value}".`;
    case 'semver':
      return STRICT_SEMVER.test(value) ? null : `the provided value is not a valid semver format. The value provided was: ${value}`;
    case 'regex':
      try {
        // Unleash compiles with RE2; JavaScript's engine accepts a superset, which is close enough for a client check.
        new RegExp(value);
        return null;
      } catch (error) {
        return `the provided value is not a valid regex string. Error: ${(error as Error).message}`;
      }
  }
}

export interface ConstraintLike {
  contextName: string;
  operator: string;
  values?: string[] | undefined;
  value?: string | undefined;
  inverted?: boolean | undefined;
  caseInsensitive?: boolean | undefined;
}

/**
 * Semantic validation of one constraint, in the order Unleash runs it (constraints-read-model.ts). Returns the first
 * problem or null. Unknown context names are accepted, as the server accepts them.
 */
export function constraintProblem(constraint: ConstraintLike): string | null {
  if (!isOperator(constraint.operator)) return `unknown operator ${constraint.operator}`;
  const info = OPERATOR_INFO[constraint.operator];
  if (info.arity === 'single') {
    const value = constraint.value;
    if (value === undefined || value === '') return 'Single-value constraint operators require a non-empty value.';
    if (!info.invertible && constraint.inverted) return `${info.name} operator cannot be inverted.`;
    return valueProblem(info.kind, value);
  }
  const values = constraint.values ?? [];
  if (values.length === 0) return '"value" must contain at least 1 items. You provided [].';
  for (const value of values) {
    const problem = valueProblem(info.kind, value);
    if (problem) return problem;
  }
  return null;
}
