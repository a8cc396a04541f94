import { RE2JS } from 're2js';
import { compare, parse, type SemVer } from 'semver';
import type { ClientConstraint, EvaluationContext } from './client-state';
import { resolveContextValue, shown, shownList } from './context-value';
import type { ConstraintResult } from './explanation';

/**
 * Constraint operators, as the official Node SDK (unleash-client, src/strategy/strategy.ts) evaluates them: the same
 * value cleaning, the same coercions (Number(), new Date(), semver, RE2), and the same answers for missing or bad
 * input. Each check also says, in words, what it compared, so a failure can be explained.
 */

/**
 * One operator, prepared for one constraint. `test` answers without allocating (the hot path: a batch of contexts,
 * every flag of a project); the value shown and the sentence are only built when a result is explained.
 */
interface Check {
  /** The operator's answer before `inverted` is applied. */
  test(context: EvaluationContext, now: () => Date): boolean;
  /** The context value compared, as shown (for dates: the time used). */
  shownValue(context: EvaluationContext, now: () => Date): string | undefined;
  /** Describes the outcome: the comparison as it turned out (`contextValue`: what shownValue gave for it). */
  fact(context: EvaluationContext, now: () => Date, matched: boolean, contextValue: string | undefined): string;
}

/**
 * 'sdk': the official Node SDK (the default, held to the client specification). 'server-6.10.1': the copy of it in
 * Unleash 6.10.1's playground (src/lib/features/playground/feature-evaluator/constraint.ts), which differs: IN and
 * NOT_IN honour caseInsensitive, SEMVER_GTE/LTE and REGEX do not exist, and the context's version is not checked
 * for strictness before comparing.
 */
export type ConstraintDialect = 'sdk' | 'server-6.10.1';

/**
 * A constraint prepared once (values cleaned, pattern and version compiled) and checked against many contexts:
 * called, it gives the explained result; `passes` gives the verdict alone, without building any explanation.
 */
export type CompiledConstraint = ((context: EvaluationContext, now: () => Date) => ConstraintResult) & {
  passes(context: EvaluationContext, now: () => Date): boolean;
};

// The SDK drops empty values and trims the rest.
const cleanValues = (values: readonly string[] | undefined): string[] =>
  (values ?? []).filter((v) => !!v).map((v) => v.trim());

const valueOf = (c: ClientConstraint) => (context: EvaluationContext) => resolveContextValue(context, c.contextName);

function inCheck(c: ClientConstraint, dialect: ConstraintDialect): Check {
  const values = cleanValues(c.values);
  const insensitive = dialect !== 'sdk' && c.caseInsensitive === true;
  const set = new Set(insensitive ? values.map((v) => v.toLowerCase()) : values);
  const negated = c.operator === 'NOT_IN';
  const shownValue = valueOf(c);
  // the values as an explanation shows them, made once: most checks of a playground's project fail and are explained
  const listed = shownList(values);
  const isIn = (context: EvaluationContext) => {
    const contextValue = shownValue(context);
    return contextValue !== undefined && set.has(insensitive ? contextValue.toLowerCase() : contextValue);
  };
  return {
    test: (context) => isIn(context) !== negated,
    shownValue,
    fact: (context, _now, _matched, contextValue) => `${c.contextName} ${shown(contextValue)} is ${isIn(context) ? '' : 'not '}one of ${listed}`,
  };
}

const STRING_TEST: Record<string, { verb: string; test: (s: string, v: string) => boolean }> = {
  STR_STARTS_WITH: { verb: 'starts with', test: (s, v) => s.startsWith(v) },
  STR_ENDS_WITH: { verb: 'ends with', test: (s, v) => s.endsWith(v) },
  STR_CONTAINS: { verb: 'contains', test: (s, v) => s.includes(v) },
};

function stringCheck(c: ClientConstraint): Check {
  const { verb, test } = STRING_TEST[c.operator]!;
  const insensitive = c.caseInsensitive === true;
  const values = cleanValues(c.values).map((v) => (insensitive ? v.toLocaleLowerCase() : v));
  const how = insensitive ? ' (ignoring case)' : '';
  const shownValue = valueOf(c);
  const listed = shownList(values);
  const hitOf = (contextValue: string): string | undefined => {
    const compared = insensitive ? contextValue.toLocaleLowerCase() : contextValue;
    for (const v of values) if (test(compared, v)) return v;
    return undefined;
  };
  return {
    test: (context) => {
      const contextValue = shownValue(context);
      return contextValue !== undefined && hitOf(contextValue) !== undefined;
    },
    shownValue,
    fact: (_context, _now, _matched, contextValue) => {
      if (contextValue === undefined) return `${c.contextName} is not set`;
      const hit = hitOf(contextValue);
      return hit !== undefined
        ? `${c.contextName} ${shown(contextValue)} ${verb} ${JSON.stringify(hit)}${how}`
        : `${c.contextName} ${shown(contextValue)} ${verb} none of ${listed}${how}`;
    },
  };
}

