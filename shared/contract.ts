import { z } from 'zod';
import type { ChannelName, PushEventName } from './channels';
import {
  boundedName,
  apiErrorShapeSchema,
  BOUNDS,
  archiveRunSchema,
  archivedFeatureSchema,
  archivedFlagsSchema,
  deleteFlagsRunSchema,
  flagRefSchema,
  reviveFlagsInputSchema,
  reviveFlagsRunSchema,
  createContextFieldSchema,
  preflightRequestSchema,
  preflightResultSchema,
  restoreRunSchema,
  reviveRunSchema,
  strategyUsageSchema,
  adminSegmentSchema,
  appInfoSchema,
  batchFeaturesSchema,
  connectionReportSchema,
  connectionStatusSchema,
  contextFieldSchema,
  environmentSchema,
  eventHistogramInputSchema,
  eventHistogramSchema,
  eventIndexStatusSchema,
  eventQueryPageSchema,
  eventCreatorsSchema,
  exportEventsInputSchema,
  exportProgressSchema,
  exportResultSchema,
  eventQueryParamsSchema,
  eventsSchema,
  featureSchema,
  featureStrategySchema,
  frontendOriginsSchema,
  pathIdSchema,
  listEventsQuerySchema,
  profileIdInputSchema,
  projectSchema,
  saveProfileInputSchema,
  saveStatusSchema,
  searchEventsSchema,
  segmentIdSchema,
  segmentSchema,
  segmentStrategiesSchema,
  setProtectionInputSchema,
  strategySegmentsChangeSchema,
  strategyNameSchema,
  createStrategyTypeSchema,
  strategyTypeSchema,
  testConnectionInputSchema,
  uiConfigSchema,
  updateStrategySchema,
  upsertSegmentSchema,
  validateArchiveFeaturesSchema,
} from './schemas';
import { playgroundRequestSchema, playgroundResponseSchema } from './evaluation/playground-schema';

/**
 * The IPC contract: every channel the renderer may invoke, with the zod schema of its input and output.
 * Main validates inputs (and outputs) against it; the renderer's types come from it. Names are `<area>.<verb>`.
 */
const none = z.strictObject({});
const nothing = z.null();
const id = z.strictObject({ id: segmentIdSchema });
/** Ids that become path segments of a request: no dot segments, no slashes (shared/schemas/path-id.ts). */
const projectId = pathIdSchema;
const featureName = pathIdSchema;

interface ChannelSpec {
  input: z.ZodType;
  output: z.ZodType;
}

function channel<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { input, output };
}

