import { z } from 'zod';
import {
  boundedName,
  createStrategyTypeSchema,
  apiErrorShapeSchema,
  applyInputSchema,
  bundleSummarySchema,
  compareInputSchema,
  compareResultSchema,
  exportBundleInputSchema,
  planInputSchema,
  promotePlanSchema,
  promoteProgressSchema,
  promoteResultSchema,
  revertInputSchema,
  BOUNDS,
  archiveRunSchema,
  archivedFlagsSchema,
  deleteFlagsRunSchema,
  flagRefSchema,
  reviveFlagsInputSchema,
  reviveFlagsRunSchema,
  preflightRequestSchema,
  preflightResultSchema,
  restoreRunSchema,
  reviveRunSchema,
  strategyUsageSchema,
  adminSegmentSchema,
  batchFeaturesSchema,
  connectionReportSchema,
  connectionStatusSchema,
  contextFieldSchema,
  contextFieldUsageSchema,
  createContextFieldSchema,
  updateContextFieldSchema,
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
  featureSchema,
  featureStrategySchema,
  frontendOriginsSchema,
  pathIdSchema,
  profileIdInputSchema,
  projectSchema,
  saveProfileInputSchema,
  saveStatusSchema,
  segmentIdSchema,
  segmentSchema,
  segmentStrategiesSchema,
  setProtectionInputSchema,
  strategySegmentsChangeSchema,
  strategyNameSchema,
  strategyTypeSchema,
  testConnectionInputSchema,
  uiConfigSchema,
  updateStrategySchema,
  upsertSegmentSchema,
  validateArchiveFeaturesSchema,
} from './schemas';
import { playgroundRequestSchema, playgroundResponseSchema } from './evaluation/playground-schema';

/**
 * The IPC contract: every channel the page may invoke, declared once. Each entry carries the zod schema of its
 * input and output (main validates both; the renderer's types come from them), its effect, and one valid input the
 * fuzzer starts from. Names are `<area>.<verb>`. The preload's allow-list is these names (scripts/build-electron.ts
 * writes them into its bundle), and `Handlers` (electron/ipc/handler-types.ts) demands one handler per entry.
 *
 * A backend operation is not a channel unless a screen calls it: the lower event reads, revive without its record,
 * the context-field writes and the like stay on the backend (electron/backend/admin-backend.ts), out of the page's
 * reach.
 */
const none = z.strictObject({});
const nothing = z.null();
const id = z.strictObject({ id: segmentIdSchema });
/** Ids that become path segments of a request: no dot segments, no slashes (shared/schemas/path-id.ts). */
const projectId = pathIdSchema;
const featureName = pathIdSchema;
const projectFeatures = batchFeaturesSchema.extend({ projectId });

/**
 * What a channel does to the active instance. `write` channels are refused on a read-only profile
 * (electron/ipc/read-only-guard.ts); `local` ones only touch Flagdesk's own settings and files (connections, the
 * user's exports), which a read-only profile must still allow, or it could never be unlocked. `write-named` channels
 * write to the server of a profile they name (compare's right side), which need not be the active one: the active
 * profile's level says nothing about them, so their handlers hold the named profile's level in main
 * (electron/compare/protection-check.ts).
 */
export type ChannelEffect = 'read' | 'write' | 'write-named' | 'local';

interface ChannelSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  effect: ChannelEffect;
  /** A valid input: the starting point electron/ipc/dispatch.fuzz.test.ts breaks in every way it knows. */
  sample: z.input<I>;
}

function channel<I extends z.ZodType, O extends z.ZodType>(spec: ChannelSpec<I, O>): ChannelSpec<I, O> {
  return spec;
}

const empty = {} as const;

