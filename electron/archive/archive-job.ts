import { ApiError } from '../../shared/errors';
import type { AddDependency, ArchiveRun, Feature, RestoreRun, ReviveRun, RemovedDependencyView, ValidateArchiveFeatures } from '../../shared/schemas';
import type { DependencyLedger } from './dependency-ledger';

/** The backend calls an archive job needs, whatever shape the backend's own methods take. */
export interface ArchivePort {
  validate(projectId: string, features: string[]): Promise<ValidateArchiveFeatures>;
  archive(projectId: string, features: string[]): Promise<void>;
  revive(projectId: string, features: string[]): Promise<void>;
  /** One active flag with its dependencies. */
  feature(projectId: string, name: string): Promise<Feature>;
  /** The project's active flags. */
  activeFeatures(projectId: string): Promise<Feature[]>;
  addDependency(projectId: string, child: string, input: AddDependency): Promise<void>;
}

export interface JobScope {
  port: ArchivePort;
  ledger: DependencyLedger;
  profileId: string;
  now(): string;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The parent links of the selected flags, read before archiving deletes them. */
async function linksOf(port: ArchivePort, projectId: string, names: readonly string[]): Promise<RemovedDependencyView[]> {
  const active = new Set((await port.activeFeatures(projectId)).map((feature) => feature.name));
  const links: RemovedDependencyView[] = [];
  for (const name of names) {
    if (!active.has(name)) continue;
    const feature = await port.feature(projectId, name);
    for (const dependency of feature.dependencies ?? []) {
      links.push({ child: name, parent: dependency.feature, enabled: dependency.enabled ?? true, variants: dependency.variants ?? [] });
    }
  }
  return links;
}

/**
 * Validates, then archives (never sending a selection the server would refuse), then records the dependencies the
 * archive removed. When the archive call fails, the project is read back, so the caller says exactly which flags
 * were archived and which were not, and only archived children's links are recorded.
 */
export async function runArchive(scope: JobScope, projectId: string, features: string[]): Promise<ArchiveRun> {
  const { port } = scope;
  const selection = [...new Set(features)];
  const validation = await port.validate(projectId, selection);
  if (validation.parentsWithChildFeatures.length > 0) {
    return { outcome: 'refused', archived: [], notArchived: selection, unconfirmed: [], removedDependencies: [], validation };
  }
  const links = await linksOf(port, projectId, selection);
  // the dependencies the archive removes would be lost with an unwritable record: refuse before archiving
  if (links.length > 0) await scope.ledger.assertWritable(scope.profileId);
  let failure: string | undefined;
  try {
    await port.archive(projectId, selection);
  } catch (error) {
    failure = messageOf(error);
  }
  let archived = selection;
  let unconfirmed: string[] = [];
  if (failure !== undefined) {
    try {
      const active = new Set((await port.activeFeatures(projectId)).map((feature) => feature.name));
      archived = selection.filter((name) => !active.has(name));
    } catch {
      // the server is gone: nothing can be confirmed either way
      archived = [];
      unconfirmed = selection;
    }
  }
  const done = new Set(archived);
  const removed = links.filter((link) => done.has(link.child));
  // an unconfirmed child's link is recorded too: if it was archived, revive must still be able to offer it back
  const maybe = new Set(unconfirmed);
  const recorded = links.filter((link) => done.has(link.child) || maybe.has(link.child));
  if (recorded.length > 0) {
    const removedAt = scope.now();
    await scope.ledger.record(scope.profileId, recorded.map((link) => ({ project: projectId, ...link, removedAt })));
  }
  return {
    outcome: failure === undefined ? 'archived' : 'failed',
    archived,
    notArchived: selection.filter((name) => !done.has(name) && !maybe.has(name)),
    unconfirmed,
    removedDependencies: removed,
    validation,
    ...(failure === undefined ? {} : { error: failure }),
  };
}

/** Revives, then offers the dependencies Flagdesk removed when these flags were archived. */
export async function runRevive(scope: JobScope, projectId: string, features: string[]): Promise<ReviveRun> {
  const selection = [...new Set(features)];
  await scope.port.revive(projectId, selection);
  const active = new Set((await scope.port.activeFeatures(projectId)).map((feature) => feature.name));
  const revived = selection.filter((name) => active.has(name));
  const pending = await scope.ledger.pending(scope.profileId, projectId, revived);
  return {
    revived,
    restorable: pending.map(({ child, parent, enabled, variants }) => ({ child, parent, enabled, variants })),
  };
}

/** Adds the recorded dependencies of these children back, one by one; each restored one leaves the ledger. */
export async function restoreDependencies(scope: JobScope, projectId: string, children: string[]): Promise<RestoreRun> {
  const pending = await scope.ledger.pending(scope.profileId, projectId, children);
  const restored: RemovedDependencyView[] = [];
  const failed: RestoreRun['failed'] = [];
  for (const { child, parent, enabled, variants } of pending) {
    const dependency = { child, parent, enabled, variants };
    try {
      await scope.port.addDependency(projectId, child, { feature: parent, enabled });
      restored.push(dependency);
    } catch (error) {
      failed.push({ dependency, error: error instanceof ApiError ? error.message : messageOf(error) });
    }
  }
  if (restored.length > 0) await scope.ledger.forget(scope.profileId, projectId, restored.map((d) => d.child));
  return { restored, failed };
}
