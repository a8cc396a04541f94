import { expect } from 'vitest';
import { backendArea, type BackendScenario } from './scenario';
import { newFeature } from './fixtures';

/** From set-up: `child` depends on `parent`; `lone` has no dependency. */
interface Fx {
  parent: string;
  child: string;
  lone: string;
}

const answer = (parents: (fx: Fx) => string[], hasDeletedDependencies: boolean) => ({
  result: (value: unknown, fx: Fx) => expect(value).toEqual( { parentsWithChildFeatures: parents(fx), hasDeletedDependencies }),
  noEventsMentioning: (fx: Fx) => fx.parent,
});

const scenarios: BackendScenario<Fx>[] = [
  {
    name: 'add a dependency child -> parent',
    run: (b, fx) => b.fixtures.addDependency('default', fx.child, { feature: fx.parent, enabled: true }),
    expect: { succeeds: true, events: (fx) => [{ type: 'feature-dependency-added', featureName: fx.child, data: { feature: fx.parent, enabled: true } }] },
  },
  {
    name: 'a dependency on an unknown flag',
    run: (b, fx) => b.fixtures.addDependency('default', fx.lone, { feature: 'no-such-feature' }),
    expect: { error: { status: 403, name: 'InvalidOperationError', message: 'No active feature no-such-feature exists' } },
  },
  {
    name: 'a dependency on itself',
    run: (b, fx) => b.fixtures.addDependency('default', fx.lone, { feature: fx.lone }),
    expect: { error: { status: 403, name: 'InvalidOperationError', message: 'A feature flag cannot depend on itself.' } },
  },
  { name: 'validate the parent alone', run: (b, fx) => b.validateArchive({ projectId: 'default', features: [fx.parent] }), expect: answer((fx) => [fx.parent], true) },
  { name: 'validate parent and child', run: (b, fx) => b.validateArchive({ projectId: 'default', features: [fx.parent, fx.child] }), expect: answer(() => [], true) },
  { name: 'validate the child alone', run: (b, fx) => b.validateArchive({ projectId: 'default', features: [fx.child] }), expect: answer(() => [], true) },
  { name: 'validate a flag without dependencies', run: (b, fx) => b.validateArchive({ projectId: 'default', features: [fx.lone] }), expect: answer(() => [], false) },
  { name: 'validate an unknown flag', run: (b) => b.validateArchive({ projectId: 'default', features: ['no-such-feature'] }), expect: answer(() => [], false) },
  { name: 'validate nothing', run: (b) => b.validateArchive({ projectId: 'default', features: [] }), expect: answer(() => [], false) },
  { name: 'validate in an unknown project (not checked)', run: (b, fx) => b.validateArchive({ projectId: 'no-such-project', features: [fx.parent] }), expect: answer((fx) => [fx.parent], true) },
  {
    name: 'archive the child',
    run: (b, fx) => b.archiveFeatures({ projectId: 'default', features: [fx.child] }),
    expect: { succeeds: true, events: (fx) => [{ type: 'feature-archived', featureName: fx.child, project: 'default' }] },
  },
  {
    name: 'validate the parent after its child was archived',
    arrange: (b, fx) => b.archiveFeatures({ projectId: 'default', features: [fx.child] }),
    run: (b, fx) => b.validateArchive({ projectId: 'default', features: [fx.parent] }),
    expect: answer(() => [], false),
  },
  {
    name: 'the archived child is no longer listed',
    arrange: (b, fx) => b.archiveFeatures({ projectId: 'default', features: [fx.child] }),
    run: (b) => b.listProjectFeatures({ projectId: 'default' }),
    expect: { result: (value, fx) => expect((value as { name: string }[]).map((f) => f.name)).not.toContain(fx.child) },
  },
];

export const archiveValidationBackend = backendArea<Fx>({
  name: 'archive-validation',
  setup: async (b) => {
    const fx = { parent: await newFeature(b, 'b-parent'), child: await newFeature(b, 'b-child'), lone: await newFeature(b, 'b-lone') };
    await b.fixtures.addDependency('default', fx.child, { feature: fx.parent, enabled: true });
    return fx;
  },
  scenarios,
});
