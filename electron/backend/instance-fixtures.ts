import type {
  AddDependency,
  AddStrategy,
  CreateFeature,
  CreateStrategyType,
  Feature,
  FeatureStrategy,
  StrategyType,
} from '../../shared/schemas';
import type { AdminBackend } from './admin-backend';

/**
 * Writes that set an instance up for tests (and for the HTTP face, which serves the same Unleash routes). They are
 * not IPC channels: the page cannot reach them; tests reach them as `backend.fixtures`.
 */
export interface InstanceFixtures {
  createFeature(projectId: string, input: CreateFeature): Promise<Feature>;
  addFeatureStrategy(projectId: string, featureName: string, environment: string, input: AddStrategy): Promise<FeatureStrategy>;
  addDependency(projectId: string, childFeature: string, input: AddDependency): Promise<void>;
  createStrategyType(input: CreateStrategyType): Promise<StrategyType>;
}

/** A backend a test (or the demo server) can also set up: the demo and the remote backend are both. */
export interface FixturedBackend extends AdminBackend {
  readonly fixtures: InstanceFixtures;
}
