import type { AdminBackend } from '../backend/admin-backend';
import { strategyUsage } from '../backend/strategy-usage';
import type { ConnectionManager } from '../connections/connection-manager';
import type { Handlers } from '../ipc/handler-types';
import { restoreDependencies, runArchive, runRevive, type JobScope } from './archive-job';
import { archivePortOf } from './archive-port';
import { deleteFlags, listArchivedFlags, reviveFlags } from './archived-flags';
import type { DependencyLedger } from './dependency-ledger';
import { exportArchiveReport } from './export-report';
import type { ShellPort } from '../shell/shell-port';

type JobChannels =
  | 'archive.run'
  | 'archive.reviveWithRecord'
  | 'archive.restoreDependencies'
  | 'archive.exportReport'
  | 'archive.archivedFlags'
  | 'archive.reviveFlags'
  | 'archive.deleteFlags'
  | 'strategyTypes.usage';

export interface AdminJobs {
  ledger: DependencyLedger;
  shell: ShellPort;
}

/**
 * Channels that are jobs of several backend calls, run in main so a page that closes half-way leaves nothing
 * half-done and the ledger of removed dependencies stays in the data folder, per profile.
 */
export function createJobHandlers(connections: ConnectionManager, { ledger, shell }: AdminJobs): Pick<Handlers, JobChannels> {
  async function scoped(): Promise<{ scope: JobScope; backend: AdminBackend }> {
    // the profile first: a switch in between then files the record under the profile the backend belongs to at worst
    const { activeProfileId } = await connections.status();
    const backend = await connections.backend();
    return { scope: { port: archivePortOf(backend), ledger, profileId: activeProfileId, now: () => new Date().toISOString() }, backend };
  }
  const scope = async (): Promise<JobScope> => (await scoped()).scope;
  const usageReads = (backend: AdminBackend) => ({
    projects: () => backend.listProjects(),
    features: (projectId: string) => backend.listProjectFeatures({ projectId }),
    feature: (projectId: string, featureName: string) => backend.getFeature({ projectId, featureName }),
  });
  return {
    'archive.run': async ({ projectId, features }) => runArchive(await scope(), projectId, features),
    'archive.reviveWithRecord': async ({ projectId, features }) => runRevive(await scope(), projectId, features),
    'archive.restoreDependencies': async ({ projectId, children }) => restoreDependencies(await scope(), projectId, children),
    'archive.archivedFlags': async () => {
      const { scope: job, backend } = await scoped();
      return listArchivedFlags(backend, job.ledger, job.profileId);
    },
    'archive.reviveFlags': async (input) => {
      const { scope: job, backend } = await scoped();
      return reviveFlags(job, backend, input);
    },
    'archive.deleteFlags': async ({ flags }) => {
      const { scope: job, backend } = await scoped();
      return deleteFlags(job, backend, flags);
    },
    'archive.exportReport': async ({ projectId, features }) => {
      const status = await connections.status();
      const profile = status.profiles.find((p) => p.id === status.activeProfileId);
      const server = profile?.kind === 'remote' ? `${profile.name} (${profile.baseUrl ?? ''})` : 'the demo';
      return exportArchiveReport(archivePortOf(await connections.backend()), shell, {
        projectId,
        features,
        server,
        now: new Date().toISOString(),
        redact: (text) => connections.redact(text),
      });
    },
    'strategyTypes.usage': async ({ name }) => strategyUsage(usageReads(await connections.backend()), name),
  };
}
