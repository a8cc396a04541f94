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

/** A non-archived flag of the project, or 404 naming what is missing. */
export function requireActiveFeature(state: DemoState, projectId: string, name: string): FeatureRecord {
  requireProject(state, projectId);
  const feature = findFeature(state, name);
  if (!feature || feature.archived) throw notFound(`Could not find feature flag with name ${name}`);
  if (feature.project !== projectId) throw notFound(`Feature flag ${name} is not in project "${projectId}"`);
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
