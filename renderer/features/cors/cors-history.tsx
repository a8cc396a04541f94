import { useInstanceQuery } from '../../lib/instance-query';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { corsQueries, type OriginsVersion } from './api';
import styles from './cors.module.css';

function listText(origins: readonly string[]): string {
  return origins.length === 0 ? '(empty: every origin)' : origins.join('  ');
}

/** The setting's history from the event log, each version with "Revert to this" (which goes through Save). */
export function CorsHistory({ onRevert }: { onRevert: (version: OriginsVersion) => void }) {
  const history = useInstanceQuery(corsQueries.history);
  return (
    <section className={styles.section} aria-labelledby="cors-history-title">
      <h2 id="cors-history-title" className="section-title">
        History
      </h2>
      {history.isError && <ErrorBanner error={history.error} action="Loading the history" onRetry={() => void history.refetch()} />}
      {history.isPending && !history.isError && <Loading label="Loading the history…" />}
      {history.data && history.data.length === 0 && <p className="muted">No change recorded: the server still uses its default.</p>}
      {history.data && history.data.length > 0 && (
        <ol className={styles.history} aria-label="Changes of the allowed origins">
          {history.data.map((version) => (
            <li key={version.id} className={styles.historyItem}>
              <div>
                <div className="cell-secondary">
                  {new Date(version.createdAt).toLocaleString()} by {version.createdBy}
                </div>
                <div className={styles.originChips}>{listText(version.origins)}</div>
                {version.previous && <div className="cell-secondary">was: {listText(version.previous)}</div>}
              </div>
              <button type="button" className="button" onClick={() => onRevert(version)} aria-label={`Revert to this: the list of ${new Date(version.createdAt).toLocaleString()}`}>
                Revert to this
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
