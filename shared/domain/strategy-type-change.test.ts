import { describe, expect, it } from 'vitest';
import {
  analyseStrategyTypeChange,
  describeUsageProblem,
  diffStrategyType,
  validateParameterRows,
  valueFitsType,
  type StrategyUsage,
} from './strategy-type-change';

const before = {
  description: 'Beta users',
  parameters: [
    { name: 'tenant', type: 'string', description: 'Tenant id', required: false },
    { name: 'share', type: 'string', description: '', required: false },
    { name: 'regions', type: 'list', description: '', required: false },
  ],
};

function usage(featureName: string, parameters: Record<string, string>, environment = 'production'): StrategyUsage {
  return { projectId: 'default', featureName, environment, strategyId: `${featureName}-${environment}`, parameters };
}

describe('strategy type diff', () => {
  it('reads a rename the admin made as a rename, and lists added, removed and changed parameters', () => {
    const diff = diffStrategyType(
      before,
      {
        description: 'Beta users v2',
        parameters: [
          { name: 'tenantId', type: 'string', description: 'Tenant id', required: false },
          { name: 'share', type: 'percentage', required: true },
          { name: 'channel', type: 'boolean' },
        ],
      },
      { tenantId: 'tenant' },
    );
    expect(diff.description).toEqual({ before: 'Beta users', after: 'Beta users v2' });
    expect(diff.parameters.map((d) => [d.kind, 'before' in d ? d.before.name : null, 'after' in d ? d.after.name : null])).toEqual([
      ['removed', 'regions', null],
      ['renamed', 'tenant', 'tenantId'],
      ['changed', 'share', 'share'],
      ['added', null, 'channel'],
    ]);
    const changed = diff.parameters.find((d) => d.kind === 'changed');
    expect(changed && changed.kind === 'changed' ? changed.fields : []).toEqual(['type', 'required']);
  });

  it('pairs parameters by name, not position: removing one and renaming the next is a remove and a rename', () => {
    const stored = { parameters: [{ name: 'tenant', type: 'string' }, { name: 'region', type: 'string' }] };
    const after = { parameters: [{ name: 'regionCodes', type: 'string' as const }, { name: 'tier', type: 'string' as const }] };
    const kinds = (renames?: Record<string, string>) =>
      diffStrategyType(stored, after, renames).parameters.map((d) => [d.kind, 'before' in d ? d.before.name : null, 'after' in d ? d.after.name : null]);
    expect(kinds({ regionCodes: 'region' })).toEqual([
      ['removed', 'tenant', null],
      ['renamed', 'region', 'regionCodes'],
      ['added', null, 'tier'],
    ]);
    // with no rename said, a new name is an addition and a missing one a removal
    expect(kinds()).toEqual([
      ['removed', 'tenant', null],
      ['removed', 'region', null],
      ['added', null, 'regionCodes'],
      ['added', null, 'tier'],
    ]);
  });

  it('ignores a rename whose old name is still there or whose new name already was', () => {
    const stored = { parameters: [{ name: 'a', type: 'string' }, { name: 'b', type: 'string' }] };
    const diff = diffStrategyType(stored, { parameters: [{ name: 'a', type: 'string' }, { name: 'b', type: 'number' }] }, { b: 'a' });
    expect(diff.parameters.map((d) => d.kind)).toEqual(['changed']);
  });

  it('is empty when nothing changes, and a missing description means "unchanged" (PUT semantics)', () => {
    expect(diffStrategyType(before, { parameters: before.parameters })).toEqual({ parameters: [] });
  });
});

describe('breaking-change guard', () => {
  const usages = [
    usage('checkout', { tenant: 'acme', share: '50', regions: 'eu,us' }),
    usage('search', { tenant: '', share: 'half' }, 'development'),
    usage('untouched', {}),
  ];

  it('lists renamed and removed parameters with their stored values', () => {
    const change = analyseStrategyTypeChange(
      before,
      { parameters: [{ name: 'tenantId', type: 'string' }, before.parameters[1]!] },
      usages,
      { tenantId: 'tenant' },
    );
    expect(change.breaking).toBe(true);
    expect(change.broken.map((b) => b.usage.featureName)).toEqual(['checkout']);
    expect(change.broken[0]!.problems).toEqual([
      { kind: 'orphaned-value', parameter: 'regions', value: 'eu,us' },
      { kind: 'orphaned-value', parameter: 'tenant', value: 'acme', renamedTo: 'tenantId' },
    ]);
    expect(describeUsageProblem(change.broken[0]!.problems[1]!)).toContain('"acme"');
  });

  it('finds strategies that lack a newly required parameter, and values a new type does not fit', () => {
    const change = analyseStrategyTypeChange(
      before,
      {
        parameters: [
          { name: 'tenant', type: 'string', required: true },
          { name: 'share', type: 'percentage' },
          before.parameters[2]!,
        ],
      },
      usages,
    );
    expect(change.broken.map((b) => [b.usage.featureName, b.problems.map((p) => p.kind)])).toEqual([
      ['search', ['missing-required', 'type-mismatch']],
      ['untouched', ['missing-required']],
    ]);
  });

  it('lets a harmless change through: descriptions, a new optional parameter', () => {
    const change = analyseStrategyTypeChange(
      before,
      { description: 'new', parameters: [...before.parameters, { name: 'extra', type: 'number', required: false }] },
      usages,
    );
    expect(change.breaking).toBe(false);
    expect(change.diff.parameters).toHaveLength(1);
  });
});

describe('parameter rows and values', () => {
  it('marks blank, padded, duplicate names and unknown types', () => {
    expect(
      validateParameterRows([
        { name: 'a', type: 'string' },
        { name: ' a', type: 'string' },
        { name: '', type: 'list' },
        { name: 'b', type: 'date' },
      ]),
    ).toEqual([['duplicate'], ['padded', 'duplicate'], ['blank'], ['unknown-type']]);
  });

  it('checks stored strings against a type', () => {
    expect(valueFitsType('50', 'percentage')).toBe(true);
    expect(valueFitsType('101', 'percentage')).toBe(false);
    expect(valueFitsType('1.5', 'number')).toBe(true);
    expect(valueFitsType('x', 'number')).toBe(false);
    expect(valueFitsType('yes', 'boolean')).toBe(false);
    expect(valueFitsType('anything', 'list')).toBe(true);
  });
});
