import { describe, expect, it } from 'vitest';
import { describeSegment, summarizeConstraint } from './constraint-summary';

describe('constraint summary', () => {
  it('says the operator as a person would and quotes string values', () => {
    expect(summarizeConstraint({ contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@acme.com'] })).toBe('email ends with "@acme.com"');
  });

  it('shows the first three values and counts the rest', () => {
    const values = ['1', '2', '3', '4', '5'];
    expect(summarizeConstraint({ contextName: 'userId', operator: 'IN', values })).toBe('userId is one of "1", "2", "3" +2 more');
  });

  it('reads inverted constraints in words, not NOT', () => {
    expect(summarizeConstraint({ contextName: 'plan', operator: 'IN', values: ['free'], inverted: true })).toBe('plan is not one of "free"');
    expect(summarizeConstraint({ contextName: 'appVersion', operator: 'SEMVER_GT', value: '5.2.0', inverted: true })).toBe(
      'appVersion is not a version above 5.2.0',
    );
  });

  it('leaves numbers unquoted and says when case is ignored', () => {
    expect(summarizeConstraint({ contextName: 'age', operator: 'NUM_GT', value: '30' })).toBe('age is greater than 30');
    expect(summarizeConstraint({ contextName: 'email', operator: 'STR_CONTAINS', values: ['acme'], caseInsensitive: true })).toBe(
      'email contains "acme" (ignoring case)',
    );
    // IN ignores the flag when evaluating: saying "ignoring case" would be a lie.
    expect(summarizeConstraint({ contextName: 'plan', operator: 'IN', values: ['Pro'], caseInsensitive: true })).toBe('plan is one of "Pro"');
  });

  it('describes a whole segment as one sentence', () => {
    expect(describeSegment([])).toBe('Matches everyone: this segment has no constraints.');
    expect(
      describeSegment([
        { contextName: 'plan', operator: 'IN', values: ['pro'] },
        { contextName: 'age', operator: 'NUM_GTE', value: '18' },
      ]),
    ).toBe('Matches when plan is one of "pro", and age is at least 18.');
  });

  it('says what an unfinished constraint lacks instead of reading it as a rule', () => {
    expect(describeSegment([{ contextName: '', operator: 'IN', values: [] }])).toBe('Not finished: constraint 1 needs a context field and at least one value.');
    expect(
      describeSegment([
        { contextName: 'plan', operator: 'IN', values: ['pro'] },
        { contextName: 'age', operator: 'NUM_GTE', value: '' },
      ]),
    ).toBe('Matches when plan is one of "pro", once finished. Not finished: constraint 2 needs a value.');
  });

  it('never reads a value the form refuses as a rule: a date without a time zone needs one', () => {
    expect(describeSegment([{ contextName: 'currentTime', operator: 'DATE_AFTER', value: '2025-01-01T00:00' }])).toBe(
      'Not finished: constraint 1 needs a time zone on 2025-01-01T00:00.',
    );
    expect(
      describeSegment([
        { contextName: 'plan', operator: 'IN', values: ['pro'] },
        { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2025-01-01T00:00' },
        { contextName: 'age', operator: 'NUM_GTE', value: 'eighteen' },
      ]),
    ).toBe(
      'Matches when plan is one of "pro", once finished. Not finished: constraint 2 needs a time zone on 2025-01-01T00:00; constraint 3 needs a valid value instead of "eighteen".',
    );
    expect(describeSegment([{ contextName: 'currentTime', operator: 'DATE_AFTER', value: '2025-01-01T00:00Z' }])).toBe(
      'Matches when currentTime is after 2025-01-01T00:00Z.',
    );
  });
});
