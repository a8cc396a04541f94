import { z } from 'zod';
import {
  contextFieldSchema,
  environmentsSchema,
  eventQueryPageSchema,
  eventsSchema,
  featureSchema,
  featureStrategySchema,
  projectFeaturesSchema,
  projectsSchema,
  segmentListSchema,
  segmentSchema,
  segmentStrategiesSchema,
  setStrategySegmentsSchema,
  strategyTypeSchema,
  strategyTypesSchema,
  uiConfigSchema,
  validateArchiveFeaturesSchema,
  type UiConfig,
} from '../../../shared/schemas';
import type { AdminBackend } from '../admin-backend';
import type { FixturedBackend, InstanceFixtures } from '../instance-fixtures';
import { segmentInUse } from '../errors';
import { path, withQuery } from './base-url';
import { createExchanges, type ExchangeOptions } from './exchange';
import type { HttpRequest } from './http-client';
import { createRemoteClient, type RemoteOptions } from './remote-client';
import { parseAnswer } from './response';
import { sendPreflight } from './preflight';
import { REMOTE_DEFAULTS } from './remote-client';
import { fetchTransport, nodeTransport } from './transport';
import { searchEventsRequest, setOriginsRequest, toEvents } from './versioned-requests';

export { REMOTE_DEFAULTS, type RemoteOptions } from './remote-client';

export type RemoteBackend = FixturedBackend & {
  close(): Promise<void>;
  serverVersion(): Promise<string>;
  /**
   * A view of this backend (same connections, same cached server version) whose requests are also cancelled when
   * `signal` aborts: they then fail with status 0 'AbortError'; other requests and the backend carry on.
   */
  withSignal(signal: AbortSignal): AdminBackend;
};

const segmentsOfStrategySchema = z.looseObject({ segments: z.array(segmentSchema) });
const contextFieldsSchema = z.array(contextFieldSchema);
const echoedSegmentsSchema = setStrategySegmentsSchema.loose();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Feature bodies of /projects/{p}/features leave `project` out; the path says which it is. */
function withProject(projectId: string) {
  return (json: unknown): unknown => (isRecord(json) && json.project === undefined ? { ...json, project: projectId } : json);
}

