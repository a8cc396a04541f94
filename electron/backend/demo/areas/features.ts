import type { AddStrategy, CreateFeature, Feature, FeatureStrategy } from '../../../../shared/schemas';
import type { ParsedInput } from '../../../../shared/contract';
import { strategyNameSchema } from '../../../../shared/schemas';
import { badData, badDataDetails, nameExists, notFound } from '../../errors';
import { copy, recordEvent, type DemoContext } from '../model/context';
import { findFeature, requireActiveFeature, requireFeatureInProject, requireProject } from '../model/lookups';
import type { FeatureRecord, StrategyRecord } from '../model/state';
import { checkOperators, storedConstraint, validateStrategyConstraints } from './constraints';
import { checkSegmentLinks } from './segment-links';
import { storedStrategyVariants } from './strategy-variants';
import type { AreaOperations } from '../model/area-operations';

/** Flags and their strategies: the reads the UI needs and the writes the fixtures use. */

function childrenOf(ctx: DemoContext, parent: string): string[] {
  return ctx.state.features
    .filter((feature) => !feature.archived && feature.dependency?.feature === parent)
    .map((feature) => feature.name)
    .sort();
}

function environmentType(ctx: DemoContext, name: string): { type: string | null; sortOrder: number | null } {
  const env = ctx.state.environments.find((candidate) => candidate.name === name);
  return { type: env?.type ?? null, sortOrder: env?.sortOrder ?? null };
}

export function strategyView(strategy: StrategyRecord): FeatureStrategy {
  return copy({
    id: strategy.id,
    name: strategy.name,
    constraints: strategy.constraints,
    parameters: strategy.parameters,
    variants: strategy.variants,
    segments: strategy.segments,
    title: strategy.title,
    disabled: strategy.disabled,
    sortOrder: strategy.sortOrder,
  });
}

function base(feature: FeatureRecord): Feature {
  return {
    name: feature.name,
    description: feature.description,
    type: feature.type,
    project: feature.project,
    stale: feature.stale,
    createdAt: feature.createdAt,
    lastSeenAt: null,
    impressionData: feature.impressionData,
    archived: feature.archived,
  };
}

/**
 * GET /projects/{p}/features: non-archived summaries, each environment with strategy flags (no strategies). An
 * unknown project is an empty list, as 6.10.1 answers (200, no SQL error to improve on).
 */
export function listProjectFeatures(ctx: DemoContext, { projectId }: ParsedInput<'instance.features'>): Feature[] {
  const parents = new Set(ctx.state.features.filter((f) => !f.archived && f.dependency).map((f) => f.dependency?.feature));
  return ctx.state.features
    .filter((feature) => feature.project === projectId && !feature.archived)
    .map((feature) => ({
      ...base(feature),
      favorite: false,
      dependencyType: feature.dependency ? 'child' : parents.has(feature.name) ? 'parent' : null,
      environments: feature.environments.map((env) => ({
        name: env.name,
        enabled: env.enabled,
        ...environmentType(ctx, env.name),
        variantCount: 0,
        lastSeenAt: null,
        hasStrategies: env.strategies.length > 0,
        hasEnabledStrategies: env.strategies.some((strategy) => !strategy.disabled),
      })),
    }));
}

/** GET /projects/{p}/features/{f}: environments with strategies, dependencies and children. */
export function getFeature(ctx: DemoContext, { projectId, featureName }: ParsedInput<'instance.feature'>): Feature {
  const feature = requireActiveFeature(ctx.state, projectId, featureName);
  return {
    ...base(feature),
    favorite: false,
    variants: [],
    environments: feature.environments.map((env) => ({
      name: env.name,
      enabled: env.enabled,
      ...environmentType(ctx, env.name),
      strategies: env.strategies.map(strategyView),
      variants: [],
      lastSeenAt: null,
    })),
    dependencies: feature.dependency ? [copy(feature.dependency)] : [],
    children: childrenOf(ctx, feature.name),
  };
}

