import { notFound } from '../../errors';
import type { DemoState, FeatureRecord, ProjectRecord, StrategyRecord } from './state';

/** Finders shared by the areas; the `require*` ones throw the 404 a user sees. */

export function findProject(state: DemoState, id: string): ProjectRecord | undefined {
  return state.projects.find((project) => project.id === id);
}

/** The real server leaks SQL (500) or answers empty for an unknown project; the demo says what is missing. */
export function requireProject(state: DemoState, id: string): ProjectRecord {
  const project = findProject(state, id);
  if (!project) throw notFound(`Project "${id}" does not exist`);
  return project;
}

export function findFeature(state: DemoState, name: string): FeatureRecord | undefined {
  return state.features.find((feature) => feature.name === name);
}

/**
 * A flag of the project, archived or not, with 6.10.1's sentences: its project check looks at every flag, so an
 * unknown project is no different from a known one without the flag (both 404, no SQL).
 */
export function requireFeatureInProject(state: DemoState, projectId: string, name: string): FeatureRecord {
  const feature = findFeature(state, name);
  if (!feature) throw notFound(`There's no feature named "${name}" in project "${projectId}".`);
  if (feature.project !== projectId) {
    throw notFound(
      `There's no feature named "${name}" in project "${projectId}", but there's a feature with that name in project "${feature.project}"`,
    );
  }
  return feature;
}

/** A non-archived flag of the project; an archived one is the feature store's "Could not find" 404. */
export function requireActiveFeature(state: DemoState, projectId: string, name: string): FeatureRecord {
  const feature = requireFeatureInProject(state, projectId, name);
  if (feature.archived) throw notFound(`Could not find feature flag with name ${name}`);
  return feature;
}

export interface StrategyLocation {
  feature: FeatureRecord;
  environment: string;
  strategy: StrategyRecord;
}

/** Every strategy of every flag (archived ones included), with where it sits. */
export function* allStrategies(state: DemoState): Generator<StrategyLocation> {
  for (const feature of state.features) {
    for (const env of feature.environments) {
      for (const strategy of env.strategies) yield { feature, environment: env.name, strategy };
    }
  }
}

export function findStrategy(state: DemoState, id: string): StrategyLocation | undefined {
  for (const location of allStrategies(state)) if (location.strategy.id === id) return location;
  return undefined;
}
