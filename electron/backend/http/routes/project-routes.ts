import type { AdminBackend } from '../../admin-backend';
import type { FixturedBackend } from '../../instance-fixtures';
import type { AddDependency, AddStrategy, CreateFeature, Feature, FeatureStrategyUpdate } from '../../../../shared/schemas';
import { isApiError } from '../../../../shared/errors';
import { notFound } from '../../errors';
import { reply, route, type Route } from '../route';
import { addDependencyBody, addStrategyBody, createContextFieldBody, createFeatureBody, updateContextFieldBody, featuresBody, updateFeatureStrategyBody } from '../request-schemas';

/**
 * Project-scoped routes: flags, their strategies and dependencies (fixture writes), archive and its validation
 * (docs/server-behaviour.md#archive-and-dependencies), plus the instance-wide reads the UI needs (projects, environments, context fields).
 */

const PROJECT = '/api/admin/projects/:projectId';

/**
 * DELETE of one flag on 6.10.1: a flag that exists nowhere is "No feature flag found", a flag of another project keeps
 * the project-match 404, and an already archived flag is archived again (202, another event), so the store's
 * "Could not find" is no error here. The lookup's sentences are Unleash's own, as every backend of this API says them.
 */
async function checkArchivable(backend: AdminBackend, projectId: string, name: string): Promise<void> {
  try {
    await backend.getFeature({ projectId, featureName: name });
  } catch (error) {
    if (!isApiError(error) || error.status !== 404) throw error;
    if (error.message === `Could not find feature flag with name ${name}`) return;
    if (error.message === `There's no feature named "${name}" in project "${projectId}".`) throw notFound('No feature flag found');
    throw error;
  }
}

/**
 * One flag of GET /projects/{p}/features as 6.10.1 writes it (projectFeatureSchema, additionalProperties false): the
 * in-process list also carries project, archived, favorite and dependencyType for the app, the wire does not (6.10.1
 * leaves favorite out too when the caller is a token rather than a user).
 */
function wireListedFeature(feature: Feature): Record<string, unknown> {
  const { type, description, name, createdAt, stale, environments } = feature;
  const { impressionData, lastSeenAt } = feature as { impressionData?: unknown; lastSeenAt?: unknown };
  return { type, description, name, createdAt, stale, impressionData, lastSeenAt, environments };
}

