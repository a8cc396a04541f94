import { describe, expect, it } from 'vitest';
import { compileConstraint, evaluateClientState, type ClientState } from './index';

const state: ClientState = {
  features: [
    {
      name: 'checkout',
      enabled: true,
      strategies: [
        {
          name: 'flexibleRollout',
          parameters: { rollout: '100', stickiness: 'default', groupId: 'checkout' },
          constraints: [
            { contextName: 'tier', operator: 'IN', values: ['gold', 'silver'] },
            { contextName: 'age', operator: 'NUM_GTE', value: '18' },
          ],
          segments: [1, 2],
        },
        { name: 'companyStrategy', parameters: {}, constraints: [] },
      ],
    },
    { name: 'child', enabled: true, strategies: [], dependencies: [{ feature: 'checkout' }] },
  ],
  segments: [
    { id: 1, name: 'beta users', constraints: [{ contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'], caseInsensitive: true }] },
  ],
};

const now = () => new Date('2025-01-01T00:00:00Z');

describe('explanations', () => {
  it('names every failing constraint with the value compared, not only the first', () => {
    const result = evaluateClientState(state, 'checkout', { userId: 'u1', properties: { tier: 'bronze', age: 'twelve' } }, { now });
    expect(result.enabled).toBe(false);
    const [rollout, custom] = result.explanation.strategies;
    expect(rollout!.constraints.map((c) => [c.passed, c.contextValue, c.reason])).toEqual([
      [false, 'bronze', 'tier "bronze" is not one of ["gold", "silver"]'],
      [false, 'twelve', 'age "twelve" is not a number'],
    ]);
    expect(rollout!.rule).toBeNull();
    expect(rollout!.segments[0]).toMatchObject({ name: 'beta users', passed: false, found: true });
    expect(rollout!.segments[0]!.constraints[0]!.reason).toBe('email is not set');
    // A segment the state does not hold fails the strategy, as in the SDKs.
    expect(rollout!.segments[1]).toMatchObject({ id: 2, found: false, passed: false });
    expect(custom!.enabled).toBe('unknown');
    expect(result.explanation.summary).toMatch(/no strategy enabled the flag \(1 custom strategy could not be evaluated\)/);
  });

  it('says which strategy enabled the flag and why', () => {
    const context = { userId: 'u1', properties: { tier: 'gold', age: '30', email: 'Anna@EXAMPLE.com' } };
    const segmentsOnlyOne: ClientState = { ...state, features: [{ ...state.features[0]!, strategies: [{ ...state.features[0]!.strategies[0]!, segments: [1] }] }] };
    const result = evaluateClientState(segmentsOnlyOne, 'checkout', context, { now });
    expect(result.enabled).toBe(true);
    expect(result.explanation.decidedBy).toBe(0);
    expect(result.explanation.summary).toMatch(/^strategy 1 \(flexibleRollout\) enabled the flag: userId "u1" falls in bucket \d+ of 100; rollout is 100%$/);
  });

  it('explains an unmet dependency', () => {
    const result = evaluateClientState(state, 'child', { userId: 'u1' }, { now });
    expect(result).toMatchObject({ enabled: false, variant: { name: 'disabled', feature_enabled: false } });
    expect(result.explanation.dependencies[0]).toMatchObject({ feature: 'checkout', satisfied: false, reason: 'parent checkout is disabled' });
  });

  it('reports inverted, date and regex failures in words', () => {
    const inverted = compileConstraint({ contextName: 'userId', operator: 'IN', values: ['u1'], inverted: true });
    expect(inverted({ userId: 'u1' }, now).reason).toBe('inverted: userId "u1" is one of ["u1"]');
    const date = compileConstraint({ contextName: 'currentTime', operator: 'DATE_AFTER', value: '2026-01-01T00:00:00Z' });
    expect(date({}, now)).toMatchObject({ passed: false, contextValue: '2025-01-01T00:00:00.000Z' });
    expect(date({}, now).reason).toBe('the current time 2025-01-01T00:00:00.000Z is not after 2026-01-01T00:00:00.000Z');
    const regex = compileConstraint({ contextName: 'userId', operator: 'REGEX', value: '^(a)\\1$' });
    expect(regex({ userId: 'aa' }, now).reason).toMatch(/^the pattern "\^\(a\)\\\\1\$" is not valid RE2: /);
    const unknown = compileConstraint({ contextName: 'ip', operator: 'IN_CIDR', values: ['10.0.0.0/8'], inverted: true });
    expect(unknown({ properties: { ip: '10.0.0.1' } }, now)).toMatchObject({ passed: false });
  });
});
