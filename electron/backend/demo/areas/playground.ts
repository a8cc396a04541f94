import { evaluatePlayground, type PlaygroundFlagInput } from '../../../../shared/evaluation/playground';
import type { PlaygroundRequest, PlaygroundResponse } from '../../../../shared/evaluation/playground-schema';
import type { DemoState, FeatureRecord } from '../model/state';
import type { AreaOperations } from '../model/area-operations';

/**
 * POST /api/admin/playground as Unleash 6.10.1 answers it, evaluated by shared/evaluation's playground reproduction.
 * Reads only: the real endpoint writes no event. Flags are those of the chosen projects that are not archived, in
 * name order; an environment the instance does not have leaves every flag off with no strategies.
 */

function flagInput(feature: FeatureRecord, environment: string): PlaygroundFlagInput {
  const env = feature.environments.find((candidate) => candidate.name === environment);
  const strategies = [...(env?.strategies ?? [])]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((strategy) => ({
      id: strategy.id,
      name: strategy.name,
      ...(strategy.title ? { title: strategy.title } : {}),
      disabled: strategy.disabled,
      parameters: strategy.parameters,
      constraints: strategy.constraints,
      variants: strategy.variants,
      ...(strategy.segments.length > 0 ? { segments: [...strategy.segments] } : {}),
    }));
  const dependency = feature.dependency;
  return {
    name: feature.name,
    project: feature.project,
    enabled: env?.enabled ?? false,
    strategies,
    variants: [],
    ...(dependency
      ? {
          dependencies: [
            { feature: dependency.feature, enabled: dependency.enabled, ...(dependency.enabled ? { variants: dependency.variants } : {}) },
          ],
        }
      : {}),
  };
}

export function playground(state: DemoState, request: PlaygroundRequest, now: () => Date): PlaygroundResponse {
  const projects = request.projects ?? '*';
  const features = state.features
    .filter((feature) => !feature.archived && (projects === '*' || projects.includes(feature.project)))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((feature) => flagInput(feature, request.environment));
  const segments = state.segments.map((segment) => ({ id: segment.id, name: segment.name, constraints: segment.constraints }));
  return {
    input: structuredClone(request),
    features: evaluatePlayground({ environment: request.environment, features, segments, context: request.context }, { now }),
  };
}

/** This area's AdminBackend operation; demo/operations.ts spreads it. */
export const operations = {
  playground: (ctx, input) => playground(ctx.state, input, () => new Date(ctx.now())),
} satisfies AreaOperations;
