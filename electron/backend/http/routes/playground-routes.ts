import type { AdminBackend } from '../../admin-backend';
import { reply, route, type Route } from '../route';
import { playgroundBody } from '../request-schemas';

/** POST /api/admin/playground (6.10.1's playground controller): evaluates, writes no event. */
export function playgroundRoutes(backend: AdminBackend): Route[] {
  return [
    route({
      method: 'POST',
      path: '/api/admin/playground',
      body: playgroundBody,
      handle: async ({ body }) => {
        const { environment, projects, context } = body;
        const answer = await backend.playground({ environment, ...(projects === undefined ? {} : { projects }), context });
        return reply.json(200, answer);
      },
    }),
  ];
}