/** The AdminBackend over HTTP against a real Unleash (6.x or 7+/8.x). Throws ApiError for every failure. */
export function createRemoteBackend(options: RemoteOptions): RemoteBackend {
  const { http, server } = createRemoteClient(options);
  // the preflight goes without the token, on its own connections (a browser's preflight shares nothing with admin calls)
  const preflightTransport = options.fetch ? fetchTransport(options.fetch) : nodeTransport({ ca: options.ca });
  const { exchange, read: readAny, write: writeAny } = createExchanges(http, options.token);
  let version: Promise<string> | undefined;

  const get = (p: string): HttpRequest => ({ method: 'GET', path: p });
  const post = (p: string, body: unknown): HttpRequest => ({ method: 'POST', path: p, body });
  const put = (p: string, body: unknown): HttpRequest => ({ method: 'PUT', path: p, body });
  const del = (p: string): HttpRequest => ({ method: 'DELETE', path: p });

  /** The version GET /ui-config reports, asked once per backend (through the asking view); a failed ask is not cached. */
  function serverVersion(via: AdminBackend): Promise<string> {
    if (!version) {
      const asked = via.getUiConfig().then((config) => config.version);
      version = asked;
      asked.catch(() => {
        if (version === asked) version = undefined;
      });
    }
    return version;
  }

  /** Every operation, its requests tied to `signal` when one is given; all views share the pool and the version. */
  function view(signal: AbortSignal | undefined): FixturedBackend {
    const read = <S extends z.ZodType>(operation: string, request: HttpRequest, schema: S, prepare?: (json: unknown) => unknown) =>
      readAny(operation, request, schema, { signal, ...(prepare ? { prepare } : {}) });
    const write = (operation: string, request: HttpRequest, more: Omit<ExchangeOptions, 'signal'> = {}) =>
      writeAny(operation, request, { ...more, signal });

    const backend: AdminBackend = {
      // --- segments ---
      async listSegments() {
        return (await read('listSegments', get('/api/admin/segments'), segmentListSchema)).segments;
      },
      getSegment: ({ id }) => read('getSegment', get(path`/api/admin/segments/${id}`), segmentSchema),
      createSegment: (input) => read('createSegment', post('/api/admin/segments', input), segmentSchema),
      updateSegment: ({ id, segment }) => write('updateSegment', put(path`/api/admin/segments/${id}`, segment)),
      deleteSegment: ({ id }) =>
        write('deleteSegment', del(path`/api/admin/segments/${id}`), {
          // Unleash answers "in use" with a bare 409; name the segment and count its users where we can.
          explain: async (res) => {
            if (res.status !== 409 || res.text.trim() !== '') return undefined;
            const [segment, usage] = await Promise.allSettled([backend.getSegment({ id }), backend.getStrategiesUsingSegment({ id })]);
            const name = segment.status === 'fulfilled' ? segment.value.name : String(id);
            return segmentInUse(name, usage.status === 'fulfilled' ? usage.value.strategies.length : undefined);
          },
        }),
      getStrategiesUsingSegment: ({ id }) =>
        read('getStrategiesUsingSegment', get(path`/api/admin/segments/${id}/strategies`), segmentStrategiesSchema),
      async getSegmentsForStrategy({ strategyId }) {
        const request = get(path`/api/admin/segments/strategies/${strategyId}`);
        return (await read('getSegmentsForStrategy', request, segmentsOfStrategySchema)).segments;
      },
      async setStrategySegments(input) {
        const request = post('/api/admin/segments/strategies', input);
        const res = await exchange('setStrategySegments', request, { signal });
        // 201 echoes the body; an empty echo (some proxies, older servers) means the same thing.
        return res.text.trim() === ''
          ? input
          : parseAnswer(res, { operation: 'setStrategySegments', request, token: options.token }, echoedSegmentsSchema);
      },

      // --- events ---
      listEvents: (query = {}) => read('listEvents', get(withQuery('/api/admin/events', { project: query.project })), eventsSchema),
      async searchEvents(input = {}) {
        const request = searchEventsRequest(await serverVersion(backend), input);
        if (request.method === 'POST') return read('searchEvents', request, eventsSchema);
        return toEvents(await read('searchEvents', request, eventQueryPageSchema));
      },
      queryEvents: (params = {}) =>
        read('queryEvents', get(withQuery('/api/admin/search/events', { ...params })), eventQueryPageSchema),

      // --- strategy types ---
      async listStrategyTypes() {
        return (await read('listStrategyTypes', get('/api/admin/strategies'), strategyTypesSchema)).strategies;
      },
      updateStrategyType: ({ name, update }) => write('updateStrategyType', put(path`/api/admin/strategies/${name}`, update)),

      // --- archive validation ---
      validateArchive: ({ projectId, features }) =>
        read(
          'validateArchive',
          post(path`/api/admin/projects/${projectId}/archive/validate`, { features }),
          validateArchiveFeaturesSchema,
        ),

      // --- UI config ---
      async getUiConfig(): Promise<UiConfig> {
        const config = await read('getUiConfig', get('/api/admin/ui-config'), uiConfigSchema);
        version = Promise.resolve(config.version);
        return config;
      },
      async setFrontendApiOrigins({ origins }) {
        await write('setFrontendApiOrigins', setOriginsRequest(await serverVersion(backend), origins));
      },

      // --- reads the UI needs ---
      async listProjects() {
        return (await read('listProjects', get('/api/admin/projects'), projectsSchema)).projects;
      },
      async listEnvironments() {
        return (await read('listEnvironments', get('/api/admin/environments'), environmentsSchema)).environments;
      },
      async listProjectFeatures({ projectId }) {
        const fill = withProject(projectId);
        const prepare = (json: unknown): unknown =>
          isRecord(json) && Array.isArray(json.features) ? { ...json, features: json.features.map(fill) } : json;
        const request = get(path`/api/admin/projects/${projectId}/features`);
        return (await read('listProjectFeatures', request, projectFeaturesSchema, prepare)).features;
      },
      getFeature: ({ projectId, featureName }) =>
        read(
          'getFeature',
          get(path`/api/admin/projects/${projectId}/features/${featureName}`),
          featureSchema,
          withProject(projectId),
        ),
      listContextFields: () => read('listContextFields', get('/api/admin/context'), contextFieldsSchema),

      archiveFeatures: ({ projectId, features }) =>
        write('archiveFeatures', post(path`/api/admin/projects/${projectId}/archive`, { features })),
      reviveFeatures: ({ projectId, features }) =>
        write('reviveFeatures', post(path`/api/admin/projects/${projectId}/revive`, { features })),
      deleteArchivedFeatures: ({ projectId, features }) =>
        write('deleteArchivedFeatures', post(path`/api/admin/projects/${projectId}/delete`, { features })),
      setFeatureEnvironmentEnabled: ({ projectId, featureName, environment, enabled }) =>
        write(
          'setFeatureEnvironmentEnabled',
          post(
            `${path`/api/admin/projects/${projectId}/features/${featureName}/environments/${environment}`}/${enabled ? 'on' : 'off'}`,
            undefined,
          ),
        ),
      createContextField: (input) => read('createContextField', post('/api/admin/context', input), contextFieldSchema),
      deleteContextField: ({ name }) => write('deleteContextField', { method: 'DELETE', path: path`/api/admin/context/${name}` }),
      corsPreflight: (input) => sendPreflight(preflightTransport, server, input, options.timeoutMs ?? REMOTE_DEFAULTS.timeoutMs),
    };
    const fixtures: InstanceFixtures = {
      createFeature: (projectId, input) =>
        read('createFeature', post(path`/api/admin/projects/${projectId}/features`, input), featureSchema, withProject(projectId)),
      addFeatureStrategy: (projectId, featureName, environment, input) =>
        read(
          'addFeatureStrategy',
          post(path`/api/admin/projects/${projectId}/features/${featureName}/environments/${environment}/strategies`, input),
          featureStrategySchema,
        ),
      addDependency: (projectId, childFeature, input) =>
        write('addDependency', post(path`/api/admin/projects/${projectId}/features/${childFeature}/dependencies`, input)),
      createStrategyType: (input) => read('createStrategyType', post('/api/admin/strategies', input), strategyTypeSchema),
    };
    return { ...backend, fixtures };
  }

  const shared = view(undefined);
  return {
    ...shared,
    serverVersion: () => serverVersion(shared),
    withSignal: (signal) => view(signal),
    async close() {
      http.close();
      preflightTransport.close();
    },
  };
}
