import { expect } from 'vitest';
import { RUN_ID } from '../support/run-id';
import { createFeature } from '../support/wire-fixtures';
import { area, type WireScenario } from './scenario';
import { notFound } from './common';

/** A project's flags and one flag's lookups: unknown, in another project, archived (asked of 6.10.1 and 8.2.0). */
interface Fx {
  live: string;
  archived: string;
}

const NO_PROJECT = `no-such-project-${RUN_ID}`;
const NO_FLAG = `no-such-flag-${RUN_ID}`;
const flagPath = (project: string, name: string): string => `/api/admin/projects/${project}/features/${name}`;
const noFeature = (project: string, name: string): string => `There's no feature named "${name}" in project "${project}".`;
const elsewhere = (project: string, name: string): string =>
  `There's no feature named "${name}" in project "${project}", but there's a feature with that name in project "default"`;
const listed = (json: unknown): string[] => (json as { features: { name: string }[] }).features.map((f) => f.name);
const addDefault = (project: string, name: string) => ({
  method: 'POST' as const,
  path: `${flagPath(project, name)}/environments/development/strategies`,
  body: { name: 'default' },
});

const scenarios: WireScenario<Fx>[] = [
  {
    name: 'flags of an unknown project: an empty list',
    request: { method: 'GET', path: `/api/admin/projects/${NO_PROJECT}/features` },
    expect: { status: 200, body: (json) => expect(json).toEqual({ version: 2, features: [] }) },
  },
  {
    name: 'flags of default: version 2, the new flag listed',
    request: { method: 'GET', path: '/api/admin/projects/default/features' },
    expect: {
      status: 200,
      body: (json, fx) => {
        expect(json).toMatchObject({ version: 2 });
        expect(listed(json)).toContain(fx.live);
      },
    },
  },
  { name: 'GET an unknown flag', request: { method: 'GET', path: flagPath('default', NO_FLAG) }, expect: notFound(noFeature('default', NO_FLAG)) },
  {
    name: 'GET an unknown flag of an unknown project',
    request: { method: 'GET', path: flagPath(NO_PROJECT, NO_FLAG) },
    expect: notFound(noFeature(NO_PROJECT, NO_FLAG)),
  },
  {
    name: 'GET a flag through another project',
    request: (fx) => ({ method: 'GET', path: flagPath(NO_PROJECT, fx.live) }),
    expect: { status: 404, name: 'NotFoundError', body: (json, fx) => expect(json).toMatchObject({ message: elsewhere(NO_PROJECT, fx.live) }) },
  },
  {
    name: 'add a strategy to an unknown flag',
    request: addDefault('default', NO_FLAG),
    expect: notFound(noFeature('default', NO_FLAG)),
  },
  {
    name: 'a dependency of an unknown flag on an unknown parent: the parent is checked first',
    request: { method: 'POST', path: `${flagPath('default', NO_FLAG)}/dependencies`, body: { feature: `${NO_FLAG}-parent` } },
    expect: { status: 403, name: 'InvalidOperationError', message: `No active feature ${NO_FLAG}-parent exists` },
  },
  { name: 'DELETE an unknown flag', request: { method: 'DELETE', path: flagPath('default', NO_FLAG) }, expect: notFound('No feature flag found') },
  {
    name: 'DELETE a flag through another project',
    request: (fx) => ({ method: 'DELETE', path: flagPath(NO_PROJECT, fx.live) }),
    expect: { status: 404, name: 'NotFoundError', body: (json, fx) => expect(json).toMatchObject({ message: elsewhere(NO_PROJECT, fx.live) }) },
  },
  {
    name: 'archive a flag',
    request: (fx) => ({ method: 'DELETE', path: flagPath('default', fx.archived) }),
    expect: { status: 202, empty: true, events: (fx) => [{ type: 'feature-archived', featureName: fx.archived }] },
  },
  {
    name: 'GET the archived flag',
    arrange: (send, fx) => send({ method: 'DELETE', path: flagPath('default', fx.archived) }),
    request: (fx) => ({ method: 'GET', path: flagPath('default', fx.archived) }),
    expect: { status: 404, name: 'NotFoundError', body: (json, fx) => expect(json).toMatchObject({ message: `Could not find feature flag with name ${fx.archived}` }) },
  },
  {
    name: 'DELETE the archived flag again: 202, archived once more',
    arrange: (send, fx) => send({ method: 'DELETE', path: flagPath('default', fx.archived) }),
    request: (fx) => ({ method: 'DELETE', path: flagPath('default', fx.archived) }),
    expect: { status: 202, empty: true, events: (fx) => [{ type: 'feature-archived', featureName: fx.archived }] },
  },
  {
    name: 'batch-archive the archived flag and an unknown one: 6.x archives the archived one again',
    arrange: (send, fx) => send({ method: 'DELETE', path: flagPath('default', fx.archived) }),
    request: (fx) => ({ method: 'POST', path: '/api/admin/projects/default/archive', body: { features: [fx.archived, NO_FLAG] } }),
    expect: {
      status: 202,
      empty: true,
      events: (fx) => [{ type: 'feature-archived', featureName: fx.archived }],
      noEventsMentioning: () => NO_FLAG,
    },
    // 8.x skips flags already archived in the batch (the single DELETE above still archives again)
    v8: { status: 202, empty: true, noEventsMentioning: (fx) => fx.archived },
  },
  {
    name: 'add a strategy to the archived flag: accepted',
    arrange: (send, fx) => send({ method: 'DELETE', path: flagPath('default', fx.archived) }),
    request: (fx) => addDefault('default', fx.archived),
    expect: { status: 200, body: { name: 'default', constraints: [], parameters: {}, segments: [] } },
  },
  {
    name: 'the archived flag is not listed',
    arrange: (send, fx) => send({ method: 'DELETE', path: flagPath('default', fx.archived) }),
    request: { method: 'GET', path: '/api/admin/projects/default/features' },
    expect: { status: 200, body: (json, fx) => expect(listed(json)).not.toContain(fx.archived) },
  },
];

export const projectFeaturesArea = area<Fx>({
  name: 'project-features',
  setup: async (send) => ({ live: await createFeature(send, 'pf-live'), archived: await createFeature(send, 'pf-archived') }),
  scenarios,
});
