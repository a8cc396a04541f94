import type { HandlerSlice } from '../../../shared/contract';
import type { ArchivedFeature, BatchFeatures, ValidateArchiveFeatures } from '../../../shared/schemas';
import type { OnActiveBackend } from './on-active-backend';

/** Some flags of one project. */
export type ProjectFeatures = BatchFeatures & { projectId: string };

/**
 * What a backend does with the archive. Archive and revive reach the page only as jobs that keep their record
 * (electron/archive/job-handlers.ts), which call these.
 */
export interface ArchiveOperations {
  validateArchive(input: ProjectFeatures): Promise<ValidateArchiveFeatures>;
  archiveFeatures(input: ProjectFeatures): Promise<void>;
  /** 200 empty; every named flag of the project comes back off everywhere; unknown project 404. */
  reviveFeatures(input: ProjectFeatures): Promise<void>;
  /** 200 empty; deletes the named archived flags. */
  deleteArchivedFeatures(input: ProjectFeatures): Promise<void>;
  /** Every archived flag of every project, newest archive first (the Archive screen reads it through a job). */
  listArchivedFeatures(): Promise<ArchivedFeature[]>;
}

/** The archive channel that is one call on the active backend (the others are jobs). */
export function archiveHandlers(onActiveBackend: OnActiveBackend<ArchiveOperations>) {
  return {
    'archive.validate': (input) => onActiveBackend((backend) => backend.validateArchive(input)),
  } satisfies HandlerSlice;
}
