import { brokenInvariant } from './model/invariants';
import { randomUUID } from 'node:crypto';
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
} from '../../../shared/schemas';
import type { AdminBackend } from '../admin-backend';
import * as archive from './areas/archive';
import * as dependencies from './areas/dependencies';
import * as features from './areas/features';
import * as projects from './areas/projects';
import * as segments from './areas/segments';
import * as settings from './areas/settings';
import * as strategyTypes from './areas/strategy-types';
import { EventLog } from './events/event-log';
import { generateHistory } from './events/history';
import { emptyState } from './model/builtins';
import type { DemoContext } from './model/context';
import { demoSnapshotSchema, SNAPSHOT_FORMAT, type DemoSnapshot } from './model/snapshot';
import type { DemoState } from './model/state';
import { historyContext, seededState } from './seed/dataset';

export interface DemoOptions {
  /** 'seeded' (default): a company's instance; 'empty': a fresh Unleash. */
  dataset?: 'seeded' | 'empty';
  /** Seeded history size (default 2500). */
  historyEvents?: number;
  clock?: () => Date;
  /** PRNG seed, default 1. */
  seed?: number;
  /** Called after every successful write (the store debounces saves on it). */
  onChange?: () => void;
}

const DEFAULT_HISTORY_EVENTS = 2500;

interface Resolved {
  dataset: 'seeded' | 'empty';
  historyEvents: number;
  seed: number;
  clock: () => Date;
  onChange: (() => void) | undefined;
}

function resolve(options: DemoOptions = {}): Resolved {
  return {
    dataset: options.dataset ?? 'seeded',
    historyEvents: options.historyEvents ?? DEFAULT_HISTORY_EVENTS,
    seed: options.seed ?? 1,
    clock: options.clock ?? (() => new Date()),
    onChange: options.onChange,
  };
}

/** The state and history a fresh backend with these options starts from. */
function initial(options: Resolved): { state: DemoState; events: EventLog } {
  const now = options.clock();
  const events = new EventLog({ clock: options.clock });
  if (options.dataset === 'empty') return { state: emptyState(now.toISOString()), events };
  const state = seededState(options.seed, now);
  if (options.historyEvents > 0) {
    events.appendHistory(generateHistory(options.historyEvents, historyContext(state, now), options.seed));
  }
  return { state, events };
}

/** The in-memory AdminBackend: Unleash 6.10.1 semantics, one module per area under areas/. */
export class DemoBackend implements AdminBackend {
  private readonly options: Resolved;
  private ctx: DemoContext;

  private constructor(options: Resolved, state: DemoState, events: EventLog) {
    this.options = options;
    this.ctx = this.context(state, events);
  }

  static create(options?: DemoOptions): DemoBackend {
    const resolved = resolve(options);
    const { state, events } = initial(resolved);
    return new DemoBackend(resolved, state, events);
  }

  /** Throws when the snapshot is not one this version wrote (the store then moves the file aside). */
  static fromSnapshot(snapshot: unknown, options?: DemoOptions): DemoBackend {
    const parsed = demoSnapshotSchema.safeParse(snapshot);
    if (!parsed.success) throw new Error(`Invalid demo snapshot: ${parsed.error.issues[0]?.message ?? 'unknown problem'}`);
    const { state, seededWith } = parsed.data;
    const broken = brokenInvariant(state);
    if (broken) throw new Error(`Invalid demo snapshot: ${broken}`);
    const resolved = resolve({
      ...options,
      dataset: options?.dataset ?? seededWith.dataset,
      seed: options?.seed ?? seededWith.seed,
      historyEvents: options?.historyEvents ?? seededWith.historyEvents,
    });
    const events = EventLog.fromSnapshot(parsed.data.events, { clock: resolved.clock });
    return new DemoBackend(resolved, state, events);
  }

  get events(): EventLog {
    return this.ctx.events;
  }

  snapshot(): DemoSnapshot {
    return {
      format: SNAPSHOT_FORMAT,
      version: 1,
      seededWith: { dataset: this.options.dataset, seed: this.options.seed, historyEvents: this.options.historyEvents },
      state: structuredClone(this.ctx.state),
      events: this.ctx.events.toSnapshot(),
    };
  }