export const contract = {
  // segments
  'segments.list': channel({ input: none, output: z.array(adminSegmentSchema), effect: 'read', sample: empty }),
  'segments.get': channel({ input: id, output: segmentSchema, effect: 'read', sample: { id: 1 } }),
  'segments.create': channel({
    input: upsertSegmentSchema,
    output: segmentSchema,
    effect: 'write',
    sample: {
      name: 'fuzz-segment',
      description: 'd',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'], inverted: false, caseInsensitive: false }],
    },
  }),
  'segments.update': channel({
    input: z.strictObject({ id: segmentIdSchema, segment: upsertSegmentSchema }),
    output: nothing,
    effect: 'write',
    sample: { id: 1, segment: { name: 'fuzz', constraints: [{ contextName: 'appName', operator: 'STR_CONTAINS', values: ['a'] }] } },
  }),
  'segments.delete': channel({ input: id, output: nothing, effect: 'write', sample: { id: 1 } }),
  'segments.strategies': channel({ input: id, output: segmentStrategiesSchema, effect: 'read', sample: { id: 1 } }),
  'segments.forStrategy': channel({
    input: z.strictObject({ strategyId: pathIdSchema }),
    output: z.array(segmentSchema),
    effect: 'read',
    sample: { strategyId: 'strategy-1' },
  }),
  /** The strategy's update with its new segments (the write servers record); answers the strategy as stored. */
  'segments.setForStrategy': channel({
    input: strategySegmentsChangeSchema,
    output: featureStrategySchema,
    effect: 'write',
    sample: { projectId: 'default', featureName: 'f1', environmentId: 'development', strategyId: 's1', segmentIds: [1, 2] },
  }),
  // events
  /**
   * The browser's read: the profile's local copy when complete (says how fresh), else the server's search. `rows`:
   * each event without data, preData and tags (a list row shows none of them; the detail reads its event by id).
   */
  'events.browse': channel({
    input: eventQueryParamsSchema.extend({ rows: z.boolean().optional() }),
    output: eventQueryPageSchema.extend({ source: z.enum(['local', 'server']), syncedAt: z.string().nullable() }),
    effect: 'read',
    sample: { type: 'IS:segment-updated', query: 'beta', limit: '100', offset: '0' },
  }),
  'events.histogram': channel({
    input: eventHistogramInputSchema,
    output: eventHistogramSchema,
    effect: 'read',
    sample: { filter: { type: 'IS:segment-updated', from: 'IS:2026-01-01' } },
  }),
  /** Who wrote events (user id and name), for the created-by filter: the local copy's when complete, else the server's. */
  'events.creators': channel({ input: none, output: eventCreatorsSchema, effect: 'read', sample: empty }),
  /**
   * Main asks where to save (the page never names a path) and streams the whole filtered result there. An export
   * reads the server and writes only the user's own file.
   */
  'events.export': channel({
    input: exportEventsInputSchema,
    output: exportResultSchema,
    effect: 'read',
    sample: { filter: { project: 'IS:default' }, format: 'csv', columns: ['id', 'type'] },
  }),
  'events.cancelExport': channel({ input: none, output: nothing, effect: 'local', sample: empty }),
  /** Live tail: poll for new events; watched types raise an OS notification. */
  'events.follow': channel({
    input: z.strictObject({ watchedTypes: z.array(boundedName(100)).max(200) }),
    output: nothing,
    effect: 'read',
    sample: { watchedTypes: ['setting-updated'] },
  }),
  'events.unfollow': channel({ input: none, output: nothing, effect: 'local', sample: empty }),
  // the local copy of the active remote profile's event log (a sync reads the server, writes only the user's disk)
  'eventIndex.status': channel({ input: none, output: eventIndexStatusSchema, effect: 'local', sample: empty }),
  'eventIndex.sync': channel({ input: none, output: eventIndexStatusSchema, effect: 'read', sample: empty }),
  'eventIndex.stop': channel({ input: none, output: eventIndexStatusSchema, effect: 'local', sample: empty }),
  'eventIndex.remove': channel({ input: none, output: eventIndexStatusSchema, effect: 'local', sample: empty }),
  // strategy types
  'strategyTypes.list': channel({ input: none, output: z.array(strategyTypeSchema), effect: 'read', sample: empty }),
  'strategyTypes.update': channel({
    input: z.strictObject({ name: strategyNameSchema, update: updateStrategySchema }),
    output: nothing,
    effect: 'write',
    sample: {
      name: 'custom-strategy',
      update: { description: 'd', title: 't', parameters: [{ name: 'p', type: 'string', description: 'd', required: false }] },
    },
  }),
  /** POST /strategies: 201 with the stored type; 409 when the name is taken (built-in names included). */
  'strategyTypes.create': channel({
    input: createStrategyTypeSchema,
    output: strategyTypeSchema,
    effect: 'write',
    sample: { name: 'custom-new', title: 't', description: 'd', parameters: [{ name: 'p', type: 'list', required: true }] },
  }),
  /** Deprecated types stay usable by flags that have them; Unleash's UI offers them no more for new strategies. */
  'strategyTypes.deprecate': channel({
    input: z.strictObject({ name: strategyNameSchema }),
    output: nothing,
    effect: 'write',
    sample: { name: 'custom-strategy' },
  }),
  'strategyTypes.reactivate': channel({
    input: z.strictObject({ name: strategyNameSchema }),
    output: nothing,
    effect: 'write',
    sample: { name: 'custom-strategy' },
  }),
  /**
   * Refused in main (409 StrategyTypeInUseError) while a strategy of an active flag uses the type: the server deletes
   * it anyway and leaves those strategies naming a type that no longer exists.
   */
  'strategyTypes.delete': channel({
    input: z.strictObject({ name: strategyNameSchema }),
    output: nothing,
    effect: 'write',
    sample: { name: 'custom-strategy' },
  }),
  /** Every strategy of every active flag (of one type when named), with its stored parameters. */
  'strategyTypes.usage': channel({
    input: z.strictObject({ name: strategyNameSchema.optional() }),
    output: z.array(strategyUsageSchema),
    effect: 'read',
    sample: { name: 'flexibleRollout' },
  }),
  // archive
  'archive.validate': channel({
    input: projectFeatures,
    output: validateArchiveFeaturesSchema,
    effect: 'read',
    sample: { projectId: 'default', features: ['a', 'b'] },
  }),
  /** Validate, archive, and remember the dependencies the archive removed (so revive can offer them back). */
  'archive.run': channel({
    input: projectFeatures,
    output: archiveRunSchema,
    effect: 'write',
    sample: { projectId: 'default', features: ['a', 'b'] },
  }),
  /** Revive, then list the dependencies Flagdesk removed when these flags were archived. */
  'archive.reviveWithRecord': channel({
    input: projectFeatures,
    output: reviveRunSchema,
    effect: 'write',
    sample: { projectId: 'default', features: ['a'] },
  }),
  'archive.restoreDependencies': channel({
    input: z.strictObject({ projectId, children: z.array(featureName).max(BOUNDS.features) }),
    output: restoreRunSchema,
    effect: 'write',
    sample: { projectId: 'default', children: ['a'] },
  }),
  /**
   * The dry-run report (Markdown), saved through main's save dialog; answers the chosen file's name only. The server
   * is only read; the file is the user's.
   */
  'archive.exportReport': channel({
    input: projectFeatures,
    output: z.strictObject({ saved: z.boolean(), fileName: z.string().nullable() }),
    effect: 'local',
    sample: { projectId: 'default', features: ['a'] },
  }),
  /** The Archive screen's list: archived flags with who archived them (event log) and their recorded dependencies. */
  'archive.archivedFlags': channel({ input: none, output: archivedFlagsSchema, effect: 'read', sample: empty }),
  /** Revive flags of any projects (a batch per project) and add back the chosen recorded dependencies. */
  'archive.reviveFlags': channel({
    input: reviveFlagsInputSchema,
    output: reviveFlagsRunSchema,
    effect: 'write',
    sample: { flags: [{ projectId: 'default', name: 'a' }], restore: [{ projectId: 'default', child: 'a' }] },
  }),
  /** Delete archived flags of any projects for good (a batch per project); their recorded dependencies are dropped. */
  'archive.deleteFlags': channel({
    input: z.strictObject({ flags: z.array(flagRefSchema).min(1).max(BOUNDS.features) }),
    output: deleteFlagsRunSchema,
    effect: 'write',
    sample: { flags: [{ projectId: 'default', name: 'a' }] },
  }),
  // UI configuration (CORS)
  /** The front-end API's CORS preflight with a chosen Origin, sent by main; it asks, and changes nothing. */
  'uiConfig.preflight': channel({
    input: preflightRequestSchema,
    output: preflightResultSchema,
    effect: 'read',
    sample: { origin: 'https://app.example.com', method: 'GET', requestHeaders: 'authorization' },
  }),
  'uiConfig.get': channel({ input: none, output: uiConfigSchema, effect: 'read', sample: empty }),
  'uiConfig.setOrigins': channel({
    input: z.strictObject({ origins: frontendOriginsSchema }),
    output: nothing,
    effect: 'write',
    sample: { origins: ['https://app.example.com'] },
  }),
  // instance reads
  'instance.projects': channel({ input: none, output: z.array(projectSchema), effect: 'read', sample: empty }),
  'instance.environments': channel({ input: none, output: z.array(environmentSchema), effect: 'read', sample: empty }),
  'instance.features': channel({
    input: z.strictObject({ projectId }),
    output: z.array(featureSchema),
    effect: 'read',
    sample: { projectId: 'default' },
  }),
  'instance.feature': channel({
    input: z.strictObject({ projectId, featureName }),
    output: featureSchema,
    effect: 'read',
    sample: { projectId: 'default', featureName: 'f' },
  }),
  'instance.contextFields': channel({ input: none, output: z.array(contextFieldSchema), effect: 'read', sample: empty }),
  // context fields (the list is instance.contextFields, which every screen with a constraint reads)
  /** 201 with the field; a taken name is 409. */
  'contextFields.create': channel({
    input: createContextFieldSchema,
    output: contextFieldSchema,
    effect: 'write',
    sample: { name: 'plan', description: 'd', stickiness: true, legalValues: [{ value: 'free', description: 'no charge' }] },
  }),
  /** Description, stickiness and the whole list of legal values; the name is the field's for good. */
  'contextFields.update': channel({
    input: z.strictObject({ name: pathIdSchema, update: updateContextFieldSchema }),
    output: nothing,
    effect: 'write',
    sample: { name: 'plan', update: { description: 'd', stickiness: false, legalValues: [{ value: 'pro' }] } },
  }),
  /** 6.x deletes a field whatever uses it, 8.x refuses one a flag strategy names: the page refuses first, from usage. */
  'contextFields.delete': channel({ input: z.strictObject({ name: pathIdSchema }), output: nothing, effect: 'write', sample: { name: 'plan' } }),
  /** Every context field named by a constraint of an active flag's strategy or of a segment, with where. */
  'contextFields.usage': channel({ input: none, output: z.array(contextFieldUsageSchema), effect: 'read', sample: empty }),
  // playground
  /** The server's own evaluation (POST /api/admin/playground), for comparison with the local one; it stores nothing. */
  'playground.evaluate': channel({
    input: playgroundRequestSchema,
    output: playgroundResponseSchema,
    effect: 'read',
    sample: {
      environment: 'development',
      projects: ['default'],
      context: { appName: 'flagdesk', userId: 'u1', sessionId: 's1', currentTime: '2025-01-01T00:00:00Z', properties: { tier: 'gold' } },
    },
  }),
  /** Main opens a file dialog (the page never names a path) and answers the chosen CSV's text; null when cancelled. */
  'playground.openContextsFile': channel({
    input: none,
    output: z.strictObject({ name: z.string(), text: z.string() }).nullable(),
    effect: 'local',
    sample: empty,
  }),
  // connections (Flagdesk's own settings)
  'connections.status': channel({ input: none, output: connectionStatusSchema, effect: 'local', sample: empty }),
  'connections.save': channel({
    input: saveProfileInputSchema,
    output: connectionStatusSchema,
    effect: 'local',
    sample: { id: 'remote-1', name: 'Fuzz', baseUrl: 'https://unleash.example.com', token: 'fuzz-token' },
  }),
  'connections.remove': channel({ input: profileIdInputSchema, output: connectionStatusSchema, effect: 'local', sample: { id: 'remote-1' } }),
  'connections.activate': channel({ input: profileIdInputSchema, output: connectionStatusSchema, effect: 'local', sample: { id: 'remote-1' } }),
  'connections.test': channel({
    input: testConnectionInputSchema,
    output: connectionReportSchema,
    effect: 'local',
    sample: { baseUrl: 'https://unleash.example.com', token: 'fuzz-token' },
  }),
  'connections.setProtection': channel({
    input: setProtectionInputSchema,
    output: connectionStatusSchema,
    effect: 'local',
    sample: { id: 'remote-1', protection: 'read-only' },
  }),
  /** Main opens a file dialog (the page never names a path) and the profile trusts the chosen CA certificate. */
  'connections.chooseCaFile': channel({ input: profileIdInputSchema, output: connectionStatusSchema, effect: 'local', sample: { id: 'remote-1' } }),
  'connections.clearCaFile': channel({ input: profileIdInputSchema, output: connectionStatusSchema, effect: 'local', sample: { id: 'remote-1' } }),
  // compare two instances and promote left -> right
  /** Reads both sides (profiles through their own backends, the active one untouched; or opened bundles) and compares. */
  'compare.run': channel({
    input: compareInputSchema,
    output: compareResultSchema,
    effect: 'read',
    sample: { left: { type: 'profile', profileId: 'demo' }, right: { type: 'profile', profileId: 'remote-1' } },
  }),
  /** Reads both sides again and plans the promotion of the chosen items; main keeps the plan for apply. */
  'compare.plan': channel({
    input: planInputSchema,
    output: promotePlanSchema,
    effect: 'read',
    sample: {
      left: { type: 'profile', profileId: 'demo' },
      right: { type: 'profile', profileId: 'remote-1' },
      items: [{ kind: 'segments', name: 'beta-users' }],
      projectChoices: [{ segment: 'beta-users', choice: 'global' }],
    },
  }),
  /** Applies a plan item by item on the right (pushing 'compare.progress'), under the right profile's protection. */
  'compare.apply': channel({
    input: applyInputSchema,
    output: promoteResultSchema,
    effect: 'write-named',
    sample: { planId: 'plan-1', onFailure: 'stop', confirmation: { confirmed: true, typedName: 'Production' } },
  }),
  /** Restores what a promotion replaced on the right and deletes what it created, under the same protection. */
  'compare.revert': channel({
    input: revertInputSchema,
    output: promoteResultSchema,
    effect: 'write-named',
    sample: { runId: 'run-1', onFailure: 'continue', confirmation: { confirmed: true } },
  }),
  /** Main opens a file dialog and reads a bundle (refused with the reason when newer or damaged); null when cancelled. */
  'compare.openBundle': channel({ input: none, output: bundleSummarySchema.nullable(), effect: 'local', sample: empty }),
  /** Reads a profile's selection and writes it as a bundle through main's save dialog (no token, no ids). */
  'compare.exportBundle': channel({
    input: exportBundleInputSchema,
    output: z.strictObject({ saved: z.boolean(), fileName: z.string().nullable() }),
    effect: 'read',
    sample: { profileId: 'demo', kinds: ['segments', 'contextFields'] },
  }),
  // the demo
  'demo.reset': channel({ input: none, output: nothing, effect: 'write', sample: empty }),
  /** Whether the demo's changes reach the disk (also pushed as 'demo.saveStatus' whenever it changes). */
  'demo.saveStatus': channel({ input: none, output: saveStatusSchema, effect: 'local', sample: empty }),
} as const;

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

/** A channel's handler in main: the contract's parsed input object as it is, to the contract's output. */
export type Handler<C extends Channel> = (input: ParsedInput<C>) => Promise<ChannelOutput<C>>;
/**
 * Some channels' handlers, as an area of main exports them (`{ ... } satisfies HandlerSlice`): a key that is no
 * channel, or a handler that drifts from its entry, does not compile; electron/ipc/handlers.ts spreads the slices
 * into the map that must hold every channel.
 */
export type HandlerSlice = { [C in Channel]?: Handler<C> };

/** Pushes from main to the renderer (only to the app's own window). */
export const contractEvents = {
  'connections.changed': connectionStatusSchema,
  'demo.saveStatus': saveStatusSchema,
  'events.exportProgress': exportProgressSchema,
  'events.arrived': z.strictObject({ newestId: z.number().int(), count: z.number().int().min(1) }),
  'eventIndex.changed': eventIndexStatusSchema,
  'compare.progress': promoteProgressSchema,
} as const satisfies Readonly<Record<string, z.ZodType>>;
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
