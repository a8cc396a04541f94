import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Constraint } from '../../schemas';
import { instanceContent } from '../test-support/instance-content';
import { comparableContextField, comparableSegment, comparableStrategyType } from './comparable';
import { compareContents, compareKind, originsBehaviour } from './compare-instances';

const content = instanceContent;

const segment = (name: string, constraints: Constraint[], extra: { description?: string | null; project?: string | null } = {}) =>
  comparableSegment({ name, constraints, description: extra.description, project: extra.project });

const inUsers = (values: string[], extra: Partial<Constraint> = {}): Constraint => ({ contextName: 'userId', operator: 'IN', values, ...extra });

describe('compare: segments', () => {
  it('ignores the order of constraints and of their values, and absent versus false flags', () => {
    const left = segment('beta', [inUsers(['a', 'b']), { contextName: 'appName', operator: 'STR_CONTAINS', values: ['x'] }]);
    const right = segment('beta', [
      { contextName: 'appName', operator: 'STR_CONTAINS', values: ['x'], inverted: false, caseInsensitive: false },
      inUsers(['b', 'a']),
    ]);
    const [item] = compareKind('segments', content({ segments: [left] }), content({ segments: [right] })).items;
    expect(item?.status).toBe('same');
  });

  it.each<[string, Constraint, Constraint]>([
    ['the operator', inUsers(['a']), { contextName: 'userId', operator: 'NOT_IN', values: ['a'] }],
    ['inversion', inUsers(['a']), inUsers(['a'], { inverted: true })],
    ['case-insensitivity', inUsers(['a']), inUsers(['a'], { caseInsensitive: true })],
    ['a value', inUsers(['a']), inUsers(['a', 'c'])],
  ])('tells %s apart, with a diff from the right to the left', (_what, l, r) => {
    const [item] = compareKind('segments', content({ segments: [segment('s', [l])] }), content({ segments: [segment('s', [r])] })).items;
    expect(item?.status).toBe('differs');
    expect(item?.diff?.identical).toBe(false);
    expect(item?.diff?.entries.length).toBeGreaterThan(0);
  });

  it('compares description and project, global (absent) versus a project', () => {
    const l = segment('s', [], { description: 'new', project: null });
    const r = segment('s', [], { description: null, project: 'web' });
    const [item] = compareKind('segments', content({ segments: [l] }), content({ segments: [r] })).items;
    expect(item?.status).toBe('differs');
    const paths = item?.diff?.entries.map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(['description', 'project']));
    const project = item?.diff?.entries.find((entry) => entry.path === 'project');
    expect(project).toMatchObject({ kind: 'changed', before: 'web', after: 'null' });
  });

  it('lists every name once with its side and counts them', () => {
    const result = compareKind(
      'segments',
      content({ segments: [segment('a', []), segment('both', []), segment('diff', [inUsers(['1'])])] }),
      content({ segments: [segment('z', []), segment('both', []), segment('diff', [inUsers(['2'])])] }),
    );
    expect(result.items.map((item) => [item.name, item.status])).toEqual([
      ['a', 'only-left'],
      ['both', 'same'],
      ['diff', 'differs'],
      ['z', 'only-right'],
    ]);
    expect(result.counts).toEqual({ same: 1, differs: 1, onlyLeft: 1, onlyRight: 1 });
  });

  it('property: shuffling constraints and values on one side never makes a difference', () => {
    const constraint = fc.record({
      contextName: fc.constantFrom('userId', 'appName', 'tier'),
      operator: fc.constantFrom('IN', 'NOT_IN', 'STR_CONTAINS'),
      values: fc.array(fc.string({ maxLength: 4 }), { maxLength: 5 }),
      inverted: fc.option(fc.boolean(), { nil: undefined }),
      caseInsensitive: fc.option(fc.boolean(), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(constraint, { maxLength: 6 }), fc.integer(), (constraints, seed) => {
        const shuffled = shuffle(constraints.map((c) => ({ ...c, values: shuffle(c.values, seed) })), seed + 1);
        const [item] = compareKind('segments', content({ segments: [segment('s', constraints)] }), content({ segments: [segment('s', shuffled)] })).items;
        return item?.status === 'same';
      }),
    );
  });

  it('property: flipping inversion of one constraint always makes a difference', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }), fc.boolean(), (values, inverted) => {
        const l = segment('s', [inUsers(values, { inverted })]);
        const r = segment('s', [inUsers([...values].reverse(), { inverted: !inverted })]);
        return compareKind('segments', content({ segments: [l] }), content({ segments: [r] })).items[0]?.status === 'differs';
      }),
    );
  });
});

