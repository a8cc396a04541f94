/**
 * The names of the IPC channels and push events, without their schemas. The sandboxed preload imports only this
 * file, so its bundle stays tiny (no zod). contract.ts declares one entry per name and is checked against this list
 * by the compiler (`satisfies`): a name without its contract entry, or an entry without its name, does not compile.
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
  'events.browse',
  'events.histogram',
  'events.creators',
  'events.export',
  'events.cancelExport',
  'events.follow',
  'events.unfollow',
  'eventIndex.status',
  'eventIndex.sync',
  'eventIndex.stop',
  'eventIndex.remove',
  'strategyTypes.list',
  'strategyTypes.update',
  'archive.validate',
  'archive.revive',
  'archive.deleteArchived',
  'archive.run',
  'archive.reviveWithRecord',
  'archive.restoreDependencies',
  'archive.exportReport',
  'archive.listArchived',
  'archive.archivedFlags',
  'archive.reviveFlags',
  'archive.deleteFlags',
  'strategyTypes.usage',
  'uiConfig.preflight',
  'instance.setEnvironmentEnabled',
  'instance.createContextField',
  'instance.deleteContextField',
  'uiConfig.get',
  'uiConfig.setOrigins',
  'instance.projects',
  'instance.environments',
  'instance.features',
  'instance.feature',
  'instance.contextFields',
  'instance.archiveFeatures',
  'playground.evaluate',
  'playground.openContextsFile',
  'connections.status',
  'connections.save',
  'connections.remove',
  'connections.activate',
  'connections.test',
  'connections.setProtection',
  'connections.chooseCaFile',
  'connections.clearCaFile',
  'app.info',
  'demo.reset',
  'demo.saveStatus',
] as const;

export type ChannelName = (typeof CHANNEL_NAMES)[number];

export const PUSH_EVENT_NAMES = [
  'connections.changed',
  'demo.saveStatus',
  'events.exportProgress',
  'events.arrived',
  'eventIndex.changed',
] as const;
export type PushEventName = (typeof PUSH_EVENT_NAMES)[number];

/** The IPC channel every push event travels on (one listener in the preload fans them out by name). */
export const PUSH_CHANNEL = 'flagdesk:push';
