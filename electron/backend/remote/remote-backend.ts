import { z } from 'zod';
import {
  contextFieldSchema,
  environmentsSchema,
  eventQueryPageSchema,
  eventCreatorsSchema,
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
  type FlagEvent,
  type SearchEvents,
  type ServerCapabilities,
  type UiConfig,
} from '../../../shared/schemas';
import { playgroundResponseSchema } from '../../../shared/evaluation/playground-schema';
import { creatorsOf } from '../../../shared/domain/event-creators';
import { strategyWithSegments } from '../../../shared/domain/strategy-update';
import type { AdminOperations } from '../admin-backend';
import type { FixturedBackend, InstanceFixtures } from '../instance-fixtures';
import { segmentInUse } from '../errors';
import { path, withQuery } from './base-url';
import { createExchanges, type ExchangeOptions } from './exchange';
import type { HttpRequest } from './http-client';
import { createRemoteClient, type RemoteOptions } from './remote-client';
import { parseAnswer } from './response';
import { createArchivedList } from './archived-list';
import { detectCapabilities } from './capabilities';
import { searchEventsQueryRequest, seedSearchRequest, setOriginsRequest, toEvents } from './capability-requests';
import { queryEventsByScan, searchEventsByScan, seedSearchPages } from './event-scan';
import { newestFromList, newestListLimit } from './newest-events';
import { sendPreflight } from './preflight';
import { strategyTypeWrites } from './strategy-type-writes';
import { REMOTE_DEFAULTS } from './remote-client';
import { fetchTransport, nodeTransport } from './transport';

export { REMOTE_DEFAULTS, type RemoteOptions } from './remote-client';

