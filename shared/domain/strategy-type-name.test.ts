import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { strategyTypeNameProblem } from './strategy-type-name';
import { createStrategyTypeSchema } from '../schemas';

describe('a new strategy type name, checked as Unleash checks it', () => {
  // each case as real 6.10.1 answered POST /api/admin/strategies
  it.each([
    ['st-probe', null],
    ["a(b)!*'~._-", null],
    ['.a', null],
    ['y'.repeat(100), null],
  ])('accepts %s', (name, problem) => {
    expect(strategyTypeNameProblem(name, [])).toBe(problem);
  });

  it.each([
    ['', 'A name is required.'],
    ['x'.repeat(101), 'At most 100 characters: this one has 101.'],
    ['.', '“.” alone is refused'],
    ['..', '“..” alone is refused'],
    ['a b', 'Not URL friendly: space.'],
    ['a/b', 'Not URL friendly: “/”.'],
    ['ümlaut', 'Not URL friendly: “ü”.'],
    ['a%20b', 'Not URL friendly: “%”.'],
  ])('refuses %j', (name, problem) => {
    expect(strategyTypeNameProblem(name, [])).toContain(problem);
  });

  it('refuses a taken name, built-in or custom, and only that exact name', () => {
    expect(strategyTypeNameProblem('default', ['default', 'mine'])).toBe('A strategy type named “default” already exists.');
    expect(strategyTypeNameProblem('Default', ['default'])).toBeNull();
  });

  it('agrees with the channel schema: a name the check takes is one the channel takes, and the other way round', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 110 }), (name) => {
        const schemaTakes = createStrategyTypeSchema.safeParse({ name, parameters: [] }).success;
        expect(strategyTypeNameProblem(name, []) === null).toBe(schemaTakes);
      }),
    );
  });
});
