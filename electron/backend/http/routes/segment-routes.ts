import type { FixturedBackend } from '../../instance-fixtures';
import type { UpsertSegment } from '../../../../shared/schemas';
import { reply, route, type Route } from '../route';
import { segmentIdParams, strategySegmentsBody, upsertSegmentBody } from '../request-schemas';
import type { z } from 'zod';

/** /api/admin/segments (docs/server-behaviour.md#segments). Literal paths come before `/:id`, as Unleash declares them. */

const BASE = '/api/admin/segments';

/** Unleash's PUT keeps only these four fields; a missing description stays missing (left unchanged). */
function upsertInput(body: z.output<typeof upsertSegmentBody>): UpsertSegment {
  const input: UpsertSegment = { name: body.name, constraints: body.constraints };
  if (body.description !== undefined) input.description = body.description;
  if (body.project !== undefined) input.project = body.project;
  return input;
}

export function segmentRoutes(backend: FixturedBackend): Route[] {
  return [
    route({
      method: 'GET',
      path: BASE,
      handle: async () => reply.json(200, { segments: await backend.listSegments() }),
    }),
    route({
      method: 'POST',
      path: BASE,
      body: upsertSegmentBody,
      handle: async ({ body }) => {
        const created = await backend.createSegment(upsertInput(body));
        return reply.json(201, created, `segments/${created.id}`);
      },
    }),
    route({
      method: 'POST',
      path: `${BASE}/strategies`,
      body: strategySegmentsBody,
      handle: async ({ body }) => {
        const { projectId, strategyId, environmentId, segmentIds } = body;
        // the bare link, recorded by no version (the app sends the strategy update instead)
        await backend.fixtures.linkStrategySegments({ projectId, strategyId, environmentId, segmentIds });
        // Unleash echoes the request body itself, extra properties included.
        return reply.json(201, body, `strategies/${strategyId}`);
      },
    }),
    route({
      method: 'GET',
      path: `${BASE}/strategies/:strategyId`,
      handle: async ({ params }) =>
        reply.json(200, { segments: await backend.getSegmentsForStrategy({ strategyId: params.strategyId ?? '' }) }),
    }),
    route({
      method: 'GET',
      path: `${BASE}/:id/strategies`,
      params: segmentIdParams,
      handle: async ({ params }) => reply.json(200, await backend.getStrategiesUsingSegment({ id: params.id })),
    }),
    route({
      method: 'GET',
      path: `${BASE}/:id`,
      params: segmentIdParams,
      handle: async ({ params }) => reply.json(200, await backend.getSegment({ id: params.id })),
    }),
    route({
      method: 'PUT',
      path: `${BASE}/:id`,
      params: segmentIdParams,
      body: upsertSegmentBody,
      handle: async ({ params, body }) => {
        await backend.updateSegment({ id: params.id, segment: upsertInput(body) });
        return reply.empty(204);
      },
    }),
    route({
      method: 'DELETE',
      path: `${BASE}/:id`,
      params: segmentIdParams,
      handle: async ({ params }) => {
        await backend.deleteSegment({ id: params.id });
        return reply.empty(204);
      },
    }),
  ];
}
