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
import { normaliseBaseUrl, path, withQuery } from './base-url';
import { createHttpClient, type HttpRequest, type HttpResponse } from './http-client';
import { errorFromResponse, parseBody, type Exchange } from './response';
import { sendPreflight } from './preflight';
import { fetchTransport, nodeTransport } from './transport';
import { searchEventsRequest, setOriginsRequest, toEvents } from './versioned-requests';

export interface RemoteOptions {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  maxBodyBytes?: number;
  retries?: number;
  fetch?: typeof fetch;
}

export type RemoteBackend = FixturedBackend & {
  close(): Promise<void>;
  serverVersion(): Promise<string>;
  /**
   * A view of this backend (same connections, same cached server version) whose requests are also cancelled when
   * `signal` aborts: they then fail with status 0 'AbortError'; other requests and the backend carry on.
   */
  withSignal(signal: AbortSignal): AdminBackend;
};

export const REMOTE_DEFAULTS = { timeoutMs: 15_000, maxBodyBytes: 10 * 1024 * 1024, retries: 2 } as const;

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
  const server = normaliseBaseUrl(options.baseUrl);
  const { token } = options;
  const transport = options.fetch ? fetchTransport(options.fetch) : nodeTransport();
  const http = createHttpClient({
    server,
    token,
    timeoutMs: options.timeoutMs ?? REMOTE_DEFAULTS.timeoutMs,
    maxBodyBytes: options.maxBodyBytes ?? REMOTE_DEFAULTS.maxBodyBytes,
    retries: options.retries ?? REMOTE_DEFAULTS.retries,
    transport,
  });
  let version: Promise<string> | undefined;

  const get = (p: string): HttpRequest => ({ method: 'GET', path: p });
  const post = (p: string, body: unknown): HttpRequest => ({ method: 'POST', path: p, body });
  const put = (p: string, body: unknown): HttpRequest => ({ method: 'PUT', path: p, body });

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
    async function send(operation: string, request: HttpRequest): Promise<{ res: HttpResponse; exchange: Exchange }> {
      const exchange = { operation, request, token };
      const res = await http.send(request, signal);
      if (res.status < 200 || res.status >= 300) throw errorFromResponse(res, exchange);
      return { res, exchange };
    }

    // Not built on send(): one async layer less per read showed in the bench.
    async function read<S extends z.ZodType>(
      operation: string,
      request: HttpRequest,
      schema: S,
      prepare?: (json: unknown) => unknown,
    ): Promise<z.infer<S>> {
      const res = await http.send(request, signal);
      const exchange = { operation, request, token };
      if (res.status < 200 || res.status >= 300) throw errorFromResponse(res, exchange);
      return parseBody(res, exchange, schema, prepare);
    }

    async function write(operation: string, request: HttpRequest): Promise<void> {
      await send(operation, request);
    }

    const backend: AdminBackend = {
      // --- segments ---
      async listSegments() {
        return (await read('listSegments', get('/api/admin/segments'), segmentListSchema)).segments;
      },
      getSegment: ({ id }) => read('getSegment', get(path`/api/admin/segments/${id}`), segmentSchema),
      createSegment: (input) => read('createSegment', post('/api/admin/segments', input), segmentSchema),
      updateSegment: ({ id, segment }) => write('updateSegment', put(path`/api/admin/segments/${id}`, segment)),
      async deleteSegment({ id }) {
        const request: HttpRequest = { method: 'DELETE', path: path`/api/admin/segments/${id}` };
        const res = await http.send(request, signal);
        if (res.status >= 200 && res.status < 300) return;
        // Unleash answers "in use" with a bare 409; name the segment and count its users where we can.
        if (res.status === 409 && res.text.trim() === '') {
          const [segment, usage] = await Promise.allSettled([backend.getSegment({ id }), backend.getStrategiesUsingSegment({ id })]);
          const name = segment.status === 'fulfilled' ? segment.value.name : String(id);
          throw segmentInUse(name, usage.status === 'fulfilled' ? usage.value.strategies.length : undefined);
        }
        throw errorFromResponse(res, { operation: 'deleteSegment', request, token });
      },
      getStrategiesUsingSegment: ({ id }) =>
        read('getStrategiesUsingSegment', get(path`/api/admin/segments/${id}/strategies`), segmentStrategiesSchema),
      async getSegmentsForStrategy({ strategyId }) {
        const request = get(path`/api/admin/segments/strategies/${strategyId}`);
        return (await read('getSegmentsForStrategy', request, segmentsOfStrategySchema)).segments;
      },
      async setStrategySegments(input) {
        const { res, exchange } = await send('setStrategySegments', post('/api/admin/segments/strategies', input));
        // 201 echoes the body; an empty echo (some proxies, older servers) means the same thing.
        return res.text.trim() === '' ? input : parseBody(res, exchange, echoedSegmentsSchema);
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
      corsPreflight: (input) => sendPreflight(transport, server, input, options.timeoutMs ?? REMOTE_DEFAULTS.timeoutMs),
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
    },
  };
}
