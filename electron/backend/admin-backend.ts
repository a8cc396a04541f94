import type {
  AddDependency,
  AddStrategy,
  AdminSegment,
  ContextField,
  CreateFeature,
  CreateStrategyType,
  Environment,
  EventQueryPage,
  EventQueryParams,
  Events,
  Feature,
  FeatureStrategy,
  ListEventsQuery,
  Project,
  SearchEvents,
  Segment,
  SegmentStrategies,
  SetStrategySegments,
  StrategyType,
  UiConfig,
  UpdateStrategy,
  UpsertSegment,
  ValidateArchiveFeatures,
} from '../../shared/schemas';

/**
 * One method per admin operation. The demo backend implements it in memory, the remote backend over HTTP.
 * Every failure is thrown as an ApiError (shared/errors.ts) carrying the status and Unleash error name the real
 * server answers with (Unleash 6.10.1 semantics; see ../shared/reference/unleash-api-facts.md).
 */
export interface AdminBackend {
  // --- segments (seed §4) ---
  /** All segments, sorted by name, with usedInFeatures/usedInProjects. */
  listSegments(): Promise<AdminSegment[]>;
  getSegment(id: number): Promise<Segment>;
  /** 201: the created segment. */
  createSegment(input: UpsertSegment): Promise<Segment>;
  /** 204. */
  updateSegment(id: number, input: UpsertSegment): Promise<void>;
  /** 204; 409 (empty body on the wire) when a strategy of a non-archived flag uses it; 404 when unknown. */
  deleteSegment(id: number): Promise<void>;
  getStrategiesUsingSegment(id: number): Promise<SegmentStrategies>;
  getSegmentsForStrategy(strategyId: string): Promise<Segment[]>;
  /** 201 echoing the body; the list becomes the full set; [] clears; writes no event. */
  setStrategySegments(input: SetStrategySegments): Promise<SetStrategySegments>;

  // --- events ---
  listEvents(query: ListEventsQuery): Promise<Events>;
  /** The deprecated body search (6.x); mapped to GET /search/events on 7+. */
  searchEvents(input: SearchEvents): Promise<Events>;
  /** GET /api/admin/search/events: the 7+/8.x search (also in 6.10.1); events carry label and summary. */
  queryEvents(params: EventQueryParams): Promise<EventQueryPage>;

  // --- strategy types ---
  listStrategyTypes(): Promise<StrategyType[]>;
  /** 200 no body. Built-ins -> 500 UnknownError "Cannot edit strategy X"; unknown -> 404. */
  updateStrategyType(name: string, input: UpdateStrategy): Promise<void>;

  // --- archive validation ---
  validateArchive(projectId: string, features: string[]): Promise<ValidateArchiveFeatures>;

  // --- UI config ---
  getUiConfig(): Promise<UiConfig>;
  /** Replaces the origins the front-end API accepts. */
  setFrontendApiOrigins(origins: string[]): Promise<void>;

  // --- reads the UI needs ---
  listProjects(): Promise<Project[]>;
  listEnvironments(): Promise<Environment[]>;
  /** Non-archived flags of a project (summaries). */
  listProjectFeatures(projectId: string): Promise<Feature[]>;
  /** One flag with environments, strategies (ids, segments), dependencies and children. */
  getFeature(projectId: string, featureName: string): Promise<Feature>;
  listContextFields(): Promise<ContextField[]>;

  // --- writes that set an instance up (fixtures for tests; the UI may grow into them) ---
  createFeature(projectId: string, input: CreateFeature): Promise<Feature>;
  addFeatureStrategy(projectId: string, featureName: string, environment: string, input: AddStrategy): Promise<FeatureStrategy>;
  addDependency(projectId: string, childFeature: string, input: AddDependency): Promise<void>;
  archiveFeatures(projectId: string, features: string[]): Promise<void>;
  createStrategyType(input: CreateStrategyType): Promise<StrategyType>;
}
