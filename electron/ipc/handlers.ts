import type { AppInfo } from '../../shared/schemas';
import type { ConnectionManager } from '../connections/connection-manager';
import type { Handlers } from './handler-types';

/**
 * Every contract channel, each a one-liner onto the active backend or the connection manager. Writes that answer
 * 204/200-without-body on the wire resolve to null (the contract's `nothing`).
 */
export function createHandlers(connections: ConnectionManager, appInfo: AppInfo): Handlers {
  const api = () => connections.backend();
  const done = () => null;
  return {
    'segments.list': async () => (await api()).listSegments(),
    'segments.get': async ({ id }) => (await api()).getSegment(id),
    'segments.create': async (input) => (await api()).createSegment(input),
    'segments.update': async ({ id, segment }) => (await api()).updateSegment(id, segment).then(done),
    'segments.delete': async ({ id }) => (await api()).deleteSegment(id).then(done),
    'segments.strategies': async ({ id }) => (await api()).getStrategiesUsingSegment(id),
    'segments.forStrategy': async ({ strategyId }) => (await api()).getSegmentsForStrategy(strategyId),
    'segments.setForStrategy': async (input) => (await api()).setStrategySegments(input),
    'events.list': async (query) => (await api()).listEvents(query),
    'events.search': async (input) => (await api()).searchEvents(input),
    'events.query': async (params) => (await api()).queryEvents(params),
    'strategyTypes.list': async () => (await api()).listStrategyTypes(),
    'strategyTypes.update': async ({ name, update }) => (await api()).updateStrategyType(name, update).then(done),
    'strategyTypes.create': async (input) => (await api()).createStrategyType(input),
    'archive.validate': async ({ projectId, features }) => (await api()).validateArchive(projectId, features),
    'uiConfig.get': async () => (await api()).getUiConfig(),
    'uiConfig.setOrigins': async ({ origins }) => (await api()).setFrontendApiOrigins(origins).then(done),
    'instance.projects': async () => (await api()).listProjects(),
    'instance.environments': async () => (await api()).listEnvironments(),
    'instance.features': async ({ projectId }) => (await api()).listProjectFeatures(projectId),
    'instance.feature': async ({ projectId, featureName }) => (await api()).getFeature(projectId, featureName),
    'instance.contextFields': async () => (await api()).listContextFields(),
    'instance.createFeature': async ({ projectId, feature }) => (await api()).createFeature(projectId, feature),
    'instance.addStrategy': async ({ projectId, featureName, environment, strategy }) =>
      (await api()).addFeatureStrategy(projectId, featureName, environment, strategy),
    'instance.addDependency': async ({ projectId, childFeature, dependency }) =>
      (await api()).addDependency(projectId, childFeature, dependency).then(done),
    'instance.archiveFeatures': async ({ projectId, features }) =>
      (await api()).archiveFeatures(projectId, features).then(done),
    'connections.status': () => connections.status(),
    'connections.save': (input) => connections.save(input),
    'connections.remove': ({ id }) => connections.remove(id),
    'connections.activate': ({ id }) => connections.activate(id),
    'connections.test': (input) => connections.test(input),
    'connections.setProtection': ({ id, protection }) => connections.setProtection(id, protection),
    'app.info': async () => appInfo,
    'demo.reset': () => connections.resetDemo().then(done),
  };
}