describe('compare: strategy types and context fields', () => {
  const type = (parameters: { name: string; type: string; required?: boolean; description?: string }[], description = 'd') =>
    comparableStrategyType({ name: 't', description, editable: true, deprecated: false, parameters });

  it('pairs parameters by name, whatever their order, and sees a changed required flag', () => {
    const a = { name: 'a', type: 'string' };
    const b = { name: 'b', type: 'list', required: true };
    expect(compareKind('strategyTypes', content({ strategyTypes: [type([a, b])] }), content({ strategyTypes: [type([b, a])] })).items[0]?.status).toBe('same');
    const changed = compareKind('strategyTypes', content({ strategyTypes: [type([a, b])] }), content({ strategyTypes: [type([a, { ...b, required: false }])] })).items[0];
    expect(changed?.status).toBe('differs');
    expect(changed?.diff?.entries).toEqual([expect.objectContaining({ kind: 'changed', path: 'parameters › b › required', before: 'false', after: 'true' })]);
  });

  it('compares legal values as a set, with their descriptions, and stickiness', () => {
    const field = (legal: { value: string; description?: string }[], stickiness = false) =>
      comparableContextField({ name: 'plan', description: 'p', stickiness, legalValues: legal });
    const same = compareKind('contextFields', content({ contextFields: [field([{ value: 'a' }, { value: 'b' }])] }), content({ contextFields: [field([{ value: 'b' }, { value: 'a' }])] }));
    expect(same.items[0]?.status).toBe('same');
    const sticky = compareKind('contextFields', content({ contextFields: [field([], true)] }), content({ contextFields: [field([])] }));
    expect(sticky.items[0]?.diff?.entries).toEqual([expect.objectContaining({ path: 'stickiness', before: 'false', after: 'true' })]);
    const described = compareKind('contextFields', content({ contextFields: [field([{ value: 'a', description: 'x' }])] }), content({ contextFields: [field([{ value: 'a' }])] }));
    expect(described.items[0]?.status).toBe('differs');
  });
});

describe('compare: front-end origins', () => {
  it('compares the lists as sets, one item per origin', () => {
    const result = compareKind('corsOrigins', content({ corsOrigins: ['https://b.example', 'https://a.example'] }), content({ corsOrigins: ['https://a.example', 'https://c.example'] }));
    expect(result.items.map((item) => [item.name, item.status])).toEqual([
      ['https://a.example', 'same'],
      ['https://b.example', 'only-left'],
      ['https://c.example', 'only-right'],
    ]);
    expect(result.origins?.behaviour).toBe('Browsers from an origin listed on one side only are refused by the other.');
  });

  it('says that an empty list lets everyone in, as * does', () => {
    const result = compareKind('corsOrigins', content({ corsOrigins: [] }), content({ corsOrigins: ['https://a.example'] }));
    expect(result.origins).toMatchObject({ leftMeaning: 'everyone', rightMeaning: 'listed' });
    expect(result.origins?.behaviour).toContain('empty, which Unleash 6.x-8.x treat as *');
    expect(originsBehaviour(['*'], [])).toContain('Both sides let every origin');
    expect(originsBehaviour(['https://a.example', '*'], ['*'])).toBeNull();
    expect(originsBehaviour(['https://a.example'], ['https://a.example'])).toBeNull();
    expect(originsBehaviour(['*'], ['https://a.example'])).toContain('Left lets every origin call the front-end API (its list holds *)');
  });
});

it('says which kind a bundle does not carry instead of counting it as different', () => {
  const [segments, , , cors] = compareContents(content({ segments: null }), content({ corsOrigins: null }));
  expect(segments?.unavailable).toContain('the left side');
  expect(segments?.items).toEqual([]);
  expect(cors?.unavailable).toContain('the right side');
});

function shuffle<T>(list: readonly T[], seed: number): T[] {
  const out = [...list];
  let state = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
