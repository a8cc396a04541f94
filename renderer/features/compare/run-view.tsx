import { useEffect, useId, useRef } from 'react';
import type { PromoteProgress, PromoteResult } from '../../../shared/schemas';
import { KIND_ONE, OUTCOME_LABEL, STEP_LABEL, plural } from './words';
import styles from './compare.module.css';

/** A promotion or revert running in main: where it is, from the steps it pushed. */
export function RunProgress({ mode, target, steps }: { mode: 'promote' | 'revert'; target: string; steps: readonly PromoteProgress[] }) {
  const last = steps.at(-1);
  const total = last?.total ?? 0;
  const finished = steps.filter((step) => step.state !== 'running').length;
  const doing = mode === 'promote' ? `Promoting to ${target}` : `Reverting the promotion on ${target}`;
  return (
    <section className={styles.run} aria-label={doing} aria-busy="true">
      <h2 className={styles.planTitle}>{doing}…</h2>
      <progress className={styles.progress} value={finished} max={Math.max(total, 1)} aria-label={`${doing}: ${finished} of ${total} steps`} />
      <p role="status" className={styles.runStatus}>
        {last
          ? `${finished} of ${plural(total, 'step')} · ${STEP_LABEL[last.action]} ${KIND_ONE[last.kind]} ${last.name}${last.state === 'running' ? '…' : last.state === 'failed' ? ': failed' : ''}`
          : 'Starting…'}
      </p>
    </section>
  );
}

interface ResultProps {
  result: PromoteResult;
  onCompareAgain: () => void;
  /** Offered after a promotion that can be undone. */
  onRevert?: () => void;
  reverting: boolean;
}

/** What a promotion or its revert did: done, failed (with why) and not run, and what can follow. */
export function RunResult({ result, onCompareAgain, onRevert, reverting }: ResultProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [result.runId, result.mode]);
  const { done, failed, notRun } = result.counts;
  const what = result.mode === 'promote' ? 'Promotion' : 'Revert';
  const title = failed === 0 ? `${what} done` : result.stopped ? `${what} stopped at a failure` : `${what} done with failures`;
  return (
    <section className={styles.result} aria-labelledby={headingId} data-outcome={failed === 0 ? 'ok' : 'failed'}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.planTitle}>
        {title}
      </h2>
      <p className={styles.planSummary}>{result.summary}</p>
      <ul className={styles.planCounts} aria-label="Result counts">
        <li>{done} done</li>
        <li className={failed > 0 ? styles.failedCount : undefined}>{failed} failed</li>
        <li>{notRun} not run</li>
      </ul>
      {result.steps.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.items} aria-label={`${what} steps on ${result.right.label}`}>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Item</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {result.steps.map((step, index) => (
                <tr key={`${step.kind}:${step.name}:${index}`} data-outcome={step.outcome}>
                  <td>{STEP_LABEL[step.action]}</td>
                  <th scope="row" className={styles.itemName}>
                    <span className="muted">{KIND_ONE[step.kind]}</span> {step.name}
                  </th>
                  <td>
                    <span className={`${styles.outcome} ${styles[`outcome-${step.outcome}`] ?? ''}`}>{OUTCOME_LABEL[step.outcome]}</span>
                    {step.error ? <div className={styles.stepError}>{step.error}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={styles.applyActions}>
        <button type="button" className="button button-primary" onClick={onCompareAgain}>
          Compare again
        </button>
        {onRevert && (
          <button type="button" className="button button-danger-quiet" onClick={onRevert} disabled={reverting}>
            {reverting ? 'Reverting…' : 'Revert this promotion'}
          </button>
        )}
      </div>
    </section>
  );
}

/** After a compare again: the last promotion of this pair, still revertible. */
export function LastPromotionBar({ summary, target, reverting, onRevert }: { summary: string; target: string; reverting: boolean; onRevert: () => void }) {
  return (
    <div className={styles.lastRun} role="region" aria-label="Last promotion">
      <p>
        <strong>Last promotion to {target}:</strong> {summary}
      </p>
      <button type="button" className="button button-danger-quiet" onClick={onRevert} disabled={reverting}>
        {reverting ? 'Reverting…' : 'Revert this promotion'}
      </button>
    </div>
  );
}
