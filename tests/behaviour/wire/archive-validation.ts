import { expect } from 'vitest';
import { addDependency, createFeature } from '../support/wire-fixtures';
import { area, type WireScenario } from './scenario';
import { badData, transportRows } from './common';

/** Probe "Feature dependencies" and "Archive validate". From set-up: `child` depends on `parent`; `lone` on nothing. */
interface Fx {
  parent: string;
  child: string;
  lone: string;
}

const PATH = '/api/admin/projects/default/archive/validate';
const validate = (features: unknown, path = PATH) => ({ method: 'POST' as const, path, body: { features } });
const answer = (parents: (fx: Fx) => string[], hasDeletedDependencies: boolean) => ({
  status: 200,
  body: (json: unknown, fx: Fx) => expect(json).toEqual({ parentsWithChildFeatures: parents(fx), hasDeletedDependencies }),
  noEventsMentioning: (fx: Fx) => fx.parent,
});
const depPath = (feature: string): string => `/api/admin/projects/default/features/${feature}/dependencies`;

const dependencies: WireScenario<Fx>[] = [
  {
    name: 'dependency: child -> parent',
    request: (fx) => ({ method: 'POST', path: depPath(fx.child), body: { feature: fx.parent, enabled: true } }),
    expect: {
      status: 200,
      empty: true,
      events: (fx) => [{ type: 'feature-dependency-added', featureName: fx.child, project: 'default', data: { feature: fx.parent, enabled: true } }],
    },
  },
  {
    name: 'dependency: unknown parent',
    request: (fx) => ({ method: 'POST', path: depPath(fx.lone), body: { feature: 'no-such-feature' } }),
    expect: { status: 403, name: 'InvalidOperationError', message: 'No active feature no-such-feature exists' },
  },
  {
    name: 'dependency: on itself',
    request: (fx) => ({ method: 'POST', path: depPath(fx.lone), body: { feature: fx.lone } }),
    expect: { status: 403, name: 'InvalidOperationError', message: 'A feature flag cannot depend on itself.' },
  },
  {
    name: 'dependency: on a flag that is itself a child',
    request: (fx) => ({ method: 'POST', path: depPath(fx.lone), body: { feature: fx.child } }),
    expect: { status: 403, name: 'InvalidOperationError', message: 'Transitive dependency detected.' },
  },
  {
    name: 'dependency: missing feature',
    request: (fx) => ({ method: 'POST', path: depPath(fx.lone), body: { enabled: true } }),
    expect: badData('The `/body/feature` property is required.', '/body/feature'),
  },
];

const validation: WireScenario<Fx>[] = [
  { name: 'validate: parent alone', request: (fx) => validate([fx.parent]), expect: answer((fx) => [fx.parent], true) },
  { name: 'validate: parent + child', request: (fx) => validate([fx.parent, fx.child]), expect: answer(() => [], true) },
  { name: 'validate: child alone', request: (fx) => validate([fx.child]), expect: answer(() => [], true) },
  { name: 'validate: a flag without dependencies', request: (fx) => validate([fx.lone]), expect: answer(() => [], false) },
  { name: 'validate: unknown flag', request: validate(['no-such-feature']), expect: answer(() => [], false) },
  { name: 'validate: parent + unknown', request: (fx) => validate([fx.parent, 'no-such-feature']), expect: answer((fx) => [fx.parent], true) },
  { name: 'validate: empty list', request: validate([]), expect: answer(() => [], false) },
  { name: 'validate: missing features', request: { method: 'POST', path: PATH, body: {} }, expect: badData('The `/body/features` property is required.', '/body/features') },
  {
    name: 'validate: features as a string',
    request: (fx) => ({ method: 'POST', path: PATH, body: { features: fx.parent } }),
    expect: badData('The `/body/features` property must be array.', '/body/features'),
  },
  { name: 'validate: numbers as items are not checked', request: validate([1, 2]), expect: answer(() => [], false) },
  {
    name: 'validate: unknown project in the path is not checked',
    request: (fx) => validate([fx.parent], '/api/admin/projects/no-such-project/archive/validate'),
    expect: answer((fx) => [fx.parent], true),
  },
  ...transportRows<Fx>('validate', 'POST', PATH, { features: [] }),
  {
    name: 'archive the child',
    request: (fx) => ({ method: 'DELETE', path: `/api/admin/projects/default/features/${fx.child}` }),
    expect: {
      status: 202,
      empty: true,
      events: (fx) => [
        { type: 'feature-dependencies-removed', featureName: fx.child, project: 'default' },
        { type: 'feature-archived', featureName: fx.child, project: 'default', data: null, preData: null },
      ],
    },
  },
  {
    name: 'validate: parent after its child was archived',
    arrange: (send, fx) => send({ method: 'DELETE', path: `/api/admin/projects/default/features/${fx.child}` }),
    request: (fx) => validate([fx.parent]),
    expect: answer(() => [], false),
  },
];

export const archiveValidationArea = area<Fx>({
  name: 'archive-validation',
  setup: async (send) => {
    const fx = { parent: await createFeature(send, 'av-parent'), child: await createFeature(send, 'av-child'), lone: await createFeature(send, 'av-lone') };
    await addDependency(send, fx.child, fx.parent);
    return fx;
  },
  scenarios: [...dependencies, ...validation],
});
