import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { useInstanceQuery } from '../../lib/instance-query';
import { strategyTypeQueries, type TypeVersion } from './api';

/** The type's strategy-* events; a version that recorded the whole type can be restored into the form. */
export function TypeHistory({ name, onRestore }: { name: string; onRestore: (version: TypeVersion) => void }) {
  const history = useInstanceQuery((p) => strategyTypeQueries.history(p, name));
  return (
    <section className="panel" aria-label="History of the type">
      <h2 className="section-title">History</h2>
      {history.isError && <ErrorBanner error={history.error} action="Loading the history" onRetry={() => void history.refetch()} />}
      {history.isPending && !history.isError && <Loading label="Loading the history…" />}
      {history.data && history.data.length === 0 && <p className="muted">No event recorded for this type.</p>}
      <ol style={{ listStyle: 'none', padding: 0 }}>
        {(history.data ?? []).map((version) => (
          <li key={version.id} style={{ marginBottom: 8 }}>
            <div>
              <strong>{version.type}</strong> <span className="muted">{new Date(version.createdAt).toLocaleString()} by {version.createdBy}</span>
            </div>
            {version.snapshot && (
              <div className="cell-secondary">
                parameters: {(version.snapshot.parameters ?? []).map((p) => p.name).join(', ') || 'none'}{' '}
                <button type="button" className="button button-quiet" onClick={() => onRestore(version)} aria-label={`Restore this: version of ${new Date(version.createdAt).toLocaleString()}`}>
                  Restore this
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