const NUMBER_TEST: Record<string, { sign: string; test: (a: number, b: number) => boolean }> = {
  NUM_EQ: { sign: '=', test: (a, b) => a === b },
  NUM_GT: { sign: '>', test: (a, b) => a > b },
  NUM_GTE: { sign: '≥', test: (a, b) => a >= b },
  NUM_LT: { sign: '<', test: (a, b) => a < b },
  NUM_LTE: { sign: '≤', test: (a, b) => a <= b },
};

function numberCheck(c: ClientConstraint): Check {
  const { sign, test } = NUMBER_TEST[c.operator]!;
  const target = Number(c.value);
  const shownValue = valueOf(c);
  return {
    test: (context) => {
      if (Number.isNaN(target)) return false;
      const actual = Number(shownValue(context));
      return !Number.isNaN(actual) && test(actual, target);
    },
    shownValue,
    fact: (_context, _now, matched, contextValue) => {
      const actual = Number(contextValue);
      if (Number.isNaN(target)) return `the constraint value ${shown(c.value)} is not a number`;
      if (Number.isNaN(actual)) return `${c.contextName} ${shown(contextValue)} is not a number`;
      return `${c.contextName} ${actual} ${sign} ${target} is ${matched}`;
    },
  };
}

// As `new Date(raw).getTime()` without the Date object (a string is parsed alike by both).
const timeOf = (raw: unknown): number => (typeof raw === 'string' ? Date.parse(raw) : new Date(raw as string).getTime());

function dateCheck(c: ClientConstraint): Check {
  const after = c.operator === 'DATE_AFTER';
  const target = new Date(c.value as string).getTime();
  const targetText = Number.isNaN(target) ? '' : new Date(target).toISOString();
  // The SDKs compare the context's currentTime (whatever the contextName), or the clock when it has none.
  const timeIn = (context: EvaluationContext, now: () => Date): number => {
    const raw = context.currentTime as unknown;
    return raw ? timeOf(raw) : now().getTime();
  };
  const shownValue = (context: EvaluationContext, now: () => Date): string => {
    const time = timeIn(context, now);
    return Number.isNaN(time) ? String(context.currentTime as unknown) : new Date(time).toISOString();
  };
  return {
    test: (context, now) => {
      if (Number.isNaN(target)) return false;
      const time = timeIn(context, now);
      return !Number.isNaN(time) && (after ? time > target : time < target);
    },
    shownValue,
    fact: (context, now, matched, contextValue) => {
      if (Number.isNaN(target)) return `the constraint value ${shown(c.value)} is not a date`;
      if (Number.isNaN(timeIn(context, now))) return `currentTime ${shown(contextValue)} is not a date`;
      const what = context.currentTime ? 'currentTime' : 'the current time';
      return `${what} ${contextValue} is ${matched ? '' : 'not '}${after ? 'after' : 'before'} ${targetText}`;
    },
  };
}

const SEMVER_TEST: Record<string, { sign: string; test: (order: number) => boolean }> = {
  SEMVER_EQ: { sign: '=', test: (order) => order === 0 },
  SEMVER_GT: { sign: '>', test: (order) => order > 0 },
  SEMVER_GTE: { sign: '≥', test: (order) => order >= 0 },
  SEMVER_LT: { sign: '<', test: (order) => order < 0 },
  SEMVER_LTE: { sign: '≤', test: (order) => order <= 0 },
};

// Nothing semver accepts fails this; it spares most non-versions the exception semver's parser throws and catches.
const MAYBE_SEMVER = /^\s*[v=]?\s*\d+\.\d+\.\d+/;
// Contexts repeat a few app versions: each is parsed once (bounded, so a batch of distinct strings cannot grow it).
const VERSION_CACHE_LIMIT = 1000;
const versionCache = new Map<string, SemVer | null>();
const parseVersion = (text: string): SemVer | null => {
  let version = versionCache.get(text);
  if (version === undefined) {
    version = MAYBE_SEMVER.test(text) ? parse(text) : null;
    if (versionCache.size >= VERSION_CACHE_LIMIT) versionCache.clear();
    versionCache.set(text, version);
  }
  return version;
};

function semverCheck(c: ClientConstraint, dialect: ConstraintDialect): Check {
  const { sign, test } = SEMVER_TEST[c.operator]!;
  const target = c.value as string;
  // semver's eq/gt/... parse both sides on every call and throw on a bad one (the SDK then answers false).
  const parsedTarget = typeof target === 'string' ? parseVersion(target) : null;
  const shownValue = valueOf(c);
  // As the SDK: a "v" prefix is refused even though the semver package would accept it.
  const versionOf = (contextValue: string): SemVer | null =>
    dialect === 'sdk' && contextValue.startsWith('v') ? null : parseVersion(contextValue);
  return {
    test: (context) => {
      const contextValue = shownValue(context);
      if (!contextValue || !parsedTarget) return false;
      const version = versionOf(contextValue);
      return version !== null && test(compare(version, parsedTarget));
    },
    shownValue,
    fact: (_context, _now, matched, contextValue) => {
      if (!contextValue) return `${c.contextName} is not set`;
      if (!versionOf(contextValue)) return `${c.contextName} ${shown(contextValue)} is not a valid SemVer`;
      if (!parsedTarget) return `the constraint value ${shown(target)} is not a valid SemVer`;
      return `${c.contextName} ${contextValue} ${sign} ${target} is ${matched}`;
    },
  };
}

