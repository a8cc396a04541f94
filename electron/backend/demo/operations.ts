import type { AdminOperations } from '../admin-backend';
import type { InstanceFixtures } from '../instance-fixtures';
import * as archive from './areas/archive';
import * as contextFields from './areas/context-fields';
import * as cors from './areas/cors-preflight';
import * as featureEnvironments from './areas/feature-environments';
import * as revive from './areas/revive';
import * as dependencies from './areas/dependencies';
import * as events from './areas/events';
import * as features from './areas/features';
import * as playground from './areas/playground';
import * as projects from './areas/projects';
import * as segments from './areas/segments';
import * as settings from './areas/settings';
import * as strategyTypes from './areas/strategy-types';
import * as strategyTypeLifecycle from './areas/strategy-type-lifecycle';
import * as strategyUpdate from './areas/strategy-update';
import type { OnContext } from './model/area-operations';
import type { DemoContext } from './model/context';

/**
 * The demo's operations: each area module exports the AdminBackend operations it answers, as functions of (context,
 * input), checked against their declarations there; this table only spreads them and checks that none is missing.
 */
const operations = {
  ...segments.operations,
  ...strategyUpdate.operations,
  ...events.operations,
  ...strategyTypes.operations,
  ...strategyTypeLifecycle.operations,
  ...archive.operations,
  ...revive.operations,
  ...featureEnvironments.operations,
  ...contextFields.operations,
  ...cors.operations,
  ...settings.operations,
  ...projects.operations,
  ...features.operations,
  ...playground.operations,
} satisfies OnContext<AdminOperations>;

const fixtures = {
  createFeature: features.createFeature,
  addFeatureStrategy: features.addFeatureStrategy,
  getFeatureStrategy: strategyUpdate.getFeatureStrategy,
  updateFeatureStrategy: strategyUpdate.updateFeatureStrategy,
  linkStrategySegments: segments.linkStrategySegments,
  addDependency: dependencies.addDependency,
  createStrategyType: strategyTypes.createStrategyType,
  setEnvironmentEnabled: features.setEnvironmentEnabled,
} satisfies OnContext<InstanceFixtures>;

/** Binds every function of `table` to the current context; each answers a promise, a throw becoming a rejection. */
function bind<T>(table: OnContext<T>, context: () => DemoContext): T {
  const entries = Object.entries(table as Record<string, (ctx: DemoContext, ...args: unknown[]) => unknown>);
  return Object.fromEntries(
    entries.map(([name, operation]) => [name, async (...args: unknown[]) => operation(context(), ...args)]),
  ) as T;
}

export function bindOperations(context: () => DemoContext): AdminOperations {
  return bind<AdminOperations>(operations, context);
}

export function bindFixtures(context: () => DemoContext): InstanceFixtures {
  return bind<InstanceFixtures>(fixtures, context);
}
