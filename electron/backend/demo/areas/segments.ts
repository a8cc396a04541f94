import { LIMITS } from '../../../../shared/domain/limits';
import type { ParsedInput } from '../../../../shared/contract';
import type { AdminSegment, Segment, SegmentStrategies, SetStrategySegments, UpsertSegment } from '../../../../shared/schemas';
import { badData, badDataDetails, exceedsLimit, nameExists, notFound, segmentInUse, segmentNotFound } from '../../errors';
import { copy, recordEvent, type DemoContext } from '../model/context';
import { allStrategies, findStrategy, requireProject, type StrategyLocation } from '../model/lookups';
import type { SegmentRecord } from '../model/state';
import { checkOperators, storedConstraint } from './constraints';
import { checkSegmentLimit, checkSegmentLinks } from './segment-links';
import type { AreaOperations } from '../model/area-operations';

/** Segments, as Unleash 6.10.1 serves them (docs/server-behaviour.md#segments). */

/** Key order as the real server sends it; `project` only when set. */
function view(segment: SegmentRecord): Segment {
  return copy({
    id: segment.id,
    name: segment.name,
    description: segment.description,
    ...(segment.project !== undefined ? { project: segment.project } : {}),
    constraints: segment.constraints,
    createdBy: segment.createdBy,
    createdAt: segment.createdAt,
  });
}

function find(ctx: DemoContext, id: number): SegmentRecord | undefined {
  return ctx.state.segments.find((segment) => segment.id === id);
}

function requireSegment(ctx: DemoContext, id: number): SegmentRecord {
  const segment = find(ctx, id);
  if (!segment) throw segmentNotFound(id);
  return segment;
}

function strategiesUsing(ctx: DemoContext, id: number, activeOnly: boolean): StrategyLocation[] {
  const found: StrategyLocation[] = [];
  for (const location of allStrategies(ctx.state)) {
    if (activeOnly && location.feature.archived) continue;
    if (location.strategy.segments.includes(id)) found.push(location);
  }
  return found;
}

/** joi `segmentSchema` then the values limit: the checks create and update share (docs/server-behaviour.md#segment-validation). */
function validate(input: UpsertSegment): void {
  checkOperators(input.constraints);
  if (input.name === '') throw badDataDetails([{ message: '"name" is not allowed to be empty.' }]);
  const values = input.constraints.reduce((sum, constraint) => sum + (constraint.values?.length ?? 0), 0);
  if (values > LIMITS.segmentValues) throw badData(`Segments may not have more than ${LIMITS.segmentValues} values`);
}

/** The real server answers an unknown project with a 500 carrying SQL (docs/server-behaviour.md#deliberate-differences); the demo names it. */
function checkProject(ctx: DemoContext, project: string | null | undefined): void {
  if (project !== undefined && project !== null) requireProject(ctx.state, project);
}

