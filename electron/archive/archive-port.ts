import type { AdminBackend } from '../backend/admin-backend';
import type { FixturedBackend } from '../backend/instance-fixtures';
import type { ArchivePort } from './archive-job';

function hasFixtures(backend: AdminBackend): backend is FixturedBackend {
  return 'fixtures' in backend;
}

/** The archive job's view of a backend. */
export function archivePortOf(backend: AdminBackend): ArchivePort {
  return {
    validate: (projectId, features) => backend.validateArchive({ projectId, features }),
    archive: (projectId, features) => backend.archiveFeatures({ projectId, features }),
    revive: (projectId, features) => backend.reviveFeatures({ projectId, features }),
    feature: (projectId, featureName) => backend.getFeature({ projectId, featureName }),
    activeFeatures: (projectId) => backend.listProjectFeatures({ projectId }),
    addDependency: async (projectId, child, input) => {
      // Adding a dependency is no page channel (the page cannot link flags at will); the job restores only what its
      // ledger recorded, through the backend's own write (the demo and the remote backend both carry it).
      if (!hasFixtures(backend)) throw new Error('This connection cannot add dependencies back.');
      await backend.fixtures.addDependency(projectId, child, input);
    },
  };
}
