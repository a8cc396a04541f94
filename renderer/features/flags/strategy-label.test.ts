import { describe, expect, it } from 'vitest';
import { strategyLabel, strategyLabels } from './strategy-label';

describe('strategy labels', () => {
  it('names a strategy by its title, else its constraints in words, else its id', () => {
    expect(strategyLabel({ id: 's1', name: 'default', title: 'Beta testers' })).toBe('Beta testers');
    expect(strategyLabel({ id: 's1', name: 'default', title: '  ', constraints: [{ contextName: 'plan', operator: 'IN', values: ['pro'] }] })).toBe(
      'plan is one of "pro"',
    );
    expect(strategyLabel({ id: 's1', name: 'default', title: null })).toBe('id s1');
    expect(strategyLabel({ id: 'b9e2018e-938b-4cfa-8090-e44743c09a1d', name: 'default' })).toBe('id b9e2018e');
  });

  it('tells apart two strategies of the same type that read the same', () => {
    const constraints = [{ contextName: 'plan', operator: 'IN', values: ['pro'] }];
    expect(
      strategyLabels([
        { id: 'a', name: 'flexibleRollout', constraints },
        { id: 'b', name: 'flexibleRollout', constraints },
        { id: 'c', name: 'default', constraints },
        { id: 'd', name: 'flexibleRollout' },
      ]),
    ).toEqual(['plan is one of "pro" (id a)', 'plan is one of "pro" (id b)', 'plan is one of "pro"', 'id d']);
  });
});
