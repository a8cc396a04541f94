import type { AppInfo } from '../../shared/schemas';
import type { AdminBackend } from '../backend/admin-backend';
import type { ConnectionManager } from '../connections/connection-manager';
import type { EventFeatures } from '../events/event-features';
import { openContextsFile } from '../playground/open-contexts-file';
import { createJobHandlers, type AdminJobs } from '../archive/job-handlers';
import { createStrategyTypeHandlers } from '../strategy-types/strategy-type-handlers';
import type { Handlers } from './handler-types';

/**
 * Every contract channel: the active backend's operation or the connection manager's, given the contract's input
 * object as it is. Typed by `Handlers`, so a channel without its handler, or a handler drifting from the contract,
 * does not compile. Operations that answer nothing resolve to null (the contract's `nothing`).
 */
export function createHandlers(
  connections: ConnectionManager,
  appInfo: AppInfo,
  events: EventFeatures,
  adminJobs: AdminJobs,
): Handlers {
  const on = async <T>(operation: (backend: AdminBackend) => Promise<T>): Promise<T> => operation(await connections.backend());
  return {
    'segments.list': (input) => on((b) => b.listSegments(input)),
    'segments.get': (input) => on((b) => b.getSegment(input)),
    'segments.create': (input) => on((b) => b.createSegment(input)),
    'segments.update': (input) => on((b) => b.updateSegment(input)).then(toNull),
    'segments.delete': (input) => on((b) => b.deleteSegment(input)).then(toNull),
    'segments.strategies': (input) => on((b) => b.getStrategiesUsingSegment(input)),
    'segments.forStrategy': (input) => on((b) => b.getSegmentsForStrategy(input)),
    'segments.setForStrategy': (input) => on((b) => b.setStrategySegments(input)),
    'events.list': (input) => on((b) => b.listEvents(input)),
    'events.search': (input) => on((b) => b.searchEvents(input)),
    'events.query': (input) => on((b) => b.queryEvents(input)),
    'events.browse': (input) => events.browse(input),
    'events.histogram': (input) => events.histogram(input),
    'events.creators': () => events.creators(),
    'events.export': (input) => events.startExport(input),
    'events.cancelExport': () => events.cancelExport(),
    'events.follow': (input) => events.follow(input),
    'events.unfollow': () => events.unfollow(),
    'eventIndex.status': () => events.indexStatus(),
    'eventIndex.sync': () => events.indexSync(),
    'eventIndex.stop': () => events.indexStop(),
    'eventIndex.remove': () => events.indexRemove(),
    'strategyTypes.list': (input) => on((b) => b.listStrategyTypes(input)),
    'strategyTypes.update': (input) => on((b) => b.updateStrategyType(input)).then(toNull),
    ...createStrategyTypeHandlers(() => connections.backend()),
    'archive.validate': (input) => on((b) => b.validateArchive(input)),
    'archive.revive': (input) => on((b) => b.reviveFeatures(input)).then(toNull),
    'archive.deleteArchived': (input) => on((b) => b.deleteArchivedFeatures(input)).then(toNull),
    'archive.listArchived': () => on((b) => b.listArchivedFeatures()),
    'uiConfig.preflight': (input) => on((b) => b.corsPreflight(input)),
    'instance.setEnvironmentEnabled': (input) => on((b) => b.setFeatureEnvironmentEnabled(input)).then(toNull),
    'instance.createContextField': (input) => on((b) => b.createContextField(input)),
    'instance.deleteContextField': (input) => on((b) => b.deleteContextField(input)).then(toNull),
    ...createJobHandlers(connections, adminJobs),
    'uiConfig.get': (input) => on((b) => b.getUiConfig(input)),
    'uiConfig.setOrigins': (input) => on((b) => b.setFrontendApiOrigins(input)).then(toNull),
    'instance.projects': (input) => on((b) => b.listProjects(input)),
    'instance.environments': (input) => on((b) => b.listEnvironments(input)),
    'instance.features': (input) => on((b) => b.listProjectFeatures(input)),
    'instance.feature': (input) => on((b) => b.getFeature(input)),
    'instance.contextFields': (input) => on((b) => b.listContextFields(input)),
    'instance.archiveFeatures': (input) => on((b) => b.archiveFeatures(input)).then(toNull),
    'playground.evaluate': (input) => on((b) => b.playground(input)),
    'playground.openContextsFile': () => openContextsFile(adminJobs.shell),
    'connections.status': () => connections.status(),
    'connections.save': (input) => connections.save(input),
    'connections.remove': (input) => connections.remove(input),
    'connections.activate': (input) => connections.activate(input),
    'connections.test': (input) => connections.test(input),
    'connections.setProtection': (input) => connections.setProtection(input),
    'connections.chooseCaFile': (input) => connections.chooseCaFile(input),
    'connections.clearCaFile': (input) => connections.clearCaFile(input),
    'app.info': async () => appInfo,
    'demo.reset': () => connections.resetDemo().then(toNull),
    'demo.saveStatus': async () => connections.saveStatus(),
  };
}

function toNull(): null {
  return null;
}
