import type { CompareResult, ProfileView, PromotePlan, PromoteResult, SideInfo } from '../../../shared/schemas';
import { demoProfile } from '../../test/render';

/** Renderer tests' answers for compare: the demo on the left, "Staging" (type the name) on the right. */

export const staging: ProfileView = { ...demoProfile, id: 'remote-1', name: 'Staging', kind: 'remote', hasToken: true, tokenStorage: 'encrypted', protection: 'type-name' };

export const LEFT: SideInfo = { type: 'profile', label: 'Demo', profileId: 'demo', kind: 'demo', protection: 'none', version: '6.10.1' };
export const RIGHT: SideInfo = { type: 'profile', label: 'Staging', profileId: 'remote-1', kind: 'remote', protection: 'type-name', version: '8.2.0' };

export const RESULT: CompareResult = {
  left: LEFT,
  right: RIGHT,
  comparedAt: '2026-11-27T00:30:00.000Z',
  totals: { same: 1, differs: 2, onlyLeft: 2, onlyRight: 1 },
  kinds: [
    {
      kind: 'segments',
      counts: { same: 0, differs: 1, onlyLeft: 1, onlyRight: 0 },
      items: [
        {
          kind: 'segments',
          name: 'beta-users',
          status: 'differs',
          diff: {
            entries: [{ kind: 'list', path: 'constraints', added: ['plan IN (pro)'], removed: ['plan IN (free)'], summary: '+1 constraint / -1 constraint' }],
            unchanged: ['name', 'description', 'project'],
            identical: false,
          },
          left: { name: 'beta-users', constraints: [] },
          right: { name: 'beta-users', constraints: [] },
          usage: {
            left: [],
            right: [
              { projectId: 'default', featureName: 'checkout', environment: 'production', strategyName: 'flexibleRollout', production: true },
              { projectId: 'default', featureName: 'checkout', environment: 'development', strategyName: 'default', production: false },
            ],
          },
        },
        { kind: 'segments', name: 'eu-only', status: 'only-left', diff: null, left: { name: 'eu-only', project: 'europe' }, right: null },
      ],
    },
    {
      kind: 'strategyTypes',
      counts: { same: 0, differs: 0, onlyLeft: 0, onlyRight: 1 },
      items: [{ kind: 'strategyTypes', name: 'tenant', status: 'only-right', diff: null, left: null, right: { name: 'tenant', description: 'Tenants' } }],
    },
    {
      kind: 'contextFields',
      counts: { same: 1, differs: 0, onlyLeft: 1, onlyRight: 0 },
      items: [
        { kind: 'contextFields', name: 'plan', status: 'only-left', diff: null, left: { name: 'plan', legalValues: ['free', 'pro'] }, right: null },
        { kind: 'contextFields', name: 'region', status: 'same', diff: null, left: { name: 'region' }, right: { name: 'region' } },
      ],
    },
    {
      kind: 'corsOrigins',
      counts: { same: 0, differs: 1, onlyLeft: 0, onlyRight: 0 },
      origins: {
        left: ['https://app.example.com'],
        right: [],
        leftMeaning: 'listed',
        rightMeaning: 'everyone',
        behaviour: 'Staging lets every origin call its front-end API (an empty list is everyone); Demo only the one listed.',
      },
      items: [
        {
          kind: 'corsOrigins',
          name: 'Front-end API origins',
          status: 'differs',
          diff: { entries: [{ kind: 'list', path: 'origins', added: ['https://app.example.com'], removed: [], summary: '+1 origin' }], unchanged: [], identical: false },
          left: { origins: ['https://app.example.com'] },
          right: { origins: [] },
        },
      ],
    },
  ],
};

/** A plan with every kind of line: a prerequisite create, an update with its diff and usage, a leave, a skip for a missing project, one that cannot be done. */
export function planWith(choice: 'global' | 'skip', protection: PromotePlan['protection'] = 'type-name', blocked: string | null = null): PromotePlan {
  const global = choice === 'global';
  return {
    planId: 'plan-1',
    left: LEFT,
    right: { ...RIGHT, protection },
    protection,
    blocked,
    summary: global
      ? 'Create 2, update 1 (with its diff), leave 1; adds 1 prerequisite; cannot promote 1.'
      : 'Create 1, update 1 (with its diff), leave 1, skip 1; adds 1 prerequisite; cannot promote 1.',
    counts: { create: global ? 2 : 1, update: 1, leave: 1, skip: global ? 1 : 2, prerequisites: 1 },
    lines: [
      { kind: 'contextFields', name: 'plan', action: 'create', reason: 'Staging has no context field plan.', diff: null, prerequisiteFor: ['beta-users'] },
      {
        kind: 'segments',
        name: 'beta-users',
        action: 'update',
        reason: 'Its constraints differ.',
        diff: RESULT.kinds[0]!.items[0]!.diff,
        rightUsage: RESULT.kinds[0]!.items[0]!.usage!.right,
      },
      {
        kind: 'segments',
        name: 'eu-only',
        action: global ? 'create' : 'skip',
        reason: global ? 'Created as a global segment.' : 'Skipped: its project is missing on Staging.',
        diff: null,
        problem: { code: 'project-missing', project: 'europe', choice, message: 'Staging has no project europe.' },
      },
      { kind: 'contextFields', name: 'region', action: 'leave', reason: 'The same on both sides.', diff: null },
      { kind: 'corsOrigins', name: 'Front-end API origins', action: 'skip', reason: 'Not promoted.', diff: null, problem: { code: 'not-promotable', message: 'the bundle does not carry origins' } },
    ],
  };
}

export const PROMOTED: PromoteResult = {
  runId: 'run-1',
  mode: 'promote',
  right: RIGHT,
  steps: [
    { kind: 'contextFields', name: 'plan', action: 'create', outcome: 'done' },
    { kind: 'segments', name: 'beta-users', action: 'update', outcome: 'done' },
    { kind: 'segments', name: 'eu-only', action: 'create', outcome: 'failed', error: 'Segment name already exists (409)' },
  ],
  counts: { done: 2, failed: 1, notRun: 0 },
  stopped: false,
  revertible: true,
  summary: 'Created 1, updated 1; 1 failed: eu-only (Segment name already exists).',
};

export const REVERTED: PromoteResult = {
  runId: 'run-2',
  mode: 'revert',
  right: RIGHT,
  steps: [
    { kind: 'segments', name: 'beta-users', action: 'restore', outcome: 'done' },
    { kind: 'contextFields', name: 'plan', action: 'delete', outcome: 'done' },
  ],
  counts: { done: 2, failed: 0, notRun: 0 },
  stopped: false,
  revertible: false,
  summary: 'Restored 1, deleted 1.',
};