function regexCheck(c: ClientConstraint): Check {
  let pattern: RE2JS | null = null;
  let compileError = '';
  try {
    pattern = RE2JS.compile(c.value as string, c.caseInsensitive ? RE2JS.CASE_INSENSITIVE : undefined);
  } catch (error) {
    compileError = error instanceof Error ? error.message : String(error);
  }
  const how = c.caseInsensitive ? ' (ignoring case)' : '';
  const shownValue = valueOf(c);
  return {
    test: (context) => {
      const contextValue = shownValue(context);
      return contextValue !== undefined && pattern !== null && pattern.matcher(contextValue).find();
    },
    shownValue,
    fact: (_context, _now, matched, contextValue) => {
      if (contextValue === undefined) return `${c.contextName} is not set`;
      if (!pattern) return `the pattern ${shown(c.value)} is not valid RE2: ${compileError}`;
      return `${c.contextName} ${shown(contextValue)} ${matched ? 'matches' : 'does not match'} /${c.value}/${how}`;
    },
  };
}

const CHECKS: Record<string, (c: ClientConstraint, dialect: ConstraintDialect) => Check> = {
  IN: inCheck,
  NOT_IN: inCheck,
  STR_STARTS_WITH: stringCheck,
  STR_ENDS_WITH: stringCheck,
  STR_CONTAINS: stringCheck,
  NUM_EQ: numberCheck,
  NUM_GT: numberCheck,
  NUM_GTE: numberCheck,
  NUM_LT: numberCheck,
  NUM_LTE: numberCheck,
  DATE_AFTER: dateCheck,
  DATE_BEFORE: dateCheck,
  SEMVER_EQ: semverCheck,
  SEMVER_GT: semverCheck,
  SEMVER_GTE: semverCheck,
  SEMVER_LT: semverCheck,
  SEMVER_LTE: semverCheck,
  REGEX: regexCheck,
};

/** Prepares a constraint for checking. A null constraint, or an operator outside the catalogue, always fails. */
const NOT_IN_SERVER_6 = new Set(['SEMVER_GTE', 'SEMVER_LTE', 'REGEX']);

export function compileConstraint(
  constraint: ClientConstraint | null | undefined,
  dialect: ConstraintDialect = 'sdk',
): CompiledConstraint {
  if (!constraint) {
    return Object.assign(
      (): ConstraintResult => ({ constraint: null, contextValue: undefined, passed: false, reason: 'the constraint is missing' }),
      { passes: () => false },
    );
  }
  const known = Object.hasOwn(CHECKS, constraint.operator) && !(dialect === 'server-6.10.1' && NOT_IN_SERVER_6.has(constraint.operator));
  const make = known ? CHECKS[constraint.operator] : undefined;
  if (!make) {
    // The SDK fails an unknown operator whatever `inverted` says.
    const reason = `operator ${constraint.operator} is not supported, so the constraint fails`;
    return Object.assign(
      (context: EvaluationContext): ConstraintResult => ({
        constraint,
        contextValue: resolveContextValue(context, constraint.contextName),
        passed: false,
        reason,
      }),
      { passes: () => false },
    );
  }
  const check = make(constraint, dialect);
  const inverted = constraint.inverted === true;
  const readsClock = constraint.operator.startsWith('DATE_');
  const explained = (context: EvaluationContext, clock: () => Date): ConstraintResult => {
    // Date operators read the clock once for the verdict, the value shown and the sentence.
    let instant: Date | undefined;
    const now = readsClock ? () => (instant ??= clock()) : clock;
    const matched = check.test(context, now);
    const passed = matched !== inverted;
    const contextValue = check.shownValue(context, now);
    const reason = passed ? null : inverted ? `inverted: ${check.fact(context, now, matched, contextValue)}` : check.fact(context, now, matched, contextValue);
    return { constraint, contextValue, passed, reason };
  };
  return Object.assign(explained, { passes: (context: EvaluationContext, now: () => Date) => check.test(context, now) !== inverted });
}

/** Checks every constraint (not stopping at the first failure, so each one's result can be shown). */
export function checkConstraints(
  constraints: readonly (ClientConstraint | null)[],
  context: EvaluationContext,
  now: () => Date,
): ConstraintResult[] {
  return constraints.map((constraint) => compileConstraint(constraint)(context, now));
}
