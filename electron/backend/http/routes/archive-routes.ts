import type { ArchivedFeature } from '../../../../shared/schemas';
import type { AdminBackend } from '../../admin-backend';
import { reply, route, type Route } from '../route';

/**
 * The archive's list as 6.10.1 serves it (GET /api/admin/archive/features[/{projectId}], `{ version: 2, features }`,
 * each flag with `environments: []`); revive and delete for good are project routes (project-routes.ts).
 */
function wireArchived(feature: ArchivedFeature): Record<string, unknown> {
  const { name, description, type, project, stale, createdAt, impressionData, archivedAt } = feature;
  return { name, description, type, project, stale, createdAt, impressionData, lastSeenAt: null, archivedAt, environments: [] };
}

export function archiveRoutes(backend: AdminBackend): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/archive/features',
      handle: async () => reply.json(200, { version: 2, features: (await backend.listArchivedFeatures()).map(wireArchived) }),
    }),
    route({
      method: 'GET',
      path: '/api/admin/archive/features/:projectId',
      handle: async ({ params }) => {
        const features = (await backend.listArchivedFeatures()).filter((feature) => feature.project === params.projectId);
        return reply.json(200, { version: 2, features: features.map(wireArchived) });
      },
    }),
  ];
}
