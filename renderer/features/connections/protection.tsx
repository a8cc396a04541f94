import { useCallback, useState, type ReactNode } from 'react';
import { PROTECTION_INFO, type ProtectionLevel } from '../../../shared/domain/protection';
import { ConfirmDialog, type ConfirmRequest } from '../../components/confirm-dialog';
import { useActiveProfile } from './api';
import { useWriteAccess } from './write-access';

/** The active profile's protection level ('none' until the status is known: nothing can be written before). */
export function useProtection(): { level: ProtectionLevel; profileName: string } {
  const profile = useActiveProfile();
  return { level: profile?.protection ?? 'none', profileName: profile?.name ?? '' };
}

/**
 * The level a review dialog asks with: a dialog that must be seen whatever the level (a change's impact, a danger
 * notice) asks for at least a click, even on a 'none' profile; otherwise the profile's level.
 */
export function reviewLevel(level: ProtectionLevel): ProtectionLevel {
  return level === 'none' ? 'confirm' : level;
}

/**
 * Guards a destructive or risky action with what the active profile's level requires: `guard(request, action)`
 * runs the action at once (none), after a confirmation (confirm), after the typed name (type-name), or never
 * (read-only, the dialog says why). Render `dialog` once in the component.
 */
export function useGuardedAction(): { guard: (request: ConfirmRequest, action: () => void) => void; dialog: ReactNode; readOnly: boolean } {
  const { level, profileName } = useProtection();
  const { canWrite } = useWriteAccess();
  const [pending, setPending] = useState<{ request: ConfirmRequest; action: () => void } | null>(null);
  const guard = useCallback(
    (request: ConfirmRequest, action: () => void) => {
      if (level === 'none') action();
      else setPending({ request, action });
    },
    [level],
  );
  const dialog = pending ? (
    <ConfirmDialog
      {...pending.request}
      level={level}
      profileName={profileName}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        setPending(null);
        pending.action();
      }}
    />
  ) : null;
  // `readOnly` is also true while the profile loads: no write control is live before its level is known.
  return { guard, dialog, readOnly: !canWrite };
}

const BADGE: Record<ProtectionLevel, string | null> = {
  none: null,
  confirm: 'Confirms changes',
  'type-name': 'Type to confirm',
  'read-only': 'Read-only',
};

/** The header's badge for the level (none shows nothing: the demo is a sandbox). */
export function ProtectionBadge({ level }: { level: ProtectionLevel }) {
  const text = BADGE[level];
  if (!text) return null;
  return (
    <span className={`badge badge-protection-${level}`} title={PROTECTION_INFO[level].description} data-testid="protection-badge">
      {text}
    </span>
  );
}
