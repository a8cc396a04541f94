import { Fragment } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { StrategyUsageRow } from '../../../shared/schemas';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { useInstanceQuery } from '../../lib/instance-query';
import { ProjectName } from '../instance';
import { strategyTypeQueries } from './api';
import { ReadOnlyNotice, WriteLink } from '../connections';
import { DEPRECATED_MEANS } from './lifecycle-actions';
import styles from './strategy-types.module.css';

interface Usage {
  strategies: number;
  projects: string[];
  environments: string[];
}

function usageByType(rows: readonly StrategyUsageRow[]): Map<string, Usage> {
  const byType = new Map<string, { strategies: number; projects: Set<string>; environments: Set<string> }>();
  for (const row of rows) {
    const entry = byType.get(row.strategyName) ?? { strategies: 0, projects: new Set<string>(), environments: new Set<string>() };
    entry.strategies += 1;
    entry.projects.add(row.projectId);
    entry.environments.add(row.environment);
    byType.set(row.strategyName, entry);
  }
  return new Map(
    [...byType].map(([name, entry]) => [name, { strategies: entry.strategies, projects: [...entry.projects].sort(), environments: [...entry.environments].sort() }]),
  );
}

/** Every strategy type with how many flag strategies use it, where; built-ins read-only and why. */
export default function StrategyTypesScreen() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const types = useInstanceQuery(strategyTypeQueries.list);
  const usage = useInstanceQuery(strategyTypeQueries.usage);
  const counts = usage.data ? usageByType(usage.data) : undefined;
  const shown = (types.data ?? []).filter((type) =>
    `${type.name} ${type.displayName ?? ''} ${type.description ?? ''}`.toLowerCase().includes(search.toLowerCase()),
  );
  return (
    <section aria-label="Strategy types">
      <PageHeader
        title="Strategy types"
        description="Activation strategies flags can use, and where each is used."
        actions={
          <WriteLink className="button button-primary" to="/strategy-types/+new">
            New strategy type
          </WriteLink>
        }
      />
      <ReadOnlyNotice />
      <div className={styles.toolbar}>
        <label className="field">
          <span>Search types</span>
          <input
            type="search"
            value={search}
            onChange={(event) => setParams(event.target.value ? { q: event.target.value } : {}, { replace: true })}
          />
        </label>
      </div>
      {types.isError && <ErrorBanner error={types.error} action="Loading strategy types" onRetry={() => void types.refetch()} />}
      {usage.isError && <ErrorBanner error={usage.error} action="Counting where they are used" onRetry={() => void usage.refetch()} />}
      {types.isPending && !types.isError && <Loading label="Loading strategy types…" />}
      {types.data && shown.length === 0 && <EmptyState title="No strategy type matches">Try another search.</EmptyState>}
      {shown.length > 0 && (
        <div className="table-wrap">
          <table className="table" aria-label="Strategy types">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Parameters</th>
                <th scope="col" className="numeric">
                  Flag strategies
                </th>
                <th scope="col">Projects and environments</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((type) => {
                const used = counts?.get(type.name);
                return (
                  <tr key={type.name}>
                    <td>
                      <div className="cell-primary">
                        {type.editable ? <Link to={`/strategy-types/${encodeURIComponent(type.name)}`}>{type.displayName ?? type.name}</Link> : (type.displayName ?? type.name)}
                        {!type.editable && (
                          <span className={styles.badge} title="The server refuses to change built-in types (500 Cannot edit strategy).">
                            built-in, read-only
                          </span>
                        )}
                        {type.deprecated && (
                          <span className={`${styles.badge} ${styles.deprecated}`} title={DEPRECATED_MEANS}>
                            deprecated
                          </span>
                        )}
                      </div>
                      <div className="cell-secondary">
                        <code>{type.name}</code> {type.description}
                      </div>
                    </td>
                    <td>{type.parameters.length === 0 ? <span className="muted">none</span> : type.parameters.map((p) => p.name).join(', ')}</td>
                    <td className="numeric">{counts ? (used?.strategies ?? 0) : '…'}</td>
                    <td>
                      {used ? (
                        <span>
                          {used.projects.map((id, index) => (
                            <Fragment key={id}>
                              {index > 0 && ', '}
                              <ProjectName id={id} />
                            </Fragment>
                          ))}{' '}
                          <span className="muted">· {used.environments.join(', ')}</span>
                        </span>
                      ) : (
                        <span className="muted">{counts ? 'unused' : ''}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {types.data && types.data.some((type) => !type.editable) && (
        <p className="muted">Built-in types are read-only: Unleash refuses every change to them (HTTP 500 "Cannot edit strategy").</p>
      )}
      {types.data && types.data.some((type) => type.deprecated) && <p className="muted">Deprecated: {DEPRECATED_MEANS}</p>}
    </section>
  );
}
