import type { Channel, ChannelOutput, ParsedInput } from '../../shared/contract';

/**
 * What a backend answers for a contract channel: the channel's input object as it is, its output (`void` where the
 * contract says `nothing`: the wire answers 204/200 without a body and dispatch sends null). Typed from the contract,
 * so a backend whose operation drifts from its channel does not compile. Channels without input may be called bare.
 */
// `{}` on purpose: "an input every field of which is optional" is exactly "{} is assignable to it".
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type Operation<C extends Channel> = {} extends ParsedInput<C>
  ? (input?: ParsedInput<C>) => Promise<Result<C>>
  : (input: ParsedInput<C>) => Promise<Result<C>>;
type Result<C extends Channel> = ChannelOutput<C> extends null ? void : ChannelOutput<C>;

/**
 * One operation per backend channel of shared/contract.ts. The demo backend implements it in memory, the remote
 * backend over HTTP. Every failure is thrown as an ApiError (shared/errors.ts) carrying the status and Unleash error
 * name the real server answers with (Unleash 6.10.1 semantics).
 */
export interface AdminBackend {
  // --- segments ---
  /** All segments, sorted by name, with usedInFeatures/usedInProjects. */
  listSegments: Operation<'segments.list'>;
  getSegment: Operation<'segments.get'>;
  /** 201: the created segment. */
  createSegment: Operation<'segments.create'>;
  /** 204. */
  updateSegment: Operation<'segments.update'>;
  /** 204; 409 (empty body on the wire) when a strategy of a non-archived flag uses it; 404 when unknown. */
  deleteSegment: Operation<'segments.delete'>;
  getStrategiesUsingSegment: Operation<'segments.strategies'>;
  getSegmentsForStrategy: Operation<'segments.forStrategy'>;
  /** 201 echoing the body; the list becomes the full set; [] clears; writes no event. */
  setStrategySegments: Operation<'segments.setForStrategy'>;

  // --- events ---
  listEvents: Operation<'events.list'>;
  /** The deprecated body search (6.x); mapped to GET /search/events on 7+. */
  searchEvents: Operation<'events.search'>;
  /** GET /api/admin/search/events: the 7+/8.x search (also in 6.10.1); events carry label and summary. */
  queryEvents: Operation<'events.query'>;
  /** GET /api/admin/event-creators: every user id that wrote an event, with its name (5.x: from its newest events). */
  listEventCreators: Operation<'events.creators'>;

  // --- strategy types ---
  listStrategyTypes: Operation<'strategyTypes.list'>;
  /** 200 no body. Built-ins -> 500 UnknownError "Cannot edit strategy X"; unknown -> 404. */
  updateStrategyType: Operation<'strategyTypes.update'>;
  /** 201 with the type; 400 for a name that is not URL friendly; 409 "Strategy with name X already exist!". */
  createStrategyType: Operation<'strategyTypes.create'>;
  /** 200 no body, built-ins too, a repeat too (each recorded); unknown -> 404 "Could not find strategy with name X". */
  deprecateStrategyType: Operation<'strategyTypes.deprecate'>;
  /** 200 no body; unknown -> 404 "No strategy found". */
  reactivateStrategyType: Operation<'strategyTypes.reactivate'>;
  /** 200 no body, whether flags use it or not; built-ins -> 500 "Cannot edit strategy X"; unknown -> 404. */
  deleteStrategyType: Operation<'strategyTypes.delete'>;

  // --- archive ---
  validateArchive: Operation<'archive.validate'>;
  archiveFeatures: Operation<'instance.archiveFeatures'>;
  /** 200 empty; every named flag of the project comes back off everywhere; unknown project 404. */
  reviveFeatures: Operation<'archive.revive'>;
  /** 200 empty; deletes the named archived flags. */
  deleteArchivedFeatures: Operation<'archive.deleteArchived'>;
  /** Every archived flag of every project, newest archive first. */
  listArchivedFeatures: Operation<'archive.listArchived'>;
  /** POST .../environments/{env}/on|off: 200 empty. */
  setFeatureEnvironmentEnabled: Operation<'instance.setEnvironmentEnabled'>;
  /** 201 with the field; 409 when the name is taken. */
  createContextField: Operation<'instance.createContextField'>;
  /** 200 empty; 404 when unknown. */
  deleteContextField: Operation<'instance.deleteContextField'>;
  /** OPTIONS /api/frontend with the chosen Origin (no token), read as a browser would. */
  corsPreflight: Operation<'uiConfig.preflight'>;

  // --- UI config ---
  getUiConfig: Operation<'uiConfig.get'>;
  /** Replaces the origins the front-end API accepts. */
  setFrontendApiOrigins: Operation<'uiConfig.setOrigins'>;

  // --- reads the UI needs ---
  listProjects: Operation<'instance.projects'>;
  /** POST /api/admin/playground: every flag of the chosen projects evaluated by the server; writes no event. */
  playground: Operation<'playground.evaluate'>;
  listEnvironments: Operation<'instance.environments'>;
  /** Non-archived flags of a project (summaries). */
  listProjectFeatures: Operation<'instance.features'>;
  /** One flag with environments, strategies (ids, segments), dependencies and children. */
  getFeature: Operation<'instance.feature'>;
  listContextFields: Operation<'instance.contextFields'>;
}