  /** Back to the seeded state of this backend's options. */
  reset(): void {
    const { state, events } = initial(this.options);
    this.ctx = this.context(state, events);
    this.options.onChange?.();
  }

  private context(state: DemoState, events: EventLog): DemoContext {
    return {
      state,
      events,
      now: () => this.options.clock().toISOString(),
      newId: () => randomUUID(),
      changed: () => this.options.onChange?.(),
    };
  }

  // --- segments ---
  async listSegments(): Promise<AdminSegment[]> {
    return segments.listSegments(this.ctx);
  }
  async getSegment(id: number): Promise<Segment> {
    return segments.getSegment(this.ctx, id);
  }
  async createSegment(input: UpsertSegment): Promise<Segment> {
    return segments.createSegment(this.ctx, input);
  }
  async updateSegment(id: number, input: UpsertSegment): Promise<void> {
    segments.updateSegment(this.ctx, id, input);
  }
  async deleteSegment(id: number): Promise<void> {
    segments.deleteSegment(this.ctx, id);
  }
  async getStrategiesUsingSegment(id: number): Promise<SegmentStrategies> {
    return segments.getStrategiesUsingSegment(this.ctx, id);
  }
  async getSegmentsForStrategy(strategyId: string): Promise<Segment[]> {
    return segments.getSegmentsForStrategy(this.ctx, strategyId);
  }
  async setStrategySegments(input: SetStrategySegments): Promise<SetStrategySegments> {
    return segments.setStrategySegments(this.ctx, input);
  }

  // --- events ---
  async listEvents(query: ListEventsQuery): Promise<Events> {
    return this.ctx.events.list(query);
  }
  async searchEvents(input: SearchEvents): Promise<Events> {
    return this.ctx.events.search(input);
  }

  async queryEvents(params: EventQueryParams): Promise<EventQueryPage> {
    return this.ctx.events.query(params);
  }

  // --- strategy types ---
  async listStrategyTypes(): Promise<StrategyType[]> {
    return strategyTypes.listStrategyTypes(this.ctx);
  }
  async updateStrategyType(name: string, input: UpdateStrategy): Promise<void> {
    strategyTypes.updateStrategyType(this.ctx, name, input);
  }
  async createStrategyType(input: CreateStrategyType): Promise<StrategyType> {
    return strategyTypes.createStrategyType(this.ctx, input);
  }

  // --- archive and dependencies ---
  async validateArchive(projectId: string, names: string[]): Promise<ValidateArchiveFeatures> {
    return archive.validateArchive(this.ctx, projectId, names);
  }
  async archiveFeatures(projectId: string, names: string[]): Promise<void> {
    archive.archiveFeatures(this.ctx, projectId, names);
  }
  async addDependency(projectId: string, childFeature: string, input: AddDependency): Promise<void> {
    dependencies.addDependency(this.ctx, projectId, childFeature, input);
  }

  // --- UI config ---
  async getUiConfig(): Promise<UiConfig> {
    return settings.getUiConfig(this.ctx);
  }
  async setFrontendApiOrigins(origins: string[]): Promise<void> {
    settings.setFrontendApiOrigins(this.ctx, origins);
  }

  // --- reads ---
  async listProjects(): Promise<Project[]> {
    return projects.listProjects(this.ctx);
  }
  async listEnvironments(): Promise<Environment[]> {
    return projects.listEnvironments(this.ctx);
  }
  async listContextFields(): Promise<ContextField[]> {
    return projects.listContextFields(this.ctx);
  }
  async listProjectFeatures(projectId: string): Promise<Feature[]> {
    return features.listProjectFeatures(this.ctx, projectId);
  }
  async getFeature(projectId: string, featureName: string): Promise<Feature> {
    return features.getFeature(this.ctx, projectId, featureName);
  }
  async createFeature(projectId: string, input: CreateFeature): Promise<Feature> {
    return features.createFeature(this.ctx, projectId, input);
  }
  async addFeatureStrategy(
    projectId: string,
    featureName: string,
    environment: string,
    input: AddStrategy,
  ): Promise<FeatureStrategy> {
    return features.addFeatureStrategy(this.ctx, projectId, featureName, environment, input);
  }
}
