import type { AdminBackend, AdminOperations } from '../../admin-backend';
import type { FixturedBackend, InstanceFixtures } from '../../instance-fixtures';
import type { Segment } from '../../../../shared/schemas';

/**
 * A backend that records how the face called it and answers with fixed, Unleash-shaped data. The face's unit
 * tests need exactly this: they check the translation between the wire and AdminBackend calls, not the business
 * rules (the behaviour suite runs the face over the demo backend for those).
 */

export interface Call {
  method: keyof AdminBackend | keyof InstanceFixtures;
  args: unknown[];
}

export const sampleSegment: Segment = {
  id: 1,
  name: 'beta-users',
  description: null,
  constraints: [{ values: ['u1'], inverted: false, operator: 'IN', contextName: 'userId', caseInsensitive: false }],
  createdBy: 'admin',
  createdAt: '2026-11-22T12:47:53.586Z',
};

const answers: AdminOperations & InstanceFixtures = {
  listSegments: async () => [{ ...sampleSegment, usedInFeatures: 0, usedInProjects: 0 }],
  getSegment: async ({ id }) => ({ ...sampleSegment, id }),
  createSegment: async (input) => ({ ...sampleSegment, id: 7, name: input.name }),
  updateSegment: async () => undefined,
  deleteSegment: async () => undefined,
  getStrategiesUsingSegment: async () => ({ strategies: [], changeRequestStrategies: [] }),
  getSegmentsForStrategy: async () => [sampleSegment],
  setStrategySegments: async (input) => ({ id: input.strategyId, name: 'default', segments: input.segmentIds }),
  listEvents: async () => ({ version: 1, events: [], totalEvents: 0 }),
  searchEvents: async () => ({ version: 1, events: [], totalEvents: 0 }),
  queryEvents: async () => ({ events: [], total: 0 }),
  queryEventsBytes: async () => ({ bytes: Buffer.from('{"events":[],"total":0}'), release: () => undefined }),
  listEventCreators: async () => [{ id: -42, name: 'admin' }],
  listStrategyTypes: async () => [
    { name: 'default', displayName: 'Standard', description: null, editable: false, deprecated: false, parameters: [], title: null },
  ],
  updateStrategyType: async () => undefined,
  deprecateStrategyType: async () => undefined,
  reactivateStrategyType: async () => undefined,
  deleteStrategyType: async () => undefined,
  validateArchive: async () => ({ parentsWithChildFeatures: [], hasDeletedDependencies: false }),
  getUiConfig: async () => ({ version: '6.10.1', unleashUrl: 'http://localhost:4242', baseUriPath: '', frontendApiOrigins: ['*'] }),
  setFrontendApiOrigins: async () => undefined,
  listProjects: async () => [{ id: 'default', name: 'Default' }],
  listEnvironments: async () => [{ name: 'development', type: 'development', enabled: true, sortOrder: 100 }],
  listProjectFeatures: async ({ projectId }) => [{ name: 'checkout', project: projectId }],
  getFeature: async ({ projectId, featureName }) => ({ name: featureName, project: projectId, environments: [] }),
  listContextFields: async () => [{ name: 'userId', description: 'Allows you to constrain on userId', stickiness: true }],
  playground: async (input) => ({ input, features: [] }),
  createFeature: async (projectId, input) => ({ name: input.name, project: projectId, type: input.type ?? 'release' }),
  addFeatureStrategy: async (_project, _feature, _env, input) => ({
    id: '2649d756-5beb-4da8-a8a0-90de7a0e8613',
    name: input.name,
    constraints: input.constraints ?? [],
    parameters: input.parameters ?? {},
    segments: input.segments ?? [],
  }),
  getFeatureStrategy: async (_project, _feature, _env, strategyId) => ({ id: strategyId, name: 'default', constraints: [], parameters: {}, segments: [] }),
  updateFeatureStrategy: async (_project, _feature, _env, strategyId, input) => ({ ...input, id: strategyId, name: input.name ?? 'default' }),
  linkStrategySegments: async (input) => input,
  addDependency: async () => undefined,
  archiveFeatures: async () => undefined,
  setEnvironmentEnabled: async () => undefined,
  reviveFeatures: async () => undefined,
  listArchivedFeatures: async () => [],
  deleteArchivedFeatures: async () => undefined,
  setFeatureEnvironmentEnabled: async () => undefined,
  createContextField: async (input) => ({ name: input.name, description: input.description ?? null, stickiness: false, sortOrder: 0, legalValues: input.legalValues ?? [] }),
  deleteContextField: async () => undefined,
  updateContextField: async () => undefined,
  corsPreflight: async (input) => ({
    url: 'recording:/api/frontend',
    status: 204,
    allowed: true,
    reason: 'recorded',
    headers: [['access-control-allow-origin', input.origin]],
    maxAgeSeconds: 86400,
    answeredBy: 'demo',
  }),
  createStrategyType: async (input) => ({
    name: input.name,
    displayName: null,
    description: input.description ?? null,
    editable: true,
    deprecated: false,
    parameters: input.parameters,
    title: null,
  }),
};

type Answers = AdminOperations & InstanceFixtures;

/** `overrides` replace single answers, e.g. to throw the ApiError a test needs; fixture calls are recorded too. */
export function recordingBackend(overrides: Partial<Answers> = {}): { backend: FixturedBackend; calls: Call[] } {
  const calls: Call[] = [];
  const merged: Answers = { ...answers, ...overrides };
  const recorded = new Proxy(merged, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push({ method: property as Call['method'], args });
        return (value as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
  const backend: FixturedBackend = Object.assign(Object.create(recorded) as Answers, {
    fixtures: recorded,
    withSignal: (): AdminBackend => backend,
  });
  return { backend, calls };
}
