import { useQueryClient } from '@tanstack/react-query';
import type { EventIndexStatus } from '../../../shared/schemas';
import { useActiveProfile, useActiveProfileId } from '../../lib/active-profile';
import { useInstanceQuery } from '../../lib/instance-query';
import { useReachability } from '../connections';
import { eventKeys, eventQueries, useIndexAction, usePush } from './api';
import { exactTime } from './event-format';
import styles from './local-copy.module.css';

/**
 * "Keep a local copy of the event log" for a remote profile: sync with progress, stop, resume, remove; how fresh
 * the copy is, and that it still answers when the server cannot be reached.
 */
export function LocalCopy() {
  const profile = useActiveProfile();
  const profileId = useActiveProfileId() ?? '';
  const client = useQueryClient();
  const status = useInstanceQuery(eventQueries.index).data;
  const action = useIndexAction();
  // A failed sync says why; so does any read or check that found the server down meanwhile (the copy still answers).
  const reach = useReachability(profileId).report;
  usePush('eventIndex.changed', (next) => {
    client.setQueryData(eventKeys.index(profileId), next);
    // a finished sync changes who answers the list: read it again
    if (next.state === 'complete') void client.invalidateQueries({ queryKey: [...eventKeys.all(profileId), 'browse'] });
  });
  if (profile?.kind !== 'remote' || !status) return null;
  const problem = status.lastError ?? (reach?.reachable === false ? reach.message : undefined);
  return (
    <div className={styles.bar} role="region" aria-label="Local copy of the event log">
      <div className={styles.text}>
        <p>{describe(status)}</p>
        {problem && (
          <p className={styles.offline} role="status">
            Server unreachable: {problem.replace(/\.+$/, '')}.{' '}
            {status.state === 'complete' ? 'The local copy still answers every search.' : 'Resume once it answers: the copy continues where it stopped.'}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        {status.state === 'syncing' ? (
          <button type="button" className="button" onClick={() => action.mutate('stop')}>
            Stop sync
          </button>
        ) : (
          <button type="button" className="button" onClick={() => action.mutate('sync')}>
            {status.state === 'off' ? 'Keep a local copy' : status.state === 'stopped' ? 'Resume sync' : 'Sync now'}
          </button>
        )}
        {status.enabled && status.state !== 'syncing' && (
          <button type="button" className="button button-quiet" onClick={() => action.mutate('remove')}>
            Delete local copy
          </button>
        )}
      </div>
    </div>
  );
}

function describe(status: EventIndexStatus): string {
  switch (status.state) {
    case 'off':
      return 'Searching on the server.';
    case 'syncing':
      return `Copying the event log: ${status.count.toLocaleString()} of ${status.total.toLocaleString()}…`;
    case 'stopped':
      return `Local copy paused at ${status.count.toLocaleString()} of ${status.total.toLocaleString()} events; the server searches meanwhile.`;
    case 'complete':
      return `Local copy: ${status.count.toLocaleString()} events, searched on this computer${status.syncedAt ? `, as of ${exactTime(status.syncedAt)}` : ''}.`;
  }
}
