import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { canRestore, ENTITY_EVENT_TYPES, type EventEntity } from '../../../shared/domain/event-entity';
import { entityVersions, type EntityVersion } from '../../../shared/domain/event-versions';
import { restoreWriteOf, type RestoreWrite } from '../../../shared/domain/restore-payload';
import type { NameLookup } from '../../../shared/domain/semantic-diff';
import { analyseStrategyTypeChange } from '../../../shared/domain/strategy-type-change';
import type { FlagEvent } from '../../../shared/schemas';
import { Dialog, DialogActions } from '../../components/dialog';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { OriginsDangerNotice } from '../../components/origins-danger-notice';
import { ChangeDetails } from '../../components/strategy-type-change';
import { notify } from '../../components/toast';
import { useActiveProfileId } from '../../lib/active-profile';
import { reviewLevel, useProtection, useWriteAccess } from '../connections';
import { ProjectName, strategyTypeQueries } from '../instance';
import { currentStateQuery, eventQueries, useRestoreVersion } from './api';
import { BeforeStateNote, EventDiff } from './event-diff';
import { exactTime } from './event-format';
import styles from './events.module.css';

type Restorable = 'segment' | 'strategy-type' | 'cors';

/** What a screen that embeds the timeline may add to "restore this version". */
export interface RestoreHooks {
  /** After the restore was written: a screen holding an edited copy resets it to what the server now has. */
  onRestored?: (write: RestoreWrite) => void;
}

interface TimelineProps extends RestoreHooks {
  entity: EventEntity;
  events: readonly FlagEvent[];
  loading: boolean;
  names: NameLookup;
  /** The event the reader came from, marked in the list; none on an entity's own screen. */
  currentId?: number;
}

const NO_NAMES: NameLookup = {};

/** The events of one entity (its types, or a flag's name), newest first; the timeline narrows them to the entity. */
export function useEntityTimelineEvents(entity: EventEntity | null) {
  const profileId = useActiveProfileId() ?? '';
  const types = entity ? ENTITY_EVENT_TYPES[entity.kind] : null;
  const filters = entity?.kind === 'flag' ? { types: [], feature: entity.key } : { types: [...(types ?? [])] };
  return useQuery({ ...eventQueries.timeline(profileId, entity?.kind ?? '', entity?.key ?? '', filters), enabled: entity !== null && profileId !== '' });
}

/**
 * The timeline of one entity that loads its own events: for a screen about that entity (a strategy type, the CORS
 * setting), outside the event browser.
 */
export function EntityHistory({ entity, names = NO_NAMES, ...hooks }: { entity: EventEntity; names?: NameLookup } & RestoreHooks) {
  const events = useEntityTimelineEvents(entity);
  if (events.isError) return <ErrorBanner error={events.error} action="Loading the history" onRetry={() => void events.refetch()} />;
  return <EntityTimeline entity={entity} events={events.data?.events ?? []} loading={events.isPending} names={names} {...hooks} />;
}

/**
 * Every event of one entity, newest first, each diffed against the version before it; "compare with current" and,
 * for segments, strategy types and CORS origins, "restore this version" (the ordinary write, so it is logged).
 */
