import type { ChannelName } from '../channels';

/**
 * How much a connection profile guards its server against mistakes. none: act at once; confirm: destructive or
 * risky actions ask first; type-name: they ask for the name of what is changed; read-only: nothing is written
 * (main's dispatch refuses every write channel, whatever the page sends).
 */
export const PROTECTION_LEVELS = ['none', 'confirm', 'type-name', 'read-only'] as const;
export type ProtectionLevel = (typeof PROTECTION_LEVELS)[number];

export const PROTECTION_INFO: Readonly<Record<ProtectionLevel, { label: string; description: string }>> = {
  none: { label: 'No protection', description: 'Changes apply at once.' },
  confirm: { label: 'Confirm changes', description: 'Destructive or risky changes ask for confirmation.' },
  'type-name': { label: 'Type the name to confirm', description: 'Destructive or risky changes ask you to type the name of what changes.' },
  'read-only': { label: 'Read-only', description: 'Nothing can be changed on this server from Flagdesk.' },
};

/** The demo is sample data; a remote server is someone's real configuration. */
export function defaultProtection(kind: 'demo' | 'remote'): ProtectionLevel {
  return kind === 'demo' ? 'none' : 'confirm';
}

/**
 * What each channel does to the active instance. Every channel must be classified (the type makes a new channel
 * a compile error here): `write` channels are refused on a read-only profile; `local` ones only touch Flagdesk's
 * own settings (connections), which a read-only profile must still allow (or it could never be unlocked).
 */
export const CHANNEL_EFFECT = {
  'segments.list': 'read',
  'segments.get': 'read',
  'segments.create': 'write',
  'segments.update': 'write',
  'segments.delete': 'write',
  'segments.strategies': 'read',
  'segments.forStrategy': 'read',
  'segments.setForStrategy': 'write',
  'events.list': 'read',
  'events.search': 'read',
  'events.query': 'read',
  'events.browse': 'read',
  'events.histogram': 'read',
  'events.creators': 'read',
  // An export and a local copy read from the server and write only the user's own files.
  'events.export': 'read',
  'events.cancelExport': 'local',
  'events.follow': 'read',
  'events.unfollow': 'local',
  'eventIndex.status': 'local',
  'eventIndex.sync': 'read',
  'eventIndex.stop': 'local',
  'eventIndex.remove': 'local',
  'strategyTypes.list': 'read',
  'strategyTypes.update': 'write',
  'strategyTypes.create': 'write',
  'strategyTypes.deprecate': 'write',
  'strategyTypes.reactivate': 'write',
  'strategyTypes.delete': 'write',
  'archive.validate': 'read',
  'archive.revive': 'write',
  'archive.deleteArchived': 'write',
  'archive.run': 'write',
  'archive.reviveWithRecord': 'write',
  'archive.restoreDependencies': 'write',
  // The dry-run report is written to a file the user picks; the server is only read.
  'archive.exportReport': 'local',
  'archive.listArchived': 'read',
  'archive.archivedFlags': 'read',
  'archive.reviveFlags': 'write',
  'archive.deleteFlags': 'write',
  'strategyTypes.usage': 'read',
  'uiConfig.get': 'read',
  'uiConfig.setOrigins': 'write',
  // A preflight asks the front-end API what it allows; it changes nothing.
  'uiConfig.preflight': 'read',
  'instance.setEnvironmentEnabled': 'write',
  'instance.createContextField': 'write',
  'instance.deleteContextField': 'write',
  'instance.projects': 'read',
  'instance.environments': 'read',
  'instance.features': 'read',
  'instance.feature': 'read',
  'instance.contextFields': 'read',
  'instance.archiveFeatures': 'write',
  // The server's playground evaluates and stores nothing.
  'playground.evaluate': 'read',
  // Reads a local file the user picks; nothing reaches the server.
  'playground.openContextsFile': 'local',
  'connections.status': 'local',
  'connections.save': 'local',
  'connections.remove': 'local',
  'connections.activate': 'local',
  'connections.test': 'local',
  'connections.setProtection': 'local',
  'connections.chooseCaFile': 'local',
  'connections.clearCaFile': 'local',
  'app.info': 'local',
  'demo.reset': 'write',
  'demo.saveStatus': 'local',
} as const satisfies Readonly<Record<ChannelName, 'read' | 'write' | 'local'>>;

export function isWriteChannel(channel: ChannelName): boolean {
  return CHANNEL_EFFECT[channel] === 'write';
}
