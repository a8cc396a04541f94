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

interface Outcome {
  /** The operator's answer before `inverted` is applied. */
  readonly matched: boolean;
  readonly contextValue: string | undefined;
  /** Describes the outcome: the comparison as it turned out. */
  readonly fact: () => string;
}

type Check = (context: EvaluationContext, now: () => Date) => Outcome;

/**
 * 'sdk': the official Node SDK (the default, held to the client specification). 'server-6.10.1': the copy of it in
 * Unleash 6.10.1's playground (src/lib/features/playground/feature-evaluator/constraint.ts), which differs: IN and
 * NOT_IN honour caseInsensitive, SEMVER_GTE/LTE and REGEX do not exist, and the context's version is not checked
 * for strictness before comparing.
 */
export type ConstraintDialect = 'sdk' | 'server-6.10.1';

/** A constraint prepared once (values cleaned, pattern compiled) and checked against many contexts. */
export type CompiledConstraint = (context: EvaluationContext, now: () => Date) => ConstraintResult;

// The SDK drops empty values and trims the rest.
const cleanValues = (values: readonly string[] | undefined): string[] =>
  (values ?? []).filter((v) => !!v).map((v) => v.trim());

function inCheck(c: ClientConstraint, dialect: ConstraintDialect): Check {
  const values = cleanValues(c.values);
  const insensitive = dialect !== 'sdk' && c.caseInsensitive === true;
  const set = new Set(insensitive ? values.map((v) => v.toLowerCase()) : values);
  const negated = c.operator === 'NOT_IN';
  return (context) => {
    const contextValue = resolveContextValue(context, c.contextName);
    const isIn = contextValue !== undefined && set.has(insensitive ? contextValue.toLowerCase() : contextValue);
    return {
      matched: negated ? !isIn : isIn,
      contextValue,
      fact: () => `${c.contextName} ${shown(contextValue)} is ${isIn ? '' : 'not '}one of ${shownList(values)}`,
    };
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
  return (context) => {
    const contextValue = resolveContextValue(context, c.contextName);
    if (contextValue === undefined) {
      return { matched: false, contextValue, fact: () => `${c.contextName} is not set` };
    }
    const compared = insensitive ? contextValue.toLocaleLowerCase() : contextValue;
    const hit = values.find((v) => test(compared, v));
    return {
      matched: hit !== undefined,
      contextValue,
      fact: () =>
        hit !== undefined
          ? `${c.contextName} ${shown(contextValue)} ${verb} ${JSON.stringify(hit)}${how}`
          : `${c.contextName} ${shown(contextValue)} ${verb} none of ${shownList(values)}${how}`,
    };
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
  return (context) => {
    const contextValue = resolveContextValue(context, c.contextName);
    const actual = Number(contextValue);
    if (Number.isNaN(target)) {
      return { matched: false, contextValue, fact: () => `the constraint value ${shown(c.value)} is not a number` };
    }
    if (Number.isNaN(actual)) {
      return { matched: false, contextValue, fact: () => `${c.contextName} ${shown(contextValue)} is not a number` };
    }
    const matched = test(actual, target);
    return {
      matched,
      contextValue,
      fact: () => `${c.contextName} ${actual} ${sign} ${target} is ${matched}`,
    };
  };
}

function dateCheck(c: ClientConstraint): Check {
  const after = c.operator === 'DATE_AFTER';
  const target = new Date(c.value as string);
  return (context, now) => {
    // The SDKs compare the context's currentTime (whatever the contextName), or the clock when it has none.
    const raw = context.currentTime as unknown;
    const time = raw ? new Date(raw as string) : now();
    const contextValue = Number.isNaN(time.getTime()) ? String(raw) : time.toISOString();
    if (Number.isNaN(target.getTime())) {
      return { matched: false, contextValue, fact: () => `the constraint value ${shown(c.value)} is not a date` };
    }
    if (Number.isNaN(time.getTime())) {
      return { matched: false, contextValue, fact: () => `currentTime ${shown(contextValue)} is not a date` };
    }
    const matched = after ? time > target : time < target;
    return {
      matched,
      contextValue,
      fact: () =>
        `${raw ? 'currentTime' : 'the current time'} ${contextValue} is ${matched ? '' : 'not '}${after ? 'after' : 'before'} ${target.toISOString()}`,
    };
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
const parseVersion = (text: string): SemVer | null => (MAYBE_SEMVER.test(text) ? parse(text) : null);

function semverCheck(c: ClientConstraint, dialect: ConstraintDialect): Check {
  const { sign, test } = SEMVER_TEST[c.operator]!;
  const target = c.value as string;
  // semver's eq/gt/... parse both sides on every call and throw on a bad one (the SDK then answers false).
  const parsedTarget = typeof target === 'string' ? parseVersion(target) : null;
  return (context) => {
    const contextValue = resolveContextValue(context, c.contextName);
    if (!contextValue) {
      return { matched: false, contextValue, fact: () => `${c.contextName} is not set` };
    }
    const version = parseVersion(contextValue);
    // As the SDK: a "v" prefix is refused even though the semver package would accept it.
    if (!version || (dialect === 'sdk' && contextValue.startsWith('v'))) {
      return { matched: false, contextValue, fact: () => `${c.contextName} ${shown(contextValue)} is not a valid SemVer` };
    }
    if (!parsedTarget) {
      return { matched: false, contextValue, fact: () => `the constraint value ${shown(target)} is not a valid SemVer` };
    }
    const matched = test(compare(version, parsedTarget));
    return { matched, contextValue, fact: () => `${c.contextName} ${contextValue} ${sign} ${target} is ${matched}` };
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
  return (context) => {
    const contextValue = resolveContextValue(context, c.contextName);
    if (contextValue === undefined) return { matched: false, contextValue, fact: () => `${c.contextName} is not set` };
    if (!pattern) {
      return { matched: false, contextValue, fact: () => `the pattern ${shown(c.value)} is not valid RE2: ${compileError}` };
    }
    const matched = pattern.matcher(contextValue).find();
    return {
      matched,
      contextValue,
      fact: () => `${c.contextName} ${shown(contextValue)} ${matched ? 'matches' : 'does not match'} /${c.value}/${how}`,
    };
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
    return () => ({ constraint: null, contextValue: undefined, passed: false, reason: 'the constraint is missing' });
  }
  const known = Object.hasOwn(CHECKS, constraint.operator) && !(dialect === 'server-6.10.1' && NOT_IN_SERVER_6.has(constraint.operator));
  const make = known ? CHECKS[constraint.operator] : undefined;
  if (!make) {
    // The SDK fails an unknown operator whatever `inverted` says.
    const reason = `operator ${constraint.operator} is not supported, so the constraint fails`;
    return (context) => ({
      constraint,
      contextValue: resolveContextValue(context, constraint.contextName),
      passed: false,
      reason,
    });
  }
  const check = make(constraint, dialect);
  const inverted = constraint.inverted === true;
  return (context, now) => {
    const outcome = check(context, now);
    const passed = inverted ? !outcome.matched : outcome.matched;
    return {
      constraint,
      contextValue: outcome.contextValue,
      passed,
      reason: passed ? null : inverted ? `inverted: ${outcome.fact()}` : outcome.fact(),
    };
  };
}

/** Checks every constraint (not stopping at the first failure, so each one's result can be shown). */
export function checkConstraints(
  constraints: readonly (ClientConstraint | null)[],
  context: EvaluationContext,
  now: () => Date,
): ConstraintResult[] {
  return constraints.map((constraint) => compileConstraint(constraint)(context, now));
}
