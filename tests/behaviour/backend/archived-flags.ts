import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ArchivedFeature, ArchivedFlags, Feature, ReviveFlagsRun } from '../../../shared/schemas';
import { runArchive, type JobScope } from '../../../electron/archive/archive-job';
import { archivePortOf } from '../../../electron/archive/archive-port';
import { deleteFlags, listArchivedFlags, reviveFlags } from '../../../electron/archive/archived-flags';
import { createDependencyLedger } from '../../../electron/archive/dependency-ledger';
import type { FixturedBackend } from '../../../electron/backend/instance-fixtures';
import { newFeature } from './fixtures';
import { backendArea, type BackendScenario } from './scenario';

/**
 * The Archive screen's list, revive and delete for good, as real 6.10.1 answered them (asked with curl: the list at
 * GET /archive/features, on 8.x GET /search/features?archived=IS:true; revive and delete 200 with empty bodies, one
 * feature-revived / feature-deleted event per flag). The app rows run the screen's own jobs (electron/archive/
 * archived-flags.ts) with a ledger in a scratch folder.
 */
interface Fx {
  a: string;
  b: string;
  parent: string;
  child: string;
  active: string;
  scope: (b: FixturedBackend) => JobScope;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const archivedNamed = (value: unknown, name: string) => (value as ArchivedFeature[]).find((flag) => flag.name === name);
const isArchived = async (b: FixturedBackend, name: string) => (await b.listArchivedFeatures()).some((flag) => flag.name === name);

async function archived(b: FixturedBackend, names: string[]): Promise<void> {
  const missing: string[] = [];
  for (const name of names) if (!(await isArchived(b, name))) missing.push(name);
  if (missing.length > 0) await b.archiveFeatures({ projectId: 'default', features: missing });
}

const scenarios: BackendScenario<Fx>[] = [
  {
    name: 'archive two flags',
    run: (b, fx) => b.archiveFeatures({ projectId: 'default', features: [fx.a, fx.b] }),
    expect: {
      succeeds: true,
      events: (fx) => [
        { type: 'feature-archived', featureName: fx.a, project: 'default' },
        { type: 'feature-archived', featureName: fx.b, project: 'default' },
      ],
    },
  },
  {
    name: 'the archive lists both, with their project, type and when they were archived; an active flag is not listed',
    arrange: (b, fx) => archived(b, [fx.a, fx.b]),
    run: (b) => b.listArchivedFeatures(),
    expect: {
      result: (value, fx) => {
        for (const name of [fx.a, fx.b]) {
          const flag = archivedNamed(value, name);
          expect(flag).toMatchObject({ name, project: 'default', type: 'release', stale: false });
          expect(Date.parse(flag?.archivedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(flag?.createdAt ?? ''));
        }
        expect(archivedNamed(value, fx.active)).toBeUndefined();
      },
    },
  },
  {
    name: "app: the Archive screen's rows say who archived each flag (its feature-archived event)",
    arrange: (b, fx) => archived(b, [fx.a, fx.b]),
    run: (b, fx) => listArchivedFlags(b, fx.scope(b).ledger, 'behaviour'),
    expect: {
      result: (value, fx) => {
        const rows = value as ArchivedFlags;
        expect(rows.eventsProblem).toBeNull();
        const row = rows.flags.find((flag) => flag.name === fx.a);
        expect(row).toMatchObject({ project: 'default', archivedBy: 'admin', recordedDependencies: [] });
        expect(row?.archivedEventId).toEqual(expect.any(Number));
      },
    },
  },
  {
    name: 'revive both in one batch: one feature-revived each',
    arrange: (b, fx) => archived(b, [fx.a, fx.b]),
    run: (b, fx) => b.reviveFeatures({ projectId: 'default', features: [fx.a, fx.b] }),
    expect: {
      result: (value) => expect(value).toBeUndefined(),
      events: (fx) => [
        { type: 'feature-revived', featureName: fx.a, project: 'default' },
        { type: 'feature-revived', featureName: fx.b, project: 'default' },
      ],
    },
  },
  {
    name: 'a revived flag is active again, off everywhere, and no longer in the archive',
    run: async (b, fx) => ({ feature: await b.getFeature({ projectId: 'default', featureName: fx.a }), listed: await isArchived(b, fx.a) }),
    expect: {
      result: (value) => {
        const { feature, listed } = value as { feature: Feature; listed: boolean };
        expect(feature.archived ?? false).toBe(false);
        expect(feature.environments?.every((env) => !env.enabled)).toBe(true);
        expect(listed).toBe(false);
      },
    },
  },
  {
    name: 'app: archive a child through Flagdesk, then revive it with its recorded dependency in the same step',
    run: async (b, fx) => {
      const scope = fx.scope(b);
      const run = await runArchive(scope, 'default', [fx.child]);
      expect(run.removedDependencies).toEqual([{ child: fx.child, parent: fx.parent, enabled: true, variants: [] }]);
      const listed = await listArchivedFlags(b, scope.ledger, scope.profileId);
      expect(listed.flags.find((flag) => flag.name === fx.child)?.recordedDependencies).toEqual([
        { child: fx.child, parent: fx.parent, enabled: true, variants: [] },
      ]);
      return reviveFlags(scope, b, { flags: [{ projectId: 'default', name: fx.child }], restore: [{ projectId: 'default', child: fx.child }] });
    },
    expect: {
      result: (value, fx) =>
        expect(value as ReviveFlagsRun).toEqual({
          revived: [{ projectId: 'default', name: fx.child }],
          failed: [],
          restored: [{ projectId: 'default', child: fx.child, parent: fx.parent, enabled: true, variants: [] }],
          notRestored: [],
        }),
      events: (fx) => [
        { type: 'feature-archived', featureName: fx.child },
        { type: 'feature-revived', featureName: fx.child },
        { type: 'feature-dependency-added', featureName: fx.child },
      ],
    },
  },
  {
    name: 'the revived child has its parent again',
    run: (b, fx) => b.getFeature({ projectId: 'default', featureName: fx.child }),
    expect: { result: (value, fx) => expect(((value as Feature).dependencies ?? []).map((d) => d.feature)).toEqual([fx.parent]) },
  },
  {
    name: 'archive both again, wait (6.10.1 can crash on a hard delete right after an archive), delete both for good in one batch',
    arrange: async (b, fx) => {
      await archived(b, [fx.a, fx.b]);
      await pause(2000);
    },
    run: (b, fx) => b.deleteArchivedFeatures({ projectId: 'default', features: [fx.a, fx.b] }),
    expect: {
      succeeds: true,
      events: (fx) => [
        { type: 'feature-deleted', featureName: fx.a, project: 'default' },
        { type: 'feature-deleted', featureName: fx.b, project: 'default' },
      ],
    },
  },
  {
    name: 'deleted flags are gone: neither archived nor active',
    run: async (b, fx) => ({
      listed: await isArchived(b, fx.a),
      read: await b.getFeature({ projectId: 'default', featureName: fx.b }).then(() => 'found', (error: unknown) => (error as { status?: number }).status),
    }),
    expect: { result: { listed: false, read: 404 } },
  },
  {
    name: 'app: delete for good through Flagdesk drops what its ledger recorded for the flag',
    run: async (b, fx) => {
      const scope = fx.scope(b);
      await runArchive(scope, 'default', [fx.child]);
      await pause(2000);
      const run = await deleteFlags(scope, b, [{ projectId: 'default', name: fx.child }]);
      return { run, pending: await scope.ledger.pending(scope.profileId, 'default', [fx.child]) };
    },
    expect: {
      result: (value, fx) => expect(value).toEqual({ run: { deleted: [{ projectId: 'default', name: fx.child }], failed: [] }, pending: [] }),
      events: (fx) => [{ type: 'feature-deleted', featureName: fx.child }],
    },
  },
  {
    name: 'the batch delete leaves an active flag in place; 6.10.1 and 7.6.5 still write a feature-deleted event for it',
    run: async (b, fx) => {
      await b.deleteArchivedFeatures({ projectId: 'default', features: [fx.active] });
      return (await b.getFeature({ projectId: 'default', featureName: fx.active })).name;
    },
    expect: { result: (value, fx) => expect(value).toBe(fx.active), events: (fx) => [{ type: 'feature-deleted', featureName: fx.active }] },
    // 5.12.8 and 8.2.0 write nothing for it; 7.6.5 writes it as 6.10.1 does (each asked)
    v5: { result: (value, fx) => expect(value).toBe(fx.active), noEventsMentioning: (fx) => fx.active },
    v7: { result: (value, fx) => expect(value).toBe(fx.active), events: (fx) => [{ type: 'feature-deleted', featureName: fx.active }] },
    v8: { result: (value, fx) => expect(value).toBe(fx.active), noEventsMentioning: (fx) => fx.active },
  },
  {
    name: 'the batch delete of a flag named under another project is 403, and nothing is deleted',
    run: (b, fx) => b.deleteArchivedFeatures({ projectId: 'no-such-project', features: [fx.active] }),
    expect: { error: { status: 403, name: 'InvalidOperationError', message: 'does not match the project provided in request URL' } },
  },
];

export const archivedFlagsBackend = backendArea<Fx>({
  name: 'archived-flags',
  setup: async (b) => {
    const [a, bb, parent, child, active] = [
      await newFeature(b, 'x-a'),
      await newFeature(b, 'x-b'),
      await newFeature(b, 'x-parent'),
      await newFeature(b, 'x-child'),
      await newFeature(b, 'x-active'),
    ];
    await b.fixtures.addDependency('default', child, { feature: parent, enabled: true });
    const ledger = createDependencyLedger(await mkdtemp(join(tmpdir(), 'flagdesk-archived-ledger-')));
    return { a, b: bb, parent, child, active, scope: (backend) => ({ port: archivePortOf(backend), ledger, profileId: 'behaviour', now: () => new Date().toISOString() }) };
  },
  scenarios,
});