export function listSegments(ctx: DemoContext): AdminSegment[] {
  const features = new Map<number, Set<string>>();
  const projects = new Map<number, Set<string>>();
  for (const { feature, strategy } of allStrategies(ctx.state)) {
    if (feature.archived) continue;
    for (const id of strategy.segments) {
      if (!features.has(id)) features.set(id, new Set());
      if (!projects.has(id)) projects.set(id, new Set());
      features.get(id)?.add(feature.name);
      projects.get(id)?.add(feature.project);
    }
  }
  return ctx.state.segments
    .map((segment) => ({
      ...view(segment),
      usedInProjects: projects.get(segment.id)?.size ?? 0,
      usedInFeatures: features.get(segment.id)?.size ?? 0,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
}

export function getSegment(ctx: DemoContext, { id }: ParsedInput<'segments.get'>): Segment {
  return view(requireSegment(ctx, id));
}

export function createSegment(ctx: DemoContext, input: UpsertSegment): Segment {
  if (ctx.state.segments.length >= LIMITS.segments) throw exceedsLimit('segment', LIMITS.segments);
  validate(input);
  if (ctx.state.segments.some((segment) => segment.name === input.name)) throw nameExists('Segment name already exists');
  checkProject(ctx, input.project);
  const segment: SegmentRecord = {
    id: ctx.state.nextSegmentId,
    name: input.name,
    description: input.description ?? null,
    ...(input.project ? { project: input.project } : {}),
    constraints: input.constraints.map(storedConstraint),
    createdBy: 'admin',
    createdAt: ctx.now(),
  };
  ctx.state.nextSegmentId += 1;
  ctx.state.segments.push(segment);
  const created = view(segment);
  recordEvent(ctx, { type: 'segment-created', project: segment.project ?? null, data: { ...created } });
  ctx.changed();
  return created;
}

/** 204 semantics of docs/server-behaviour.md#segment-validation: missing description kept, null clears; missing project makes it global. */
export function updateSegment(ctx: DemoContext, { id, segment: input }: ParsedInput<'segments.update'>): void {
  validate(input);
  const segment = requireSegment(ctx, id);
  if (input.name !== segment.name && ctx.state.segments.some((other) => other.name === input.name)) {
    throw nameExists('Segment name already exists');
  }
  checkProject(ctx, input.project);
  const project = input.project ?? undefined;
  if (project !== undefined) {
    const used = [...new Set(strategiesUsing(ctx, id, false).map((location) => location.feature.project))];
    if (used.some((other) => other !== project)) {
      throw badData(`Invalid project. Segment is being used by strategies in other projects: ${used.join(', ')}`);
    }
  }
  const before = view(segment);
  segment.name = input.name;
  if (input.description !== undefined) segment.description = input.description;
  if (project === undefined) delete segment.project;
  else segment.project = project;
  segment.constraints = input.constraints.map(storedConstraint);
  recordEvent(ctx, {
    type: 'segment-updated',
    project: segment.project ?? null,
    data: { ...view(segment) },
    preData: { ...before },
  });
  ctx.changed();
}

export function deleteSegment(ctx: DemoContext, { id }: ParsedInput<'segments.delete'>): void {
  const using = strategiesUsing(ctx, id, true);
  const segment = requireSegment(ctx, id);
  if (using.length > 0) throw segmentInUse(segment.name, using.length);
  ctx.state.segments = ctx.state.segments.filter((candidate) => candidate.id !== id);
  // feature_strategy_segment rows cascade, archived flags included
  for (const { strategy } of allStrategies(ctx.state)) {
    if (strategy.segments.includes(id)) strategy.segments = strategy.segments.filter((linked) => linked !== id);
  }
  recordEvent(ctx, { type: 'segment-deleted', project: segment.project ?? null, preData: { ...view(segment) } });
  ctx.changed();
}

/**
 * 6.10.1 answers an unknown id with empty lists, not 404 (docs/server-behaviour.md#segments). Strategies of archived flags are not listed:
 * asked of a real 6.10.1, a segment's strategy disappeared from this list once its flag was archived.
 */
export function getStrategiesUsingSegment(ctx: DemoContext, { id }: ParsedInput<'segments.strategies'>): SegmentStrategies {
  return {
    strategies: strategiesUsing(ctx, id, true).map(({ feature, environment, strategy }) => ({
      id: strategy.id,
      projectId: feature.project,
      featureName: feature.name,
      strategyName: strategy.name,
      environment,
    })),
    changeRequestStrategies: [],
  };
}

/** Unknown strategy id: an empty list (docs/server-behaviour.md#segments). */
export function getSegmentsForStrategy(ctx: DemoContext, { strategyId }: ParsedInput<'segments.forStrategy'>): Segment[] {
  const location = findStrategy(ctx.state, strategyId);
  if (!location) return [];
  return location.strategy.segments.flatMap((id) => {
    const segment = find(ctx, id);
    return segment ? [view(segment)] : [];
  });
}

/**
 * POST /segments/strategies (a fixture and the HTTP face's route; the app sends the strategy update instead): the
 * list becomes the strategy's full set; project and environment are not checked (as real); no version records it. An unknown
 * strategy with an empty list is a 201 echo on the real server (nothing to insert, no foreign key to break); with a
 * non-empty list real answers a 500 with SQL text, where the demo names the missing strategy.
 */
export function linkStrategySegments(ctx: DemoContext, input: SetStrategySegments): SetStrategySegments {
  checkSegmentLimit(input.segmentIds);
  const location = findStrategy(ctx.state, input.strategyId);
  if (!location && input.segmentIds.length === 0) return copy(input);
  if (!location) throw notFound(`No strategy exists with ID "${input.strategyId}"`);
  location.strategy.segments = checkSegmentLinks(ctx.state, input.segmentIds);
  ctx.changed();
  return copy(input);
}

/** This area's AdminBackend operations; demo/operations.ts spreads them (a new one is listed here only). */
export const operations = {
  listSegments,
  getSegment,
  createSegment,
  updateSegment,
  deleteSegment,
  getStrategiesUsingSegment,
  getSegmentsForStrategy,
} satisfies AreaOperations;
