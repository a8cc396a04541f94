import type { AdminBackend } from '../../admin-backend';
import { notFound } from '../../errors';
import { reply, route, type Route } from '../route';
import { setCorsBody, setUiConfigBody } from '../request-schemas';

/** /api/admin/ui-config (docs/server-behaviour.md#ui-config): the read, the 6.x write and the 6.6+ CORS write. */
export function uiConfigRoutes(backend: AdminBackend): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/ui-config',
      handle: async () => reply.json(200, await backend.getUiConfig()),
    }),
    route({
      method: 'POST',
      path: '/api/admin/ui-config',
      body: setUiConfigBody,
      handle: async ({ body }) => {
        // Unleash answers a body without frontendSettings with a bare 404.
        if (!body.frontendSettings) throw notFound();
        await backend.setFrontendApiOrigins({ origins: body.frontendSettings.frontendApiOrigins });
        return reply.empty(204);
      },
    }),
    route({
      method: 'POST',
      path: '/api/admin/ui-config/cors',
      body: setCorsBody,
      handle: async ({ body }) => {
        if (!body.frontendApiOrigins) throw notFound();
        await backend.setFrontendApiOrigins({ origins: body.frontendApiOrigins });
        return reply.empty(204);
      },
    }),
  ];
}
