import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../components/notice';
import { useConnectionStatus } from '../../lib/active-profile';
import styles from './write-access.module.css';

export interface WriteAccess {
  /** True only once the active profile is known and is not read-only: no write control is live before. */
  canWrite: boolean;
  /** The active profile is read-only (known). */
  readOnly: boolean;
  /** Why writing is off, for a tooltip; undefined when it is on. */
  reason: string | undefined;
  profileName: string;
}

/** Where the level is changed, said the same way on every screen. */
const WHERE = 'Change its protection level in Connections to make changes.';

/**
 * Whether the screen may offer writes, from the active profile's protection level. While the connection status
 * loads nothing is writable, so a read-only profile never flashes live controls on the first paint. Main refuses
 * writes on a read-only profile anyway (electron/ipc/read-only-guard.ts); this makes it visible before anyone tries.
 */
export function useWriteAccess(): WriteAccess {
  const status = useConnectionStatus().data;
  const profile = status?.profiles.find((candidate) => candidate.id === status.activeProfileId);
  const readOnly = profile?.protection === 'read-only';
  const canWrite = profile !== undefined && !readOnly;
  const profileName = profile?.name ?? '';
  const reason = canWrite ? undefined : readOnly ? `“${profileName}” is read-only. ${WHERE}` : 'The connection is still loading.';
  return { canWrite, readOnly, reason, profileName };
}

/** One notice per screen on a read-only profile: what it means and where to change it. Nothing otherwise. */
export function ReadOnlyNotice() {
  const { readOnly, profileName } = useWriteAccess();
  if (!readOnly) return null;
  return (
    <div className={styles.notice} data-testid="read-only-notice">
      <Notice tone="info" title={`“${profileName}” is read-only`}>
        Flagdesk changes nothing on this server, so the controls that would are turned off. To make changes, set the
        profile's protection level in <Link to="/connections">Connections</Link>.
      </Notice>
    </div>
  );
}

/**
 * Wraps a form or a group of write controls: a disabled fieldset turns every input, select, textarea and button
 * inside read-only at once (react-aria's inputs and buttons are native ones), and the reason is its tooltip.
 * Reading controls (testers, filters, history) belong outside it.
 */
export function WriteFieldset({ children, className }: { children: ReactNode; className?: string }) {
  const { canWrite, reason } = useWriteAccess();
  return (
    <fieldset className={`${styles.fieldset} ${className ?? ''}`} disabled={!canWrite} title={reason} data-write-controls={canWrite ? 'on' : 'off'}>
      {children}
    </fieldset>
  );
}

/**
 * A link that starts a write (New segment, Duplicate): a link when writing is allowed, otherwise a disabled button
 * of the same look whose tooltip says why.
 */
export function WriteLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const { canWrite, reason } = useWriteAccess();
  if (canWrite) {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <button type="button" className={className} disabled title={reason}>
      {children}
    </button>
  );
}
