import type { AdminOperations } from '../admin-backend';
import type { InstanceFixtures } from '../instance-fixtures';
import * as archive from './areas/archive';
import * as contextFields from './areas/context-fields';
import * as cors from './areas/cors-preflight';
import * as featureEnvironments from './areas/feature-environments';
import * as revive from './areas/revive';
import * as dependencies from './areas/dependencies';
import * as features from './areas/features';
import * as playground from './areas/playground';
import * as projects from './areas/projects';
import * as segments from './areas/segments';
import * as settings from './areas/settings';
import * as strategyTypes from './areas/strategy-types';
import * as strategyTypeLifecycle from './areas/strategy-type-lifecycle';
import * as strategyUpdate from './areas/strategy-update';
import type { DemoContext } from './model/context';

/**
 * The demo's operations: each AdminBackend operation is an area module's function of (context, input). Checked
 * against AdminOperations, so an area function that drifts from its declaration does not compile.
 */
type OnContext<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (ctx: DemoContext, ...args: A) => R : never;
};

const operations = {
  listSegments: segments.listSegments,
  getSegment: segments.getSegment,
  createSegment: segments.createSegment,
  updateSegment: segments.updateSegment,
  deleteSegment: segments.deleteSegment,
  getStrategiesUsingSegment: segments.getStrategiesUsingSegment,
  getSegmentsForStrategy: segments.getSegmentsForStrategy,
  setStrategySegments: strategyUpdate.setStrategySegments,
  listEvents: (ctx, query = {}) => ctx.events.list(query),
  searchEvents: (ctx, input = {}) => ctx.events.search(input),
  queryEvents: (ctx, params = {}) => ctx.events.query(params),
  listEventCreators: (ctx) => ctx.events.creators(),
  listStrategyTypes: strategyTypes.listStrategyTypes,
  updateStrategyType: strategyTypes.updateStrategyType,
  createStrategyType: strategyTypes.createStrategyType,
  deprecateStrategyType: strategyTypeLifecycle.deprecateStrategyType,
  reactivateStrategyType: strategyTypeLifecycle.reactivateStrategyType,
  deleteStrategyType: strategyTypeLifecycle.deleteStrategyType,
  validateArchive: archive.validateArchive,
  archiveFeatures: archive.archiveFeatures,
  reviveFeatures: revive.reviveFeatures,
  deleteArchivedFeatures: revive.deleteArchivedFeatures,
  listArchivedFeatures: revive.listArchivedFeatures,
  setFeatureEnvironmentEnabled: featureEnvironments.setFeatureEnvironmentEnabled,
  createContextField: contextFields.createContextField,
  deleteContextField: contextFields.deleteContextField,
  updateContextField: contextFields.updateContextField,
  corsPreflight: cors.corsPreflight,
  getUiConfig: settings.getUiConfig,
  setFrontendApiOrigins: settings.setFrontendApiOrigins,
  listProjects: projects.listProjects,
  listEnvironments: projects.listEnvironments,
  listProjectFeatures: features.listProjectFeatures,
  getFeature: features.getFeature,
  listContextFields: projects.listContextFields,
  playground: (ctx, input) => playground.playground(ctx.state, input, () => new Date(ctx.now())),
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
