import { ApiError } from '../../shared/errors';
import type {
  ArchivedFlags,
  DeleteFlagsRun,
  FlagEvent,
  FlagRef,
  ReviveFlagsInput,
  ReviveFlagsRun,
} from '../../shared/schemas';
import type { AdminBackend } from '../backend/admin-backend';
import { restoreDependencies, type JobScope } from './archive-job';
import type { DependencyLedger } from './dependency-ledger';

/** How many feature-archived events are read to say who archived each flag (the newest first). */
export const ARCHIVE_EVENTS_READ = 1000;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Flags grouped by project, in the order their projects first appear (one batch call per project). */
function byProject<T extends { projectId: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.projectId, [...(groups.get(item.projectId) ?? []), item]);
  return groups;
}

/** The newest feature-archived event of each flag (by project and name) among the ones read. */
function newestArchiveEvents(events: readonly FlagEvent[]): Map<string, FlagEvent> {
  const newest = new Map<string, FlagEvent>();
  for (const event of events) {
    if (event.type !== 'feature-archived' || !event.featureName) continue;
    const key = `${event.project ?? ''}\u0000${event.featureName}`;
    const seen = newest.get(key);
    if (!seen || event.id > seen.id) newest.set(key, event);
  }
  return newest;
}

/**
 * The Archive screen's rows: the server's archived flags, who archived each (its newest feature-archived event; a
 * flag archived longer ago than the events read, or on a log that failed, says so rather than guessing), and the
 * dependencies Flagdesk's ledger recorded when it archived them.
 */
export async function listArchivedFlags(backend: AdminBackend, ledger: DependencyLedger, profileId: string): Promise<ArchivedFlags> {
  const flags = await backend.listArchivedFeatures();
  let events = new Map<string, FlagEvent>();
  let eventsProblem: string | null = null;
  if (flags.length > 0) {
    try {
      const page = await backend.queryEvents({ type: 'IS:feature-archived', limit: String(ARCHIVE_EVENTS_READ) });
      events = newestArchiveEvents(page.events);
    } catch (error) {
      eventsProblem = `Who archived each flag could not be read from the event log: ${messageOf(error)}`;
    }
  }
  const recorded = new Map<string, Awaited<ReturnType<DependencyLedger['pending']>>>();
  for (const [projectId, group] of byProject(flags.map((flag) => ({ projectId: flag.project, name: flag.name })))) {
    recorded.set(projectId, await ledger.pending(profileId, projectId, group.map((flag) => flag.name)));
  }
  return {
    eventsProblem,
    flags: flags.map((flag) => {
      const event = events.get(`${flag.project}\u0000${flag.name}`);
      return {
        ...flag,
        archivedBy: event?.createdBy ?? null,
        archivedEventId: event?.id ?? null,
        recordedDependencies: (recorded.get(flag.project) ?? [])
          .filter((entry) => entry.child === flag.name)
          .map(({ child, parent, enabled, variants }) => ({ child, parent, enabled, variants })),
      };
    }),
  };
}

/**
 * Revives every chosen flag (a batch per project), then adds back the recorded dependencies of the chosen children
 * that came back. All revives go first, so a child whose parent is revived in the same step finds it active.
 */
export async function reviveFlags(scope: JobScope, backend: AdminBackend, input: ReviveFlagsInput): Promise<ReviveFlagsRun> {
  const run: ReviveFlagsRun = { revived: [], failed: [], restored: [], notRestored: [] };
  for (const [projectId, group] of byProject(input.flags)) {
    const features = [...new Set(group.map((flag) => flag.name))];
    try {
      await backend.reviveFeatures({ projectId, features });
      run.revived.push(...features.map((name) => ({ projectId, name })));
    } catch (error) {
      run.failed.push(...features.map((name) => ({ projectId, name, error: messageOf(error) })));
    }
  }
  const back = new Set(run.revived.map((flag) => `${flag.projectId}\u0000${flag.name}`));
  const wanted = input.restore.filter((entry) => back.has(`${entry.projectId}\u0000${entry.child}`));
  for (const [projectId, group] of byProject(wanted)) {
    const result = await restoreDependencies(scope, projectId, group.map((entry) => entry.child));
    run.restored.push(...result.restored.map((dependency) => ({ ...dependency, projectId })));
    run.notRestored.push(...result.failed.map((failure) => ({ projectId, ...failure })));
  }
  return run;
}

/** Deletes the chosen archived flags for good (a batch per project) and drops what the ledger recorded for them. */
export async function deleteFlags(scope: JobScope, backend: AdminBackend, flags: readonly FlagRef[]): Promise<DeleteFlagsRun> {
  const run: DeleteFlagsRun = { deleted: [], failed: [] };
  for (const [projectId, group] of byProject(flags)) {
    const features = [...new Set(group.map((flag) => flag.name))];
    try {
      await backend.deleteArchivedFeatures({ projectId, features });
      run.deleted.push(...features.map((name) => ({ projectId, name })));
    } catch (error) {
      run.failed.push(...features.map((name) => ({ projectId, name, error: error instanceof ApiError ? error.message : messageOf(error) })));
      continue;
    }
    await scope.ledger.forget(scope.profileId, projectId, features);
  }
  return run;
}
