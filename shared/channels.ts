/**
 * The names of the IPC channels and push events, without their schemas. The sandboxed preload imports only this
 * file, so its bundle stays tiny (no zod). Hand-kept; channels.test.ts checks it against the keys of contract.ts.
 */
export const CHANNEL_NAMES = [
  'segments.list',
  'segments.get',
  'segments.create',
  'segments.update',
  'segments.delete',
  'segments.strategies',
  'segments.forStrategy',
  'segments.setForStrategy',
  'events.list',
  'events.search',
  'events.query',
  'strategyTypes.list',
  'strategyTypes.update',
  'strategyTypes.create',
  'archive.validate',
  'uiConfig.get',
  'uiConfig.setOrigins',
  'instance.projects',
  'instance.environments',
  'instance.features',
  'instance.feature',
  'instance.contextFields',
  'instance.createFeature',
  'instance.addStrategy',
  'instance.addDependency',
  'instance.archiveFeatures',
  'connections.status',
  'connections.save',
  'connections.remove',
  'connections.activate',
  'connections.test',
  'connections.setProtection',
  'app.info',
  'demo.reset',
] as const;

export const PUSH_EVENT_NAMES = ['connections.changed'] as const;

/** The IPC channel every push event travels on (one listener in the preload fans them out by name). */
export const PUSH_CHANNEL = 'flagdesk:push';
