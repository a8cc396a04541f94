import { describe, expect, it } from 'vitest';
import { summarizeConstraint } from './constraint-summary';

describe('constraint summary', () => {
  it('shortens the operator and quotes the values', () => {
    expect(summarizeConstraint({ contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@acme.com'] })).toBe(
      'email ends with "@acme.com"',
    );
  });

  it('shows the first three values and counts the rest', () => {
    const values = ['1', '2', '3', '4', '5'];
    expect(summarizeConstraint({ contextName: 'userId', operator: 'IN', values })).toBe('userId is one of "1", "2", "3" +2 more');
  });

  it('marks inverted constraints and reads single values', () => {
    expect(summarizeConstraint({ contextName: 'appVersion', operator: 'SEMVER_GT', value: '5.2.0', inverted: true })).toBe(
      'appVersion NOT greater than "5.2.0"',
    );
  });
});
