import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { canRestore, type EventEntity } from '../../../shared/domain/event-entity';
import { entityVersions, type EntityVersion } from '../../../shared/domain/event-versions';
import { restoreWriteOf } from '../../../shared/domain/restore-payload';
import type { NameLookup } from '../../../shared/domain/semantic-diff';
import type { FlagEvent } from '../../../shared/schemas';
import { Dialog, DialogActions } from '../../components/dialog';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { notify } from '../../components/toast';
import { useActiveProfileId } from '../../lib/active-profile';
import { reviewLevel, useProtection } from '../connections';
import { currentStateQuery, useRestoreVersion } from './api';
import { BeforeStateNote, EventDiff } from './event-diff';
import { exactTime } from './event-format';
import styles from './events.module.css';

type Restorable = 'segment' | 'strategy-type' | 'cors';

/**
 * Every event of one entity, newest first, each diffed against the version before it; "compare with current" and,
 * for segments, strategy types and CORS origins, "restore this version" (the ordinary write, so it is logged).
 */
export function EntityTimeline({ entity, events, loading, names, currentId }: { entity: EventEntity; events: readonly FlagEvent[]; loading: boolean; names: NameLookup; currentId: number }) {
  const versions = entityVersions(events, entity);
  const restorable = canRestore(entity.kind) ? (entity.kind as Restorable) : null;
  const [comparing, setComparing] = useState<EntityVersion | null>(null);
  const [restoring, setRestoring] = useState<EntityVersion | null>(null);
  if (loading) return <p className="muted">Loading the history…</p>;
  return (
    <section aria-label={`History of ${entity.label}`} className={styles.timeline}>
      <h3 className="section-title">
        History of {entity.label} ({versions.length} {versions.length === 1 ? 'event' : 'events'})
      </h3>
      <ol className={styles.versions}>
        {versions.map((version) => (
          <li key={version.event.id} className={version.event.id === currentId ? styles.versionCurrent : undefined}>
            <details>
              <summary>
                <code>{version.event.type}</code> #{version.event.id} · {exactTime(version.event.createdAt)} · {version.event.createdBy}
              </summary>
              <BeforeStateNote before={version.before} />
              <EventDiff before={version.before.before} after={version.after} names={names} caption={`Changes of event ${version.event.id}`} />
            </details>
            {restorable && version.after && (
              <div className={styles.versionActions}>
                <button type="button" className="button button-quiet" onClick={() => setComparing(version)}>
                  Compare with current
                </button>
                <button type="button" className="button button-quiet" onClick={() => setRestoring(version)} disabled={!restoreWriteOf(restorable, entity.key, version.after)}>
                  Restore this version
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {comparing && restorable && <CompareDialog entity={entity} kind={restorable} version={comparing} names={names} onClose={() => setComparing(null)} />}
      {restoring && restorable && <RestoreDialog entity={entity} kind={restorable} version={restoring} onClose={() => setRestoring(null)} />}
    </section>
  );
}

function CompareDialog({ entity, kind, version, names, onClose }: { entity: EventEntity; kind: Restorable; version: EntityVersion; names: NameLookup; onClose(): void }) {
  const profileId = useActiveProfileId() ?? '';
  const current = useQuery(currentStateQuery(profileId, kind, entity.key));
  return (
    <Dialog title={`Event #${version.event.id} compared with ${entity.label} now`} isOpen onClose={onClose} wide>
      {current.isPending ? <p className="muted">Reading the current version…</p> : <EventDiff before={version.after} after={current.data ?? null} names={names} caption="Version then and now" />}
      <DialogActions>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </DialogActions>
    </Dialog>
  );
}

function RestoreDialog({ entity, kind, version, onClose }: { entity: EventEntity; kind: Restorable; version: EntityVersion; onClose(): void }) {
  const restore = useRestoreVersion();
  const { level, profileName } = useProtection();
  const write = restoreWriteOf(kind, entity.key, version.after);
  const confirm = () => {
    if (!write || restore.isPending) return;
    restore.mutate(write, {
      onSuccess: () => {
        notify({ tone: 'ok', title: `Restored ${entity.label}`, description: `Back to the version of event #${version.event.id}.` });
        onClose();
      },
    });
  };
  // What the profile's level requires (at least a click: it rewrites the server's version); read-only refuses.
  return (
    <ConfirmDialog
      level={reviewLevel(level)}
      profileName={profileName}
      title={`Restore ${entity.label}?`}
      name={entity.label}
      confirmLabel={restore.isPending ? 'Restoring…' : 'Restore'}
      onCancel={onClose}
      onConfirm={confirm}
      body={
        <>
          <p>
            This writes the version recorded by event #{version.event.id} ({exactTime(version.event.createdAt)}) back to the
            server, as a normal change that appears in the event log.
          </p>
          {restore.isError && <ErrorBanner error={restore.error} action="Restoring" />}
        </>
      }
    />
  );
}
