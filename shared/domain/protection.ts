/**
 * How much a connection profile guards its server against mistakes. none: act at once; confirm: destructive or
 * risky actions ask first; type-name: they ask for the name of what is changed; read-only: nothing is written
 * (main's dispatch refuses every channel whose contract entry says `write`, whatever the page sends).
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
