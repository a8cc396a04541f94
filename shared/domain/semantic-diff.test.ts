import { describe, expect, it } from 'vitest';
import { semanticDiff } from './semantic-diff';

const names = {
  segment: (id: string) => ({ '3': 'beta-users', '7': 'employees' })[id],
  project: (id: string) => ({ default: 'Default project' })[id],
};

describe('semanticDiff (preData -> data as a reader wants it)', () => {
  it('names segments instead of ids and counts list changes', () => {
    const result = semanticDiff({ segments: [3, 5], name: 'a' }, { segments: [7, 3, 9], name: 'a' }, names);
    expect(result.entries).toEqual([
      { kind: 'list', path: 'segments', added: ['employees (#7)', '#9'], removed: ['#5'], summary: '+2 values / -1 value' },
    ]);
    expect(result.unchanged).toEqual(['name']);
    expect(result.identical).toBe(false);
  });

  it('folds unchanged properties and reports nothing for an identical pair', () => {
    const state = { id: 1, name: 'x', constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }] };
    expect(semanticDiff(state, JSON.parse(JSON.stringify(state)) as typeof state)).toEqual({ entries: [], unchanged: ['id', 'name', 'constraints'], identical: true });
  });

  it('matches constraints by context and operator, not by index, and diffs their values as a list', () => {
    const before = {
      constraints: [
        { contextName: 'userId', operator: 'IN', values: ['u1', 'u2'] },
        { contextName: 'country', operator: 'NOT_IN', values: ['NO'] },
      ],
    };
    const after = {
      constraints: [
        { contextName: 'appName', operator: 'IN', values: ['web'] },
        { contextName: 'userId', operator: 'IN', values: ['u2', 'u3', 'u4'] },
        { contextName: 'country', operator: 'NOT_IN', values: ['NO'] },
      ],
    };
    expect(semanticDiff(before, after).entries).toEqual([
      { kind: 'added', path: 'constraints › appName IN', after: 'appName IN [web]' },
      { kind: 'list', path: 'constraints › userId IN › values', added: ['"u3"', '"u4"'], removed: ['"u1"'], summary: '+2 values / -1 value' },
    ]);
  });

  it('shows a renamed strategy-type parameter as one removed and one added parameter', () => {
    const before = { name: 'custom', parameters: [{ name: 'region', type: 'string' }, { name: 'tier', type: 'list' }] };
    const after = { name: 'custom', parameters: [{ name: 'zone', type: 'string' }, { name: 'tier', type: 'list' }] };
    expect(semanticDiff(before, after).entries).toEqual([
      { kind: 'added', path: 'parameters › zone', after: '{"name":"zone","type":"string"}' },
      { kind: 'removed', path: 'parameters › region', before: '{"name":"region","type":"string"}' },
    ]);
  });

  it('reads comma-separated strategy parameters as lists, and names the project of a changed scalar', () => {
    const result = semanticDiff(
      { project: 'other', parameters: { userIds: 'a,b,c', rollout: '50' } },
      { project: 'default', parameters: { userIds: 'a, c', rollout: '75' } },
      names,
    );
    expect(result.entries).toEqual([
      { kind: 'changed', path: 'project', before: 'other', after: 'Default project (#default)' },
      { kind: 'list', path: 'parameters › userIds', added: [], removed: ['b'], summary: '-1 value' },
      { kind: 'changed', path: 'parameters › rollout', before: '"50"', after: '"75"' },
    ]);
  });

  it('a create has every property added, a delete every property removed', () => {
    expect(semanticDiff(null, { name: 'n', segments: [3] }, names).entries).toEqual([
      { kind: 'added', path: 'name', after: '"n"' },
      { kind: 'added', path: 'segments', after: 'beta-users (#3)' },
    ]);
    expect(semanticDiff({ name: 'n' }, null).entries).toEqual([{ kind: 'removed', path: 'name', before: '"n"' }]);
  });

  it('says a list was only reordered', () => {
    expect(semanticDiff({ origins: ['a', 'b'] }, { origins: ['b', 'a'] }).entries).toEqual([
      { kind: 'list', path: 'origins', added: [], removed: [], summary: 'reordered' },
    ]);
  });
});