export const contract = {
  // segments
  'segments.list': channel(none, z.array(adminSegmentSchema)),
  'segments.get': channel(id, segmentSchema),
  'segments.create': channel(upsertSegmentSchema, segmentSchema),
  'segments.update': channel(z.strictObject({ id: segmentIdSchema, segment: upsertSegmentSchema }), nothing),
  'segments.delete': channel(id, nothing),
  'segments.strategies': channel(id, segmentStrategiesSchema),
  'segments.forStrategy': channel(z.strictObject({ strategyId: pathIdSchema }), z.array(segmentSchema)),
  /** The strategy's update with its new segments (the write servers record); answers the strategy as stored. */
  'segments.setForStrategy': channel(strategySegmentsChangeSchema, featureStrategySchema),
  // events
  'events.list': channel(listEventsQuerySchema, eventsSchema),
  'events.search': channel(searchEventsSchema, eventsSchema),
  /** The 7+/8.x search (also served by 6.10.1): `IS:`/`IS_ANY_OF:` filters, label and summary on each event. */
  'events.query': channel(eventQueryParamsSchema, eventQueryPageSchema),
  /**
   * The browser's read: the profile's local copy when complete (says how fresh), else the server's search. `rows`:
   * each event without data, preData and tags (a list row shows none of them; the detail reads its event by id).
   */
  'events.browse': channel(
    eventQueryParamsSchema.extend({ rows: z.boolean().optional() }),
    eventQueryPageSchema.extend({ source: z.enum(['local', 'server']), syncedAt: z.string().nullable() }),
  ),
  'events.histogram': channel(eventHistogramInputSchema, eventHistogramSchema),
  /** Who wrote events (user id and name), for the created-by filter: the local copy's when complete, else the server's. */
  'events.creators': channel(none, eventCreatorsSchema),
  /** Main asks where to save (the page never names a path) and streams the whole filtered result there. */
  'events.export': channel(exportEventsInputSchema, exportResultSchema),
  'events.cancelExport': channel(none, nothing),
  /** Live tail: poll for new events; watched types raise an OS notification. */
  'events.follow': channel(z.strictObject({ watchedTypes: z.array(boundedName(100)).max(200) }), nothing),
  'events.unfollow': channel(none, nothing),
  // the local copy of the active remote profile's event log
  'eventIndex.status': channel(none, eventIndexStatusSchema),
  'eventIndex.sync': channel(none, eventIndexStatusSchema),
  'eventIndex.stop': channel(none, eventIndexStatusSchema),
  'eventIndex.remove': channel(none, eventIndexStatusSchema),
  // strategy types
  'strategyTypes.list': channel(none, z.array(strategyTypeSchema)),
  'strategyTypes.update': channel(z.strictObject({ name: strategyNameSchema, update: updateStrategySchema }), nothing),
  /** POST /strategies: 201 with the stored type; 409 when the name is taken (built-in names included). */
  'strategyTypes.create': channel(createStrategyTypeSchema, strategyTypeSchema),
  /** Deprecated types stay usable by flags that have them; Unleash's UI offers them no more for new strategies. */
  'strategyTypes.deprecate': channel(z.strictObject({ name: strategyNameSchema }), nothing),
  'strategyTypes.reactivate': channel(z.strictObject({ name: strategyNameSchema }), nothing),
  /**
   * Refused in main (409 StrategyTypeInUseError) while a strategy of an active flag uses the type: the server deletes
   * it anyway and leaves those strategies naming a type that no longer exists.
   */
  'strategyTypes.delete': channel(z.strictObject({ name: strategyNameSchema }), nothing),
  // archive validation
  'archive.validate': channel(
    batchFeaturesSchema.extend({ projectId }),
    validateArchiveFeaturesSchema,
  ),
  /** Revive (POST .../revive): every named flag comes back off everywhere; removed dependencies stay removed. */
  'archive.revive': channel(batchFeaturesSchema.extend({ projectId }), nothing),
  /** Delete from the archive for good (POST .../delete). */
  'archive.deleteArchived': channel(batchFeaturesSchema.extend({ projectId }), nothing),
  /** Validate, archive, and remember the dependencies the archive removed (so revive can offer them back). */
  'archive.run': channel(batchFeaturesSchema.extend({ projectId }), archiveRunSchema),
  /** Revive, then list the dependencies Flagdesk removed when these flags were archived. */
  'archive.reviveWithRecord': channel(batchFeaturesSchema.extend({ projectId }), reviveRunSchema),
  /** The dry-run report (Markdown), saved through main's save dialog; answers the chosen file's name only. */
  'archive.exportReport': channel(
    batchFeaturesSchema.extend({ projectId }),
    z.strictObject({ saved: z.boolean(), fileName: z.string().nullable() }),
  ),
  /** Every archived flag of every project, as the server lists them. */
  'archive.listArchived': channel(none, z.array(archivedFeatureSchema)),
  /** The Archive screen's list: archived flags with who archived them (event log) and their recorded dependencies. */
  'archive.archivedFlags': channel(none, archivedFlagsSchema),
  /** Revive flags of any projects (a batch per project) and add back the chosen recorded dependencies. */
  'archive.reviveFlags': channel(reviveFlagsInputSchema, reviveFlagsRunSchema),
  /** Delete archived flags of any projects for good (a batch per project); their recorded dependencies are dropped. */
  'archive.deleteFlags': channel(z.strictObject({ flags: z.array(flagRefSchema).min(1).max(BOUNDS.features) }), deleteFlagsRunSchema),
  'archive.restoreDependencies': channel(z.strictObject({ projectId, children: z.array(featureName).max(BOUNDS.features) }), restoreRunSchema),
  /** Every strategy of every active flag (of one type when named), with its stored parameters. */
  'strategyTypes.usage': channel(z.strictObject({ name: strategyNameSchema.optional() }), z.array(strategyUsageSchema)),
  // UI configuration
  /** The front-end API's CORS preflight with a chosen Origin, sent by main (the demo answers as Unleash would). */
  'uiConfig.preflight': channel(preflightRequestSchema, preflightResultSchema),
  'uiConfig.get': channel(none, uiConfigSchema),
  'uiConfig.setOrigins': channel(z.strictObject({ origins: frontendOriginsSchema }), nothing),
  // instance reads
  'instance.projects': channel(none, z.array(projectSchema)),
  'instance.environments': channel(none, z.array(environmentSchema)),
  'instance.features': channel(z.strictObject({ projectId }), z.array(featureSchema)),
  'instance.feature': channel(z.strictObject({ projectId, featureName }), featureSchema),
  'instance.contextFields': channel(none, z.array(contextFieldSchema)),
  // instance writes (the fixtures tests need live on the demo's fixtures, not here)
  'instance.archiveFeatures': channel(batchFeaturesSchema.extend({ projectId }), nothing),
  // playground: the server's own evaluation (POST /api/admin/playground), for comparison with the local one
  'playground.evaluate': channel(playgroundRequestSchema, playgroundResponseSchema),
  /** Main opens a file dialog (the page never names a path) and answers the chosen CSV's text; null when cancelled. */
  'playground.openContextsFile': channel(none, z.strictObject({ name: z.string(), text: z.string() }).nullable()),
  'instance.setEnvironmentEnabled': channel(
    z.strictObject({ projectId, featureName, environment: pathIdSchema, enabled: z.boolean() }),
    nothing,
  ),
  'instance.createContextField': channel(createContextFieldSchema, contextFieldSchema),
  'instance.deleteContextField': channel(z.strictObject({ name: pathIdSchema }), nothing),
  // connections
  'connections.status': channel(none, connectionStatusSchema),
  'connections.save': channel(saveProfileInputSchema, connectionStatusSchema),
  'connections.remove': channel(profileIdInputSchema, connectionStatusSchema),
  'connections.activate': channel(profileIdInputSchema, connectionStatusSchema),
  'connections.test': channel(testConnectionInputSchema, connectionReportSchema),
  'connections.setProtection': channel(setProtectionInputSchema, connectionStatusSchema),
  /** Main opens a file dialog (the page never names a path) and the profile trusts the chosen CA certificate. */
  'connections.chooseCaFile': channel(profileIdInputSchema, connectionStatusSchema),
  'connections.clearCaFile': channel(profileIdInputSchema, connectionStatusSchema),
  // app
  'app.info': channel(none, appInfoSchema),
  'demo.reset': channel(none, nothing),
  /** Whether the demo's changes reach the disk (also pushed as 'demo.saveStatus' whenever it changes). */
  'demo.saveStatus': channel(none, saveStatusSchema),
} as const satisfies { readonly [C in ChannelName]: ChannelSpec };

