import { describe, expect, it } from 'vitest';
import { instanceContent } from '../test-support/instance-content';
import { comparableContextField, comparableSegment } from './comparable';
import { buildPlan } from './plan';

const content = instanceContent;
const seg = (name: string, contextName = 'userId', project: string | null = null) =>
  comparableSegment({ name, project, constraints: [{ contextName, operator: 'IN', values: ['1'] }] });
const field = (name: string, description = '') => comparableContextField({ name, description, legalValues: [] });

describe('promote plan', () => {
  it('creates, updates with the diff, and leaves the same and the right-only, in words', () => {
    const left = content({ segments: [seg('new'), seg('changed', 'appName'), seg('same')] });
    const right = content({ segments: [seg('changed'), seg('same'), seg('theirs')] });
    const plan = buildPlan({
      left,
      right,
      items: ['new', 'changed', 'same', 'theirs'].map((name) => ({ kind: 'segments' as const, name })),
    });
    expect(plan.lines.map((line) => [line.name, line.action])).toEqual([
      ['changed', 'update'],
      ['new', 'create'],
      ['same', 'leave'],
      ['theirs', 'leave'],
    ]);
    expect(plan.lines[0]?.diff?.identical).toBe(false);
    expect(plan.lines[3]?.reason).toBe('Only on the right: promotion never deletes.');
    expect(plan.steps.map((step) => `${step.action} ${step.name}`)).toEqual(['update changed', 'create new']);
    expect(plan.summary).toBe('Create 1, update 1, leave 2.');
  });

  it("adds a context field a segment names that the right lacks, first, and says for whom", () => {
    const left = content({ segments: [seg('paying', 'plan')], contextFields: [field('plan', 'the plan')] });
    const plan = buildPlan({ left, right: content(), items: [{ kind: 'segments', name: 'paying' }] });
    expect(plan.lines[0]).toMatchObject({ kind: 'contextFields', name: 'plan', action: 'create', prerequisiteFor: ['paying'] });
    expect(plan.lines[0]?.reason).toContain('"paying" names this context field');
    expect(plan.steps.map((step) => `${step.kind}:${step.name}`)).toEqual(['contextFields:plan', 'segments:paying']);
    expect(plan.counts.prerequisites).toBe(1);
    expect(plan.summary).toContain('adds 1 prerequisite');
  });

  it('adds no prerequisite for a field the right has or neither side lists (a standard one)', () => {
    const left = content({ segments: [seg('a', 'plan'), seg('b', 'userId')], contextFields: [field('plan')] });
    const plan = buildPlan({ left, right: content({ contextFields: [field('plan', 'other')] }), items: [{ kind: 'segments', name: 'a' }, { kind: 'segments', name: 'b' }] });
    expect(plan.lines.filter((line) => line.kind === 'contextFields')).toEqual([]);
  });

  it('skips a segment of a project the right lacks until the admin chooses global', () => {
    const left = content({ segments: [seg('web-users', 'userId', 'web')], projects: ['default', 'web'] });
    const items = [{ kind: 'segments' as const, name: 'web-users' }];
    const skipped = buildPlan({ left, right: content(), items });
    expect(skipped.lines[0]).toMatchObject({ action: 'skip', problem: { code: 'project-missing', project: 'web', choice: 'skip' } });
    expect(skipped.steps).toEqual([]);
    expect(skipped.summary).toContain('cannot promote 1');
    const global = buildPlan({ left, right: content(), items, projectChoices: [{ segment: 'web-users', choice: 'global' }] });
    expect(global.lines[0]).toMatchObject({ action: 'create', problem: { choice: 'global' } });
    expect(global.lines[0]?.reason).toContain('As a global segment');
    expect(global.steps[0]).toMatchObject({ action: 'create', after: { project: null } });
  });

  it('adds origins to the right, and says when that closes a list that let everyone in', () => {
    const plan = buildPlan({
      left: content({ corsOrigins: ['https://a.example', '*'] }),
      right: content({ corsOrigins: [] }),
      items: [{ kind: 'corsOrigins', name: 'https://a.example' }],
    });
    expect(plan.lines[0]).toMatchObject({ action: 'create' });
    expect(plan.lines[0]?.reason).toContain('with this origin it lets in only the listed ones');
    expect(plan.steps).toEqual([{ kind: 'corsOrigins', name: 'https://a.example', action: 'create', after: 'https://a.example' }]);
  });

  it('shows the right strategies using a segment it updates', () => {
    const use = { projectId: 'default', featureName: 'f', environment: 'production', strategyName: 'default', production: true };
    const plan = buildPlan({
      left: content({ segments: [seg('s', 'appName')] }),
      right: content({ segments: [seg('s')] }),
      items: [{ kind: 'segments', name: 's' }],
      rightUsage: new Map([['s', [use]]]),
    });
    expect(plan.lines[0]?.rightUsage).toEqual([use]);
    expect(plan.lines[0]?.reason).toBe("Updated on the right to the left's version. 1 flag strategy on the right uses it (1 in production): what they match changes.");
  });
});
