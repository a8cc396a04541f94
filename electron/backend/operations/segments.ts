import type { HandlerSlice } from '../../../shared/contract';
import type {
  AdminSegment,
  FeatureStrategy,
  Segment,
  SegmentStrategies,
  StrategySegmentsChange,
  UpsertSegment,
} from '../../../shared/schemas';
import { toNull, type OnActiveBackend } from './on-active-backend';

/** What a backend does with segments (Unleash 6.10.1 semantics; failures are ApiErrors, shared/errors.ts). */
export interface SegmentOperations {
  /** All segments, sorted by name, with usedInFeatures/usedInProjects. */
  listSegments(): Promise<AdminSegment[]>;
  getSegment(input: { id: number }): Promise<Segment>;
  /** 201: the created segment. */
  createSegment(input: UpsertSegment): Promise<Segment>;
  /** 204. */
  updateSegment(input: { id: number; segment: UpsertSegment }): Promise<void>;
  /** 204; 409 (empty body on the wire) when a strategy of a non-archived flag uses it; 404 when unknown. */
  deleteSegment(input: { id: number }): Promise<void>;
  getStrategiesUsingSegment(input: { id: number }): Promise<SegmentStrategies>;
  getSegmentsForStrategy(input: { strategyId: string }): Promise<Segment[]>;
  /** The strategy's update with its new segments (the write every version records); answers the strategy as stored. */
  setStrategySegments(input: StrategySegmentsChange): Promise<FeatureStrategy>;
}

/** The segment channels: each one call on the active backend. */
export function segmentHandlers(onActiveBackend: OnActiveBackend<SegmentOperations>) {
  return {
    'segments.list': () => onActiveBackend((backend) => backend.listSegments()),
    'segments.get': (input) => onActiveBackend((backend) => backend.getSegment(input)),
    'segments.create': (input) => onActiveBackend((backend) => backend.createSegment(input)),
    'segments.update': (input) => onActiveBackend((backend) => backend.updateSegment(input)).then(toNull),
    'segments.delete': (input) => onActiveBackend((backend) => backend.deleteSegment(input)).then(toNull),
    'segments.strategies': (input) => onActiveBackend((backend) => backend.getStrategiesUsingSegment(input)),
    'segments.forStrategy': (input) => onActiveBackend((backend) => backend.getSegmentsForStrategy(input)),
    'segments.setForStrategy': (input) => onActiveBackend((backend) => backend.setStrategySegments(input)),
  } satisfies HandlerSlice;
}
