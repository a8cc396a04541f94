import type {
  AddDependency,
  AddStrategy,
  CreateFeature,
  CreateStrategyType,
  Feature,
  FeatureStrategy,
  FeatureStrategyUpdate,
  SetStrategySegments,
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
  /** GET .../environments/{environment}/strategies/{strategyId}: one strategy, segments included. */
  getFeatureStrategy(projectId: string, featureName: string, environment: string, strategyId: string): Promise<FeatureStrategy>;
  /**
   * PUT .../environments/{environment}/strategies/{strategyId} (200 with the strategy): the whole strategy replaced,
   * recorded as `feature-strategy-update` with the strategy before and after.
   */
  updateFeatureStrategy(
    projectId: string,
    featureName: string,
    environment: string,
    strategyId: string,
    input: FeatureStrategyUpdate,
  ): Promise<FeatureStrategy>;
  /** POST /segments/strategies (201 echoing the body): replaces a strategy's segments; no version records it. */
  linkStrategySegments(input: SetStrategySegments): Promise<SetStrategySegments>;
  addDependency(projectId: string, childFeature: string, input: AddDependency): Promise<void>;
  createStrategyType(input: CreateStrategyType): Promise<StrategyType>;
  /** POST .../environments/{environment}/on|off: the flag's switch in one environment (200, no body). */
  setEnvironmentEnabled(projectId: string, featureName: string, environment: string, enabled: boolean): Promise<void>;
}

/** A backend a test (or the demo server) can also set up: the demo and the remote backend are both. */
export interface FixturedBackend extends AdminBackend {
  readonly fixtures: InstanceFixtures;
}