export type RemoteBackend = FixturedBackend & {
  close(): Promise<void>;
  serverVersion(): Promise<string>;
  /** What this server offers (read once on first use: ui-config and one probe per route in question). */
  capabilities(): Promise<ServerCapabilities>;
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

/** The AdminBackend over HTTP against a real Unleash (5.x to 8.x, endpoints picked by capability). Throws ApiError for every failure. */
export function createRemoteBackend(options: RemoteOptions): RemoteBackend {
  const { http, server } = createRemoteClient(options);
  // the preflight goes without the token, on its own connections (a browser's preflight shares nothing with admin calls)
  const preflightTransport = options.fetch ? fetchTransport(options.fetch) : nodeTransport({ ca: options.ca });
  const { exchange, read: readAny, write: writeAny } = createExchanges(http, options.token);
  let version: Promise<string> | undefined;
  let offered: Promise<{ caps: ServerCapabilities; unleashUrl: string | undefined }> | undefined;

  const get = (p: string): HttpRequest => ({ method: 'GET', path: p });
  const post = (p: string, body: unknown): HttpRequest => ({ method: 'POST', path: p, body });
  const put = (p: string, body: unknown): HttpRequest => ({ method: 'PUT', path: p, body });
  const del = (p: string): HttpRequest => ({ method: 'DELETE', path: p });

  /** The version GET /ui-config reported last; else the one capability detection reads. */
  function serverVersion(via: AdminOperations): Promise<string> {
    return version ?? capabilities(via).then(({ caps }) => caps.version);
  }

  /**
   * Capabilities, detected once per backend; a failed detection is not cached. Probes are not tied to a view's
   * signal: what the server offers does not depend on who asked first.
   */
  function capabilities(via: AdminOperations): Promise<{ caps: ServerCapabilities; unleashUrl: string | undefined }> {
    if (!offered) {
      const asked = via.getUiConfig().then(async (config) => ({
        caps: await detectCapabilities(config, (request) => http.send(request)),
        unleashUrl: config.unleashUrl ?? undefined,
      }));
      offered = asked;
      asked.catch(() => {
        if (offered === asked) offered = undefined;
      });
    }
    return offered;
  }

  /** Every operation, its requests tied to `signal` when one is given; all views share the pool and the version. */
  function view(signal: AbortSignal | undefined): FixturedBackend {
    const read = <S extends z.ZodType>(operation: string, request: HttpRequest, schema: S, prepare?: (json: unknown) => unknown) =>
      readAny(operation, request, schema, { signal, prepare });
    const write = (operation: string, request: HttpRequest, more: Omit<ExchangeOptions, 'signal'> = {}) =>
      writeAny(operation, request, { ...more, signal });

    /** The newest 100 events: all a server without any search gives. */
    async function* listPages(): AsyncIterable<FlagEvent[]> {
      yield (await backend.listEvents({})).events;
    }

    const listArchived = createArchivedList(read);

    const backend: AdminOperations = {
      // --- segments ---
      // a chain, not an async function: one promise less on the call the bench times (remote backend vs direct HTTP)
      listSegments: () => read('listSegments', get('/api/admin/segments'), segmentListSchema).then((answer) => answer.segments),
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
      // The strategy's own update, which every version records (POST /segments/strategies is recorded by none):
      // read it, then put it back whole with the new list (docs/versions.md#what-each-write-records).
      async setStrategySegments({ projectId, featureName, environmentId, strategyId, segmentIds }) {
        const current = await fixtures.getFeatureStrategy(projectId, featureName, environmentId, strategyId);
        return fixtures.updateFeatureStrategy(projectId, featureName, environmentId, strategyId, strategyWithSegments(current, segmentIds));
      },

      // --- events ---
      listEvents: (query = {}) => read('listEvents', get(withQuery('/api/admin/events', { project: query.project })), eventsSchema),
      async searchEvents(input = {}) {
        const { caps } = await capabilities(backend);
        if (caps.seedEventSearch) return read('searchEvents', seedSearchRequest(input), eventsSchema);
        if (caps.eventSearch === 'search-events')
          return toEvents(await read('searchEvents', searchEventsQueryRequest(input), eventQueryPageSchema));
        return searchEventsByScan(input, () => listPages());
      },
      async queryEvents(params = {}) {
        const { caps, unleashUrl } = await capabilities(backend);
        // the unfiltered first page from the plain list: it never waits on the search's count of a large log
        const newest = newestListLimit(params);
        if (newest !== null) {
          const page = newestFromList(await backend.listEvents({}), newest, unleashUrl);
          if (page) return page;
        }
        if (caps.eventSearch === 'search-events')
          return read('queryEvents', get(withQuery('/api/admin/search/events', { ...params })), eventQueryPageSchema);
        if (caps.eventSearch === 'events-search') {
          const page = (body: SearchEvents) => read('queryEvents', seedSearchRequest(body), eventsSchema);
          return queryEventsByScan(params, (narrow) => seedSearchPages(narrow, page), unleashUrl);
        }
        return queryEventsByScan(params, () => listPages(), unleashUrl);
      },
      async queryEventsBytes(params = {}) {
        const { caps } = await capabilities(backend);
        // a first page from the plain list, as queryEvents reads it (it never waits on the search's count)
        if (caps.eventSearch !== 'search-events' || newestListLimit(params) !== null) {
          return { bytes: Buffer.from(JSON.stringify(await backend.queryEvents(params))), release: () => undefined };
        }
        const res = await exchange('queryEvents', { ...get(withQuery('/api/admin/search/events', { ...params })), bytes: true }, { signal });
        return res.bytes ?? { bytes: Buffer.from(res.text), release: () => undefined };
      },
      async listEventCreators() {
        // the route came with the query search (6.x); before it, the newest events the server shows say who wrote
        const { caps } = await capabilities(backend);
        if (caps.eventSearch === 'search-events') return read('listEventCreators', get('/api/admin/event-creators'), eventCreatorsSchema);
        return creatorsOf((await backend.queryEvents({ limit: '1000' })).events);
      },

      // --- strategy types ---
      async listStrategyTypes() {
        return (await read('listStrategyTypes', get('/api/admin/strategies'), strategyTypesSchema)).strategies;
      },
      updateStrategyType: ({ name, update }) => write('updateStrategyType', put(path`/api/admin/strategies/${name}`, update)),
      ...strategyTypeWrites(read, write),

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
        await write('setFrontendApiOrigins', setOriginsRequest((await capabilities(backend)).caps, origins));
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

      playground: (input) => read('playground', post('/api/admin/playground', input), playgroundResponseSchema),

      archiveFeatures: ({ projectId, features }) =>
        write('archiveFeatures', post(path`/api/admin/projects/${projectId}/archive`, { features })),
      // Batch revive and delete where the server has them (every line from 5.12.8 to 8.2.0 does); without them, the
      // single-flag routes, one flag at a time (docs/versions.md#routes-each-line-has).
      async reviveFeatures({ projectId, features }) {
        if ((await capabilities(backend)).caps.revive) {
          return write('reviveFeatures', post(path`/api/admin/projects/${projectId}/revive`, { features }));
        }
        for (const name of features) await write('reviveFeatures', post(path`/api/admin/archive/revive/${name}`, undefined));
      },
      async deleteArchivedFeatures({ projectId, features }) {
        if ((await capabilities(backend)).caps.revive) {
          return write('deleteArchivedFeatures', post(path`/api/admin/projects/${projectId}/delete`, { features }));
        }
        for (const name of features) await write('deleteArchivedFeatures', del(path`/api/admin/archive/${name}`));
      },
      listArchivedFeatures: () => listArchived(),
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
      updateContextField: ({ name, update }) => write('updateContextField', put(path`/api/admin/context/${name}`, update)),
      corsPreflight: (input) => sendPreflight(preflightTransport, server, input, options.timeoutMs ?? REMOTE_DEFAULTS.timeoutMs),
    };
    const strategyPath = (projectId: string, featureName: string, environment: string, strategyId: string) =>
      path`/api/admin/projects/${projectId}/features/${featureName}/environments/${environment}/strategies/${strategyId}`;
    const fixtures: InstanceFixtures = {
      getFeatureStrategy: (projectId, featureName, environment, strategyId) =>
        read('getFeatureStrategy', get(strategyPath(projectId, featureName, environment, strategyId)), featureStrategySchema),
      updateFeatureStrategy: (projectId, featureName, environment, strategyId, input) =>
        read('updateFeatureStrategy', put(strategyPath(projectId, featureName, environment, strategyId), input), featureStrategySchema),
      async linkStrategySegments(input) {
        const request = post('/api/admin/segments/strategies', input);
        const res = await exchange('linkStrategySegments', request, { signal });
        // 201 echoes the body; an empty echo (some proxies, older servers) means the same thing.
        return res.text.trim() === ''
          ? input
          : parseAnswer(res, { operation: 'linkStrategySegments', request, token: options.token }, echoedSegmentsSchema);
      },
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
      setEnvironmentEnabled: (projectId, featureName, environment, enabled) =>
        write(
          'setEnvironmentEnabled',
          post(path`/api/admin/projects/${projectId}/features/${featureName}/environments/${environment}/${enabled ? 'on' : 'off'}`, {}),
        ),
    };
    return { ...backend, fixtures, withSignal: (next) => view(next) };
  }

  const shared = view(undefined);
  return {
    ...shared,
    serverVersion: () => serverVersion(shared),
    capabilities: async () => (await capabilities(shared)).caps,
    async close() {
      http.close();
      preflightTransport.close();
    },
  };
}
