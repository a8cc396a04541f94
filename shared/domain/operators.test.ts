import { describe, expect, it } from 'vitest';
import { constraintProblem, OPERATOR_INFO, OPERATORS, valueProblem } from './operators';

describe('operator catalogue', () => {
  it('has the 18 operators in Unleash enum order, REGEX last', () => {
    expect(OPERATORS).toHaveLength(18);
    expect(OPERATORS.slice(0, 2)).toEqual(['NOT_IN', 'IN']);
    expect(OPERATORS.at(-1)).toBe('REGEX');
  });

  it('splits single-value from multi-value operators as the server does', () => {
    const multi = OPERATORS.filter((name) => OPERATOR_INFO[name].arity === 'multi');
    expect(multi).toEqual(['NOT_IN', 'IN', 'STR_ENDS_WITH', 'STR_STARTS_WITH', 'STR_CONTAINS']);
  });

  it('offers case-insensitivity for the string operators and REGEX only, and refuses inverting REGEX', () => {
    const insensitive = OPERATORS.filter((name) => OPERATOR_INFO[name].caseInsensitive);
    expect(insensitive).toEqual(['STR_ENDS_WITH', 'STR_STARTS_WITH', 'STR_CONTAINS', 'REGEX']);
    expect(constraintProblem({ contextName: 'email', operator: 'REGEX', value: '^a', inverted: true })).toBe(
      'REGEX operator cannot be inverted.',
    );
  });
});

describe('value validation', () => {
  it('accepts strict semver only, prereleases included', () => {
    expect(valueProblem('semver', '1.2.3')).toBeNull();
    expect(valueProblem('semver', '1.2.3-beta.1')).toBeNull();
    for (const bad of ['v1.2.3', '1.2', ' 1.2.3', '01.2.3', '1.2.3+build']) expect(valueProblem('semver', bad)).toMatch(/not a valid semver/);
  });

  it('checks numbers, dates and regexes with the server wording', () => {
    expect(valueProblem('number', '42')).toBeNull();
    expect(valueProblem('number', 'abc')).toBe('"value" must be a number. You provided "abc".');
    expect(valueProblem('date', '2026-01-01T00:00:00Z')).toBeNull();
    expect(valueProblem('date', 'tomorrow')).toMatch(/must be a valid date/);
    expect(valueProblem('regex', '^(a|b)$')).toBeNull();
    expect(valueProblem('regex', '(')).toMatch(/not a valid regex string/);
  });

  it('needs a value for single-value operators and values for the others', () => {
    expect(constraintProblem({ contextName: 'age', operator: 'NUM_GT' })).toBe(
      'Single-value constraint operators require a non-empty value.',
    );
    expect(constraintProblem({ contextName: 'userId', operator: 'IN', values: [] })).toMatch(/at least 1 items/);
    expect(constraintProblem({ contextName: 'userId', operator: 'IN', values: ['a', 'b'] })).toBeNull();
    expect(constraintProblem({ contextName: 'userId', operator: 'NOPE', values: ['a'] })).toMatch(/unknown operator/);
  });
});