export function projectRoutes(backend: FixturedBackend): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/admin/projects',
      handle: async () => reply.json(200, { version: 1, projects: await backend.listProjects() }),
    }),
    route({
      method: 'GET',
      path: '/api/admin/environments',
      handle: async () => reply.json(200, { version: 1, environments: await backend.listEnvironments() }),
    }),
    route({
      method: 'GET',
      path: '/api/admin/context',
      handle: async () => reply.json(200, await backend.listContextFields()),
    }),
    route({
      method: 'POST',
      path: '/api/admin/context',
      body: createContextFieldBody,
      handle: async ({ body }) => {
        const field = await backend.createContextField({
          name: body.name,
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.stickiness !== undefined ? { stickiness: body.stickiness } : {}),
          ...(body.sortOrder !== undefined ? { sortOrder: body.sortOrder } : {}),
          ...(body.legalValues !== undefined
            ? { legalValues: body.legalValues.map((legal) => ({ value: legal.value, ...(legal.description !== undefined ? { description: legal.description } : {}) })) }
            : {}),
        });
        return reply.json(201, field, `context/${field.name}`);
      },
    }),
    route({
      method: 'PUT',
      path: '/api/admin/context/:name',
      body: updateContextFieldBody,
      handle: async ({ params, body }) => {
        await backend.updateContextField({
          name: params.name ?? '',
          update: {
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(body.stickiness !== undefined ? { stickiness: body.stickiness } : {}),
            ...(body.legalValues !== undefined
              ? { legalValues: body.legalValues.map((legal) => ({ value: legal.value, ...(legal.description !== undefined ? { description: legal.description } : {}) })) }
              : {}),
          },
        });
        return reply.empty(200);
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/admin/context/:name',
      handle: async ({ params }) => {
        await backend.deleteContextField({ name: params.name ?? '' });
        return reply.empty(200);
      },
    }),
    route({
      method: 'GET',
      path: `${PROJECT}/features`,
      handle: async ({ params }) =>
        reply.json(200, {
          version: 2,
          features: (await backend.listProjectFeatures({ projectId: params.projectId ?? '' })).map(wireListedFeature),
        }),
    }),
    route({
      method: 'POST',
      path: `${PROJECT}/features`,
      body: createFeatureBody,
      handle: async ({ params, body }) => {
        const input: CreateFeature = { name: body.name };
        if (typeof body.description === 'string') input.description = body.description;
        if (body.type !== undefined) input.type = body.type;
        return reply.json(201, await backend.fixtures.createFeature(params.projectId ?? '', input));
      },
    }),
    route({
      method: 'GET',
      path: `${PROJECT}/features/:featureName`,
      handle: async ({ params }) =>
        reply.json(200, await backend.getFeature({ projectId: params.projectId ?? '', featureName: params.featureName ?? '' })),
    }),
    route({
      method: 'DELETE',
      path: `${PROJECT}/features/:featureName`,
      handle: async ({ params }) => {
        const { projectId = '', featureName = '' } = params;
        // Archiving one flag: unlike the batch, an unknown flag is an error, so look it up first.
        await checkArchivable(backend, projectId, featureName);
        await backend.archiveFeatures({ projectId, features: [featureName] });
        return reply.empty(202);
      },
    }),
    route({
      method: 'POST',
      path: `${PROJECT}/features/:featureName/environments/:environment/strategies`,
      body: addStrategyBody,
      handle: async ({ params, body }) => {
        const input: AddStrategy = { name: body.name };
        if (body.title !== undefined) input.title = body.title;
        if (body.constraints !== undefined) input.constraints = body.constraints;
        if (body.parameters !== undefined) input.parameters = body.parameters;
        if (body.segments !== undefined) input.segments = body.segments;
        // as sent, undeclared keys included: the demo refuses those with joi's words, as the server does
        if (body.variants !== undefined) input.variants = body.variants as AddStrategy['variants'];
        const { projectId = '', featureName = '', environment = '' } = params;
        // The real server answers 200 here, not 201.
        return reply.json(200, await backend.fixtures.addFeatureStrategy(projectId, featureName, environment, input));
      },
    }),
    route({
      method: 'GET',
      path: `${PROJECT}/features/:featureName/environments/:environment/strategies/:strategyId`,
      handle: async ({ params }) => {
        const { projectId = '', featureName = '', environment = '', strategyId = '' } = params;
        return reply.json(200, await backend.fixtures.getFeatureStrategy(projectId, featureName, environment, strategyId));
      },
    }),
    route({
      method: 'PUT',
      path: `${PROJECT}/features/:featureName/environments/:environment/strategies/:strategyId`,
      body: updateFeatureStrategyBody,
      handle: async ({ params, body }) => {
        const { projectId = '', featureName = '', environment = '', strategyId = '' } = params;
        // only the declared properties reach the backend, as the real store writes only those
        const input: FeatureStrategyUpdate = {};
        for (const key of ['name', 'sortOrder', 'constraints', 'title', 'disabled', 'variants', 'segments', 'parameters'] as const) {
          if (body[key] !== undefined) Object.assign(input, { [key]: body[key] });
        }
        return reply.json(200, await backend.fixtures.updateFeatureStrategy(projectId, featureName, environment, strategyId, input));
      },
    }),
    ...(['on', 'off'] as const).map((state) =>
      route({
        method: 'POST',
        path: `${PROJECT}/features/:featureName/environments/:environment/${state}`,
        // 6.10.1 switches with no body and no content type (asked with curl)
        acceptAnyContentType: true,
        handle: async ({ params }) => {
          const { projectId = '', featureName = '', environment = '' } = params;
          await backend.setFeatureEnvironmentEnabled({ projectId, featureName, environment, enabled: state === 'on' });
          return reply.empty(200);
        },
      }),
    ),
    route({
      method: 'POST',
      path: `${PROJECT}/features/:featureName/dependencies`,
      body: addDependencyBody,
      handle: async ({ params, body }) => {
        const input: AddDependency = { feature: body.feature };
        if (body.enabled !== undefined) input.enabled = body.enabled;
        await backend.fixtures.addDependency(params.projectId ?? '', params.featureName ?? '', input);
        return reply.empty(200);
      },
    }),
    route({
      method: 'POST',
      path: `${PROJECT}/archive/validate`,
      body: featuresBody,
      handle: async ({ params, body }) =>
        reply.json(200, await backend.validateArchive({ projectId: params.projectId ?? '', features: body.features })),
    }),
    route({
      method: 'POST',
      path: `${PROJECT}/archive`,
      body: featuresBody,
      handle: async ({ params, body }) => {
        await backend.archiveFeatures({ projectId: params.projectId ?? '', features: body.features });
        return reply.empty(202);
      },
    }),
    route({
      method: 'POST',
      path: `${PROJECT}/revive`,
      body: featuresBody,
      handle: async ({ params, body }) => {
        await backend.reviveFeatures({ projectId: params.projectId ?? '', features: body.features });
        return reply.empty(200);
      },
    }),
    route({
      method: 'POST',
      path: `${PROJECT}/delete`,
      body: featuresBody,
      handle: async ({ params, body }) => {
        await backend.deleteArchivedFeatures({ projectId: params.projectId ?? '', features: body.features });
        return reply.empty(200);
      },
    }),
  ];
}
