import { useId, useState } from 'react';
import { Link } from 'react-router';
import { limitsOf, type AdminSegment, type FeatureStrategy } from '../../../shared/schemas';
import { ErrorBanner } from '../../components/error-banner';
import { notify } from '../../components/toast';
import { useInstanceQuery } from '../../lib/instance-query';
import { useGuardedAction, useWriteAccess } from '../connections';
import { instanceQueries } from '../instance';
import { segmentQueries, useSetStrategySegments } from '../segments';
import styles from './flags.module.css';

interface Props {
  projectId: string;
  featureName: string;
  environment: string;
  production: boolean;
  strategy: FeatureStrategy;
}

/** A strategy's segments: shown as links, replaced or cleared in place (at most the server's limit, 5 by default). */
export function StrategySegments({ projectId, featureName, environment, production, strategy }: Props) {
  const segments = useInstanceQuery(segmentQueries.list);
  const uiConfig = useInstanceQuery(instanceQueries.uiConfig);
  const limit = limitsOf(uiConfig.data ?? { version: '0' }).strategySegments;
  const current = strategy.segments ?? [];
  const [editing, setEditing] = useState<number[] | null>(null);
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const save = useSetStrategySegments();
  const { guard, dialog, readOnly } = useGuardedAction();
  const { reason } = useWriteAccess();
  const byId = new Map((segments.data ?? []).map((s) => [s.id, s] as const));
  const label = strategy.title || strategy.name;

  const apply = (segmentIds: number[]) => {
    const run = () =>
      save.mutate(
        { projectId, featureName, environmentId: environment, strategyId: strategy.id, segmentIds },
        {
          onSuccess: () => {
            setEditing(null);
            notify({ title: `Segments of “${label}” in ${environment} saved`, tone: 'ok' });
          },
        },
      );
    const names = segmentIds.map((id) => byId.get(id)?.name ?? `#${id}`);
    guard(
      {
        title: `Change the segments of ${featureName} in ${environment}?`,
        body: (
          <p>
            {production ? <strong>{environment} is a production environment. </strong> : null}
            {segmentIds.length === 0 ? 'The strategy will have no segments.' : `The strategy will use: ${names.join(', ')}.`}
          </p>
        ),
        name: featureName,
        confirmLabel: segmentIds.length === 0 ? 'Clear segments' : 'Save segments',
      },
      run,
    );
  };

  if (editing === null) {
    return (
      <div className={styles.segments}>
        <span className={styles.label}>Segments</span>
        {current.length === 0 ? <span className="muted">none</span> : null}
        {current.map((id) => (
          <Link key={id} className={styles.segmentChip} to={`/segments/${id}`}>
            {byId.get(id)?.name ?? `#${id}`}
          </Link>
        ))}
        <button type="button" className="button button-quiet" disabled={readOnly} title={reason} onClick={() => setEditing(current)} aria-label={`Change segments of ${label} in ${environment}`}>
          Change…
        </button>
        {dialog}
      </div>
    );
  }

  const shown = (segments.data ?? []).filter(
    (s: AdminSegment) => s.name.toLowerCase().includes(filter.toLowerCase()) && (!s.project || s.project === projectId),
  );
  const full = editing.length >= limit;
  return (
    <fieldset className={styles.picker}>
      <legend>
        Segments of {label} in {environment} ({editing.length} of at most {limit})
      </legend>
      <label htmlFor={filterId} className="sr-only">
        Filter segments
      </label>
      <input id={filterId} className="input" placeholder="Filter segments" value={filter} onChange={(e) => setFilter(e.target.value)} />
      <ul className={styles.pickList}>
        {shown.map((segment) => {
          const checked = editing.includes(segment.id);
          return (
            <li key={segment.id}>
              <label>
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={() => setEditing(checked ? editing.filter((id) => id !== segment.id) : [...editing, segment.id])}
                />{' '}
                {segment.name}
                {segment.constraints.length === 0 ? <span className={styles.warn}> (no constraints: matches everyone)</span> : null}
              </label>
            </li>
          );
        })}
      </ul>
      {full && <p className="muted">A strategy can use at most {limit} segments on this server.</p>}
      {save.isError && <ErrorBanner error={save.error} action="Saving the segments" />}
      <div className={styles.pickActions}>
        <button type="button" className="button button-primary" onClick={() => apply(editing)} disabled={save.isPending}>
          Save segments
        </button>
        <button type="button" className="button" onClick={() => apply([])} disabled={save.isPending || current.length === 0}>
          Clear all
        </button>
        <button type="button" className="button button-quiet" onClick={() => setEditing(null)}>
          Cancel
        </button>
      </div>
      {dialog}
    </fieldset>
  );
}
