import type { FeatureStrategy, FeatureStrategyUpdate } from '../schemas';

/**
 * The update body that puts a strategy back exactly as it was read, with a new segment list. The server replaces
 * constraints and variants with what the body holds, so everything read goes back (the id is the path's).
 */
export function strategyWithSegments(strategy: FeatureStrategy, segmentIds: readonly number[]): FeatureStrategyUpdate {
  const { id: _id, sortOrder, variants, ...rest } = strategy;
  return {
    ...rest,
    ...(typeof sortOrder === 'number' ? { sortOrder } : {}),
    ...(Array.isArray(variants) ? { variants: [...variants] } : {}),
    segments: [...segmentIds],
  };
}
