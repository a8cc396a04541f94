import type { ArchiveRun } from '../../../shared/schemas';
import { ErrorBanner } from '../../components/error-banner';
import { Notice } from '../../components/notice';
import { useGuardedAction, useWriteAccess } from '../connections';
import { ProjectName } from '../instance';
import { useRestoreDependencies, useRevive } from './api';
import styles from './archive.module.css';

const names = (list: readonly string[]) => list.map((name) => name).join(', ');

/** What the archive did, flag by flag; revive from here offers the removed dependencies back. */
export function ArchiveResult({ projectId, run }: { projectId: string; run: ArchiveRun }) {
  const revive = useRevive();
  const restore = useRestoreDependencies();
  const revived = revive.data;
  const { canWrite, reason } = useWriteAccess();
  const { guard, dialog } = useGuardedAction();
  const count = run.archived.length === 1 ? `“${run.archived[0] ?? ''}”` : `${run.archived.length} flags`;
  // Reviving serves the flags to SDKs again (off, with their strategies): it asks as the profile's level requires.
  const onRevive = () =>
    guard(
      {
        title: `Revive ${count}?`,
        body: (
          <p>
            {names(run.archived)} (project <ProjectName id={projectId} />) come back off in every environment, with their strategies.
          </p>
        ),
        name: run.archived.length === 1 ? (run.archived[0] ?? '') : `revive ${run.archived.length} flags`,
        confirmLabel: 'Revive',
      },
      () => revive.mutate({ projectId, features: run.archived }),
    );
  return (
    <section className="panel" aria-label="Archive result">
      {run.outcome === 'archived' && (
        <Notice tone="info" title={`Archived ${run.archived.length} ${run.archived.length === 1 ? 'flag' : 'flags'}`}>
          From project <ProjectName id={projectId} />: {names(run.archived)}
          {run.removedDependencies.length > 0 &&
            `. Dependencies removed (recorded by Flagdesk): ${run.removedDependencies.map((d) => `${d.child} → ${d.parent}`).join(', ')}`}
        </Notice>
      )}
      {run.outcome === 'refused' && (
        <Notice tone="warning" title="Nothing was archived">
          The server would refuse this selection: {names(run.validation.parentsWithChildFeatures)} would leave children behind.
        </Notice>
      )}
      {run.outcome === 'failed' && (
        <div className="banner banner-error" role="alert">
          <div className="banner-body">
            <p className="banner-title">The archive failed: {run.error}</p>
            <p>Archived: {run.archived.length > 0 ? names(run.archived) : 'none'}.</p>
            <p>Not archived: {run.notArchived.length > 0 ? names(run.notArchived) : 'none'}.</p>
            {run.unconfirmed.length > 0 && (
              <p>
                Unknown (the server could not be asked afterwards): {names(run.unconfirmed)}. Their dependencies are recorded in case they
                were archived.
              </p>
            )}
          </div>
        </div>
      )}
      {run.archived.length > 0 && !revived && (
        <div className={styles.actions}>
          <button type="button" className="button" disabled={!canWrite || revive.isPending} title={reason} onClick={onRevive}>
            {revive.isPending ? 'Reviving…' : `Revive ${run.archived.length === 1 ? 'it' : `these ${run.archived.length}`}`}
          </button>
        </div>
      )}
      {revive.isError && <ErrorBanner error={revive.error} action="Reviving" />}
      {revived && (
        <div aria-label="Revive result" role="region">
          <p>
            Revived {names(revived.revived)}. Revived flags come back off in every environment, with their strategies.
          </p>
          {revived.restorable.length > 0 && !restore.data && (
            <>
              <p>Flagdesk removed these dependencies when it archived them; the server does not bring them back:</p>
              <ul aria-label="Dependencies to restore">
                {revived.restorable.map((d) => (
                  <li key={d.child}>
                    <code>{d.child}</code> → <code>{d.parent}</code>
                    {d.enabled ? '' : ' (when the parent is off)'}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="button button-primary"
                disabled={!canWrite || restore.isPending}
                title={reason}
                onClick={() => restore.mutate({ projectId, children: revived.restorable.map((d) => d.child) })}
              >
                Restore {revived.restorable.length === 1 ? 'this dependency' : `these ${revived.restorable.length} dependencies`}
              </button>
            </>
          )}
          {restore.isError && <ErrorBanner error={restore.error} action="Restoring the dependencies" />}
          {restore.data && (
            <p role="status">
              Restored: {restore.data.restored.length > 0 ? restore.data.restored.map((d) => `${d.child} → ${d.parent}`).join(', ') : 'none'}.
              {restore.data.failed.map((f) => ` Not restored: ${f.dependency.child} → ${f.dependency.parent} (${f.error}).`).join('')}
            </p>
          )}
        </div>
      )}
      {dialog}
    </section>
  );
}
