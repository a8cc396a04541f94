import type { FeatureStrategy, FeatureStrategyUpdate, StrategySegmentsChange } from '../../../../shared/schemas';
import { strategyWithSegments } from '../../../../shared/domain/strategy-update';
import { badData, invalidOperation, notFound, segmentNotFound } from '../../errors';
import { recordEvent, type DemoContext } from '../model/context';
import { findStrategy, type StrategyLocation } from '../model/lookups';
import { storedConstraint, validateStrategyConstraints } from './constraints';
import { setEnvironmentEnabled, strategyView } from './features';
import { checkSegmentLinks } from './segment-links';
import { storedStrategyVariants } from './strategy-variants';
import type { AreaOperations } from '../model/area-operations';

/**
 * One flag strategy read and replaced, as Unleash's getStrategy and updateStrategy do (docs/versions.md#what-each-write-records):
 * the update is the write every version records, as `feature-strategy-update` with the strategy before and after.
 */

function requireStrategy(ctx: DemoContext, strategyId: string, message: string): StrategyLocation {
  const location = findStrategy(ctx.state, strategyId);
  if (!location) throw notFound(message);
  return location;
}

/** GET .../strategies/{id}: the real server looks the id up alone (project, flag and environment are not checked). */
export function getFeatureStrategy(
  ctx: DemoContext,
  _projectId: string,
  _featureName: string,
  _environment: string,
  strategyId: string,
): FeatureStrategy {
  return strategyView(requireStrategy(ctx, strategyId, `Could not find strategy with id: ${strategyId}`).strategy);
}

/** A segment of another project cannot be linked (the update's check; the bare link route does not make it). */
function checkSegmentProjects(ctx: DemoContext, projectId: string, ids: readonly number[]): void {
  for (const id of ids) {
    const segment = ctx.state.segments.find((candidate) => candidate.id === id);
    if (!segment) throw segmentNotFound(id);
    if (segment.project && segment.project !== projectId) {
      throw badData(`The segment "${segment.name}" with id ${segment.id} does not belong to project "${projectId}".`);
    }
  }
}

/**
 * PUT .../strategies/{id} (200 with the strategy). Like the real store: `constraints` and `variants` are replaced
 * (left out means emptied), a null or absent `title`/`disabled`/`parameters` stays as it was, `sortOrder` is not
 * written, and `segments` replaces the links only when given. Everything is checked before anything changes.
 */
export function updateFeatureStrategy(
  ctx: DemoContext,
  projectId: string,
  featureName: string,
  environment: string,
  strategyId: string,
  input: FeatureStrategyUpdate,
): FeatureStrategy {
  const { feature, strategy } = requireStrategy(ctx, strategyId, `Could not find strategy with id ${strategyId}`);
  if (feature.project !== projectId) throw invalidOperation('You can not change the projectId for an activation strategy.');
  if (feature.name !== featureName) throw invalidOperation('You can not change the featureName for an activation strategy.');
  if (input.name !== undefined && !ctx.state.strategyTypes.some((type) => type.name === input.name)) {
    throw badData(`Could not find strategy type with name ${input.name}`);
  }
  if (input.segments) checkSegmentProjects(ctx, projectId, input.segments);
  const constraints = (input.constraints ?? []).map(storedConstraint);
  validateStrategyConstraints(ctx.state, constraints);
  const segments = input.segments ? checkSegmentLinks(ctx.state, input.segments) : strategy.segments;
  // weights fixed and the list checked as on add (the store's updateStrategy runs the same fixVariantWeights)
  const variants = storedStrategyVariants(input.variants ?? []);

  const before = strategyView(strategy);
  if (input.name !== undefined) strategy.name = input.name;
  if (input.parameters != null) strategy.parameters = { ...input.parameters };
  if (input.title != null) strategy.title = input.title;
  if (input.disabled != null) strategy.disabled = input.disabled;
  strategy.constraints = constraints;
  strategy.variants = variants;
  strategy.segments = segments;
  const after = strategyView(strategy);
  // the path's environment is what the event names: the server does not check it against the strategy's
  recordEvent(ctx, { type: 'feature-strategy-update', project: projectId, featureName, environment, data: { ...after }, preData: { ...before } });
  ctx.changed();
  // a flag whose strategies are all disabled is switched off in that environment (optionallyDisableFeature)
  const env = feature.environments.find((candidate) => candidate.name === environment);
  if (env?.enabled && env.strategies.every((candidate) => candidate.disabled)) {
    setEnvironmentEnabled(ctx, projectId, featureName, environment, false);
  }
  return after;
}

/** The app's segment change: the strategy as stored, sent back whole with the new segment list. */
export function setStrategySegments(ctx: DemoContext, input: StrategySegmentsChange): FeatureStrategy {
  const { projectId, featureName, environmentId, strategyId, segmentIds } = input;
  const current = getFeatureStrategy(ctx, projectId, featureName, environmentId, strategyId);
  return updateFeatureStrategy(ctx, projectId, featureName, environmentId, strategyId, strategyWithSegments(current, segmentIds));
}

/** This area's AdminBackend operations; demo/operations.ts spreads them (a new one is listed here only). */
export const operations = {
  setStrategySegments,
} satisfies AreaOperations;
