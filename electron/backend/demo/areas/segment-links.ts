import { LIMITS } from '../../../../shared/domain/limits';
import { badData, segmentNotFound } from '../../errors';
import type { DemoState } from '../model/state';

/** The one check of the segments-per-strategy limit (the first thing the real server checks). */
export function checkSegmentLimit(ids: readonly number[]): void {
  if (ids.length > LIMITS.strategySegments) {
    throw badData(`Strategies may not have more than ${LIMITS.strategySegments} segments`);
  }
}

/**
 * Checks a strategy's new segment list and returns it. The real server checks only the limit and then fails on
 * foreign/primary keys with a 500 carrying SQL (docs/server-behaviour.md#deliberate-differences); the demo names the bad id instead.
 */
export function checkSegmentLinks(state: DemoState, ids: readonly number[]): number[] {
  checkSegmentLimit(ids);
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) throw badData(`Segment ${id} is listed more than once`);
    seen.add(id);
  }
  for (const id of ids) {
    if (!state.segments.some((segment) => segment.id === id)) throw segmentNotFound(id);
  }
  return [...ids];
}
