import { useQueries } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { limitsOf } from '../../../shared/schemas';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../components/toast';
import { useActiveProfileId } from '../../lib/active-profile';
import { useInstanceQuery } from '../../lib/instance-query';
import { ReadOnlyNotice, useGuardedAction, useWriteAccess } from '../connections';
import { instanceQueries, ProjectName } from '../instance';
import { segmentQueries, useSetStrategySegments } from '../segments';
import styles from './flags.module.css';
import { strategyLabels } from './strategy-label';

interface Target {
  key: string;
  projectId: string;
  featureName: string;
  environment: string;
  production: boolean;
  strategyId: string;
  /** The strategy's type, e.g. flexibleRollout. */
  strategyType: string;
  /** What tells it apart from the flag's other strategies there (strategy-label.ts). */
  strategyLabel: string;
  segments: number[];
}

/** Every strategy of every flag of every project (one request per flag: the instance has no bulk read). */
function useAllStrategies(): { targets: Target[]; pending: boolean; error: Error | null } {
  const profileId = useActiveProfileId() ?? '';
  const projects = useInstanceQuery(instanceQueries.projects);
  const lists = useQueries({ queries: (projects.data ?? []).map((p) => ({ ...instanceQueries.features(profileId, p.id), enabled: profileId !== '' })) });
  const flags = lists.flatMap((list) => list.data ?? []);
  const details = useQueries({ queries: flags.map((f) => ({ ...instanceQueries.feature(profileId, f.project, f.name), enabled: profileId !== '' })) });
  const targets: Target[] = [];
  for (const detail of details) {
    for (const env of detail.data?.environments ?? []) {
      const strategies = env.strategies ?? [];
      const labels = strategyLabels(strategies);
      for (const [index, strategy] of strategies.entries()) {
        targets.push({
          key: `${detail.data?.project}/${detail.data?.name}/${env.name}/${strategy.id}`,
          projectId: detail.data?.project ?? '',
          featureName: detail.data?.name ?? '',
          environment: env.name,
          production: env.type === 'production',
          strategyId: strategy.id,
          strategyType: strategy.name,
          strategyLabel: labels[index] ?? strategy.id,
          segments: strategy.segments ?? [],
        });
      }
    }
  }
  const pending = projects.isPending || lists.some((l) => l.isPending) || details.some((d) => d.isPending);
  const error = projects.error ?? lists.find((l) => l.error)?.error ?? details.find((d) => d.error)?.error ?? null;
  return { targets, pending, error };
}

