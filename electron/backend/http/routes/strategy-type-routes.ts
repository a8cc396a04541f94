import type { z } from 'zod';
import type { FixturedBackend } from '../../instance-fixtures';
import { notFound } from '../../errors';
import type { StrategyParameterInput, UpdateStrategy } from '../../../../shared/schemas';
import { reply, route, type Route } from '../route';
import { createStrategyBody, updateStrategyBody } from '../request-schemas';

/** /api/admin/strategies (docs/server-behaviour.md#strategy-types). */

type ParameterBody = z.output<typeof updateStrategyBody>['parameters'][number];

/** joi strips unknown keys, inside parameters too. */
function parameterInput(parameter: ParameterBody): StrategyParameterInput {
  const input: StrategyParameterInput = { name: parameter.name, type: parameter.type };
  if (parameter.description !== undefined) input.description = parameter.description;
  if (parameter.required !== undefined) input.required = parameter.required;
  return input;
}

function updateInput(body: z.output<typeof updateStrategyBody>): UpdateStrategy {
  const input: UpdateStrategy = { parameters: body.parameters.map(parameterInput) };
  if (body.description !== undefined) input.description = body.description;
  if (body.title !== undefined) input.title = body.title;
  return input;
}

export function strategyTypeRoutes(backend: FixturedBackend): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/strategies',
      handle: async () => reply.json(200, { version: 1, strategies: await backend.listStrategyTypes() }),
    }),
    route({
      method: 'GET',
      path: '/api/admin/strategies/:name',
      handle: async ({ params }) => {
        const found = (await backend.listStrategyTypes()).find((strategy) => strategy.name === params.name);
        if (!found) throw notFound('No strategy found');
        return reply.json(200, found);
      },
    }),
    route({
      method: 'POST',
      path: '/api/admin/strategies',
      body: createStrategyBody,
      handle: async ({ body }) => {
        const created = await backend.createStrategyType({ ...updateInput(body), name: body.name });
        return reply.json(201, created, `strategies/${created.name}`);
      },
    }),
    route({
      method: 'PUT',
      path: '/api/admin/strategies/:name',
      body: updateStrategyBody,
      handle: async ({ params, body }) => {
        // The path names the strategy; a `name` in the body is ignored, as Unleash does.
        await backend.updateStrategyType({ name: params.name ?? '', update: updateInput(body) });
        return reply.empty(200);
      },
    }),
    // deprecate and reactivate take no body and any content type; delete names the type by its path alone
    route({
      method: 'POST',
      path: '/api/admin/strategies/:name/deprecate',
      acceptAnyContentType: true,
      handle: async ({ params }) => {
        await backend.deprecateStrategyType({ name: params.name ?? '' });
        return reply.empty(200);
      },
    }),
    route({
      method: 'POST',
      path: '/api/admin/strategies/:name/reactivate',
      acceptAnyContentType: true,
      handle: async ({ params }) => {
        await backend.reactivateStrategyType({ name: params.name ?? '' });
        return reply.empty(200);
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/admin/strategies/:name',
      handle: async ({ params }) => {
        await backend.deleteStrategyType({ name: params.name ?? '' });
        return reply.empty(200);
      },
    }),
  ];
}