export function EntityTimeline({ entity, events, loading, names, currentId, onRestored }: TimelineProps) {
  const versions = entityVersions(events, entity);
  const restorable = canRestore(entity.kind) ? (entity.kind as Restorable) : null;
  const [comparing, setComparing] = useState<EntityVersion | null>(null);
  const [restoring, setRestoring] = useState<EntityVersion | null>(null);
  const { canWrite, reason } = useWriteAccess();
  if (loading) return <p className="muted">Loading the history…</p>;
  return (
    <section aria-label={`History of ${entity.label}`} className={styles.timeline}>
      <h3 className="section-title">
        History of {entity.label} ({versions.length} {versions.length === 1 ? 'event' : 'events'})
      </h3>
      {versions.length === 0 && <p className="muted">No event recorded for {entity.label}.</p>}
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
                <button type="button" className="button button-quiet" onClick={() => setRestoring(version)} disabled={!canWrite || !restoreWriteOf(restorable, entity.key, version.after)} title={reason}>
                  Restore this version
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {comparing && restorable && <CompareDialog entity={entity} kind={restorable} version={comparing} names={names} onClose={() => setComparing(null)} />}
      {restoring && restorable && (
        <RestoreDialog entity={entity} kind={restorable} version={restoring} onRestored={onRestored} onClose={() => setRestoring(null)} />
      )}
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

interface RestoreProps {
  entity: EventEntity;
  kind: Restorable;
  version: EntityVersion;
  onRestored: RestoreHooks['onRestored'];
  onClose(): void;
}

/**
 * What writing an old version back would do, said before it is written, wherever the timeline stands: for a
 * strategy type the breaking-change guard (its diff and the flag strategies it breaks, with their stored values),
 * for the CORS origins what the restored list allows. `ready` is false while the guard's reads are under way.
 */
function useRestoreReview(write: RestoreWrite | null): { ready: boolean; body: ReactNode } {
  const profileId = useActiveProfileId() ?? '';
  const isType = write?.kind === 'strategy-type';
  const types = useQuery({ ...strategyTypeQueries.list(profileId), enabled: isType && profileId !== '' });
  const usage = useQuery({ ...strategyTypeQueries.usage(profileId), enabled: isType && profileId !== '' });
  if (write?.kind === 'cors') {
    return {
      ready: true,
      body: (
        <>
          <p>The list becomes: {write.origins.length === 0 ? '(empty)' : write.origins.join(', ')}.</p>
          <OriginsDangerNotice origins={write.origins} />
        </>
      ),
    };
  }
  if (write?.kind !== 'strategy-type') return { ready: true, body: null };
  if (types.isError || usage.isError) return { ready: false, body: <ErrorBanner error={types.error ?? usage.error} action="Checking which flag strategies use this type" /> };
  if (!types.data || !usage.data) return { ready: false, body: <p className="muted">Checking which flag strategies use this type…</p> };
  const current = types.data.find((type) => type.name === write.name);
  if (!current) {
    return {
      ready: true,
      body: (
        <p>
          “{write.name}” no longer exists on the server: restoring creates it again with this version's title, description
          and parameters{write.update.parameters.length > 0 ? ` (${write.update.parameters.map((parameter) => parameter.name).join(', ')})` : ''}.
        </p>
      ),
    };
  }
  const restored = {
    description: write.update.description ?? current.description,
    title: write.update.title ?? current.title,
    parameters: write.update.parameters,
  };
  const usages = usage.data.filter((row) => row.strategyName === write.name);
  return { ready: true, body: <ChangeDetails change={analyseStrategyTypeChange(current, restored, usages)} project={(id) => <ProjectName id={id} />} /> };
}

function RestoreDialog({ entity, kind, version, onRestored, onClose }: RestoreProps) {
  const restore = useRestoreVersion();
  const { level, profileName } = useProtection();
  const write = restoreWriteOf(kind, entity.key, version.after);
  const review = useRestoreReview(write);
  const confirm = () => {
    if (!write || !review.ready || restore.isPending) return;
    // mutateAsync, not mutate's callbacks: the restore refreshes the entity, and a screen that remounts on the
    // server's new version (the strategy type editor) unmounts this dialog before a per-call callback would run.
    restore.mutateAsync(write).then(
      () => {
        onRestored?.(write);
        notify({ tone: 'ok', title: `Restored ${entity.label}`, description: `Back to the version of event #${version.event.id}.` });
        onClose();
      },
      // The error shows in the dialog (restore.isError) while it is still open.
      () => undefined,
    );
  };
  // What the profile's level requires (at least a click: it rewrites the server's version); read-only refuses.
  return (
    <ConfirmDialog
      level={reviewLevel(level)}
      profileName={profileName}
      title={`Restore ${entity.label}?`}
      name={entity.label}
      confirmLabel={restore.isPending ? 'Restoring…' : review.ready ? 'Restore' : 'Checking…'}
      wide={kind === 'strategy-type'}
      onCancel={onClose}
      onConfirm={confirm}
      body={
        <>
          <p>
            This writes the version recorded by event #{version.event.id} ({exactTime(version.event.createdAt)}) back to the
            server, as a normal change that appears in the event log.
          </p>
          {review.body}
          {restore.isError && <ErrorBanner error={restore.error} action="Restoring" />}
        </>
      }
    />
  );
}