/** Add or remove one segment on many strategies at once, with a preview before applying. */
export default function BulkAssignScreen() {
  const segments = useInstanceQuery(segmentQueries.list);
  const uiConfig = useInstanceQuery(instanceQueries.uiConfig);
  const limit = limitsOf(uiConfig.data ?? { version: '0' }).strategySegments;
  const { targets, pending, error } = useAllStrategies();
  const [segmentId, setSegmentId] = useState<number>(0);
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [applying, setApplying] = useState(false);
  const [failures, setFailures] = useState<{ key: string; error: unknown }[]>([]);
  const save = useSetStrategySegments();
  const { guard, dialog, readOnly } = useGuardedAction();
  const { reason } = useWriteAccess();
  const ids = { segment: useId(), filter: useId() };
  const byId = new Map((segments.data ?? []).map((s) => [s.id, s.name] as const));
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const visible = targets.filter((t) => words.every((w) => `${t.projectId} ${t.featureName} ${t.environment} ${t.strategyType} ${t.strategyLabel}`.toLowerCase().includes(w)));

  const next = (t: Target) => (mode === 'add' ? (t.segments.includes(segmentId) ? t.segments : [...t.segments, segmentId]) : t.segments.filter((id) => id !== segmentId));
  const chosen = targets.filter((t) => picked.has(t.key));
  const changes = chosen.filter((t) => next(t).length !== t.segments.length);
  const overLimit = changes.filter((t) => next(t).length > limit);
  const applicable = changes.filter((t) => next(t).length <= limit);
  const segmentName = byId.get(segmentId) ?? '';

  const apply = () =>
    guard(
      {
        title: `${mode === 'add' ? 'Add' : 'Remove'} “${segmentName}” ${mode === 'add' ? 'to' : 'from'} ${applicable.length} strategies?`,
        body: applicable.some((t) => t.production) ? <p><strong>Some of them are in production environments.</strong></p> : undefined,
        name: segmentName,
        confirmLabel: `Apply to ${applicable.length} strategies`,
      },
      () => {
        void (async () => {
          setApplying(true);
          const failed: { key: string; error: unknown }[] = [];
          for (const t of applicable) {
            try {
              await save.mutateAsync({ projectId: t.projectId, featureName: t.featureName, environmentId: t.environment, strategyId: t.strategyId, segmentIds: next(t) });
            } catch (error) {
              failed.push({ key: t.key, error });
            }
          }
          setApplying(false);
          setFailures(failed);
          setPicked(new Set());
          notify({ title: `${applicable.length - failed.length} of ${applicable.length} strategies updated`, tone: failed.length ? 'error' : 'ok' });
        })();
      },
    );

  const toggle = (key: string) => setPicked((current) => {
    const copy = new Set(current);
    if (copy.has(key)) copy.delete(key);
    else copy.add(key);
    return copy;
  });

  return (
    <section aria-label="Assign segments in bulk">
      <PageHeader title="Assign segments in bulk" description="Pick strategies across projects, flags and environments; add or remove one segment on all of them." />
      <ReadOnlyNotice />
      <div className={styles.controls}>
        <div>
          <label htmlFor={ids.segment}>Segment</label>
          <select id={ids.segment} className="input" value={segmentId} onChange={(e) => setSegmentId(Number(e.target.value))}>
            <option value={0}>Choose a segment…</option>
            {(segments.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className={styles.modes}>
          <legend className="sr-only">Action</legend>
          <label><input type="radio" name="mode" checked={mode === 'add'} onChange={() => setMode('add')} /> Add</label>
          <label><input type="radio" name="mode" checked={mode === 'remove'} onChange={() => setMode('remove')} /> Remove</label>
        </fieldset>
        <div>
          <label htmlFor={ids.filter}>Find strategies</label>
          <input id={ids.filter} className="input" type="search" placeholder="project, flag or environment" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
        <button type="button" className="button" onClick={() => setPicked(new Set([...picked, ...visible.map((t) => t.key)]))}>
          Select all shown ({visible.length})
        </button>
      </div>
      {error && <ErrorBanner error={error} action="Loading strategies" />}
      {pending && <Loading label="Loading every flag's strategies…" />}
      {!pending && (
        <div className={styles.tableWrap}>
        <table className={styles.table} aria-label="Strategies">
          <thead>
            <tr>
              <th scope="col"><span className="sr-only">Selected</span></th>
              <th scope="col">Flag</th>
              <th scope="col">Environment and strategy</th>
              <th scope="col">Segments{segmentId && picked.size ? ' (after)' : ''}</th>
            </tr>
          </thead>
          <tbody>
            {visible.map((t) => {
              const after = segmentId && picked.has(t.key) ? next(t) : t.segments;
              return (
                <tr key={t.key}>
                  <td>
                    <input
                      type="checkbox"
                      checked={picked.has(t.key)}
                      onChange={() => toggle(t.key)}
                      aria-label={`${t.featureName} in ${t.environment}: ${t.strategyType}, ${t.strategyLabel}`}
                    />
                  </td>
                  <td>
                    <Link className={styles.flagLink} to={`/flags/${encodeURIComponent(t.projectId)}/${encodeURIComponent(t.featureName)}`}>{t.featureName}</Link>
                    <div className="muted">
                      <ProjectName id={t.projectId} />
                    </div>
                  </td>
                  <td>
                    <div>
                      {t.environment}
                      {t.production ? <span className={styles.prod}> production</span> : null}
                    </div>
                    <div>
                      <code>{t.strategyType}</code>{' '}
                      <span className="muted" title={`Strategy id ${t.strategyId}`}>
                        {t.strategyLabel}
                      </span>
                    </div>
                  </td>
                  <td>
                    {[...new Set([...t.segments, ...after])].map((id) => (
                      <span key={id} className={`${styles.segmentName} ${!t.segments.includes(id) ? styles.added : !after.includes(id) ? styles.removed : ''}`}>
                        {!t.segments.includes(id) ? '+ ' : !after.includes(id) ? '− ' : ''}
                        {byId.get(id) ?? `#${id}`}
                      </span>
                    ))}
                    {after.length > limit ? <strong className={styles.warn}> over the limit of {limit}: skipped</strong> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        </div>
      )}
      <div className={styles.applyRow} aria-live="polite">
        <span data-testid="bulk-preview">
          {segmentId === 0 ? 'Choose a segment.' : `${chosen.length} selected: ${applicable.length} will change${overLimit.length ? `, ${overLimit.length} over the limit (skipped)` : ''}, ${chosen.length - changes.length} already ${mode === 'add' ? 'have it' : 'without it'}.`}
        </span>
        <button type="button" className="button button-primary" disabled={readOnly || applying || segmentId === 0 || applicable.length === 0} title={reason} onClick={apply}>
          {applying ? 'Applying…' : `Apply to ${applicable.length} strategies`}
        </button>
      </div>
      {failures.map((f) => (
        <ErrorBanner key={f.key} error={f.error} action={`Updating ${f.key}`} />
      ))}
      {dialog}
    </section>
  );
}