/** A flag as it is first stored: active, off in every environment, no strategies, no parent. */
export function newFeatureRecord(
  ctx: DemoContext,
  fields: Pick<FeatureRecord, 'name' | 'project'> & Partial<Omit<FeatureRecord, 'name' | 'project'>>,
): FeatureRecord {
  return {
    description: null,
    type: 'release',
    stale: false,
    impressionData: false,
    archived: false,
    archivedAt: null,
    createdAt: ctx.now(),
    // Unleash adds a feature_environments row for each environment of the project, disabled.
    environments: ctx.state.environments.map((env) => ({ name: env.name, enabled: false, strategies: [] })),
    dependency: null,
    ...fields,
  };
}

export function createFeature(ctx: DemoContext, projectId: string, input: CreateFeature): Feature {
  requireProject(ctx.state, projectId);
  if (!strategyNameSchema.safeParse(input.name).success) {
    throw badDataDetails([{ message: `"name" must be URL friendly. You provided "${input.name}".` }]);
  }
  const existing = findFeature(ctx.state, input.name);
  if (existing) {
    throw nameExists(
      existing.archived
        ? `The feature flag name "${input.name}" already exists in the archive. Revive it or choose another name.`
        : `The feature flag name "${input.name}" already exists.`,
    );
  }
  const feature = newFeatureRecord(ctx, {
    name: input.name,
    project: projectId,
    description: input.description ?? null,
    type: input.type ?? 'release',
  });
  ctx.state.features.push(feature);
  const created = base(feature);
  recordEvent(ctx, { type: 'feature-created', project: projectId, featureName: feature.name, data: { ...created } });
  ctx.changed();
  return created;
}

/** 200 with the strategy (docs/server-behaviour.md#flags-and-strategies). Unknown strategy type, environment or segment: a clear 4xx. */
export function addFeatureStrategy(
  ctx: DemoContext,
  projectId: string,
  featureName: string,
  environment: string,
  input: AddStrategy,
): FeatureStrategy {
  // the request's schema is checked first, as the real server's OpenAPI validation runs before the handler
  checkOperators(input.constraints ?? []);
  // 6.10.1 adds a strategy to an archived flag too (200), so only the project match is checked
  const feature = requireFeatureInProject(ctx.state, projectId, featureName);
  const env = feature.environments.find((candidate) => candidate.name === environment);
  if (!env) throw notFound(`Environment "${environment}" does not exist`);
  if (!ctx.state.strategyTypes.some((type) => type.name === input.name)) {
    throw badData(`Could not find strategy type with name ${input.name}`);
  }
  const constraints = (input.constraints ?? []).map(storedConstraint);
  validateStrategyConstraints(ctx.state, constraints);
  const strategy: StrategyRecord = {
    id: ctx.newId(),
    name: input.name,
    title: input.title ?? null,
    disabled: false,
    sortOrder: env.strategies.length,
    constraints,
    parameters: { ...(input.parameters ?? {}) },
    variants: storedStrategyVariants(input.variants ?? []),
    segments: [],
  };
  // checked before anything is stored, so a bad id leaves the flag untouched
  strategy.segments = checkSegmentLinks(ctx.state, input.segments ?? []);
  env.strategies.push(strategy);
  const view = strategyView(strategy);
  recordEvent(ctx, { type: 'feature-strategy-add', project: projectId, featureName, environment, data: { ...view } });
  ctx.changed();
  return view;
}

/** POST .../environments/{environment}/on|off (200). Writes feature-environment-enabled/-disabled when it changes. */
export function setEnvironmentEnabled(
  ctx: DemoContext,
  projectId: string,
  featureName: string,
  environment: string,
  enabled: boolean,
): void {
  const feature = requireActiveFeature(ctx.state, projectId, featureName);
  const env = feature.environments.find((candidate) => candidate.name === environment);
  if (!env) throw notFound(`Could not find environment ${environment} for feature: ${featureName}`);
  if (env.enabled === enabled) return;
  env.enabled = enabled;
  recordEvent(ctx, { type: enabled ? 'feature-environment-enabled' : 'feature-environment-disabled', project: projectId, featureName, environment });
  ctx.changed();
}

/** This area's AdminBackend operations; demo/operations.ts spreads them (a new one is listed here only). */
export const operations = {
  listProjectFeatures,
  getFeature,
} satisfies AreaOperations;