export type Contract = typeof contract;
export type Channel = keyof Contract;
/** What the page sends. */
export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>;
/** What main's handler receives: the input after the contract's schema parsed it (defaults filled in). */
export type ParsedInput<C extends Channel> = z.output<Contract[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<Contract[C]['output']>;

export const CHANNELS = Object.keys(contract) as Channel[];

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && Object.hasOwn(contract, value);
}

/** Pushes from main to the renderer (only to the app's own window). */
export const contractEvents = {
  'connections.changed': connectionStatusSchema,
  'demo.saveStatus': saveStatusSchema,
  'events.exportProgress': exportProgressSchema,
  'events.arrived': z.strictObject({ newestId: z.number().int(), count: z.number().int().min(1) }),
  'eventIndex.changed': eventIndexStatusSchema,
} as const satisfies { readonly [E in PushEventName]: z.ZodType };
export type PushEvent = keyof typeof contractEvents;
export type PushPayload<E extends PushEvent> = z.output<(typeof contractEvents)[E]>;
export const PUSH_EVENTS = Object.keys(contractEvents) as PushEvent[];

/** What every invoke resolves to: handlers never throw across IPC. */
export const ipcErrorSchema = apiErrorShapeSchema;
export type IpcError = z.infer<typeof ipcErrorSchema>;
export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError };

/** The API the preload exposes as window.flagdesk. */
export interface FlagdeskBridge {
  invoke<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<IpcResult<ChannelOutput<C>>>;
  on<E extends PushEvent>(event: E, callback: (payload: z.output<(typeof contractEvents)[E]>) => void): () => void;
}
