import { useMemo, useState } from 'react';
import { useSessionDraft } from '../../lib/session-draft';
import { createEvaluator, testContexts, type ClientConstraint, type ClientState } from '../../../shared/evaluation';
import type { AdminSegment } from '../../../shared/schemas';
import { useOpenContextsFile } from './api';
import { parseContextsCsv, resultsCsv } from './csv-contexts';
import evaluation from '../../components/evaluation.module.css';
import styles from './playground.module.css';

interface Props {
  segments: readonly AdminSegment[];
  state: ClientState | undefined;
}

interface Outcome {
  total: number;
  matched: number;
  rows: { index: number; row: number; matched: boolean; reason: string }[];
}

const SHOWN_FAILURES = 5;

/** Many contexts at once (a CSV with a header row, pasted or opened): how many a segment or a flag matches, and why not the rest. */
export function BatchPanel({ segments, state }: Props) {
  const [csv, setCsv] = useSessionDraft('playground.csv', 'userId,tier\nu1,gold\nu2,silver\n');
  const [target, setTarget] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const parsed = useMemo(() => parseContextsCsv(csv), [csv]);
  const openFile = useOpenContextsFile();
  const open = () =>
    openFile.mutate(undefined, {
      onSuccess: (file) => {
        if (!file) return;
        setFileName(file.name);
        setCsv(file.text);
        setOutcome(null);
      },
    });

  const run = () => {
    const [kind, id] = [target.slice(0, target.indexOf(':')), target.slice(target.indexOf(':') + 1)];
    if (kind === 'segment') {
      const segment = segments.find((s) => String(s.id) === id);
      const constraints = (segment?.constraints ?? []) as ClientConstraint[];
      const batch = testContexts(constraints, parsed.contexts);
      const failed = new Map(batch.failures.map((f) => [f.index, f.reason]));
      setOutcome({
        total: batch.total,
        matched: batch.matched,
        rows: parsed.contexts.map((_, index) => ({
          index,
          row: parsed.rowNumbers[index] ?? index + 2,
          matched: !failed.has(index),
          reason: failed.get(index) ?? '',
        })),
      });
    } else if (kind === 'flag' && state) {
      const evaluator = createEvaluator(state);
      const rows = parsed.contexts.map((context, index) => {
        const result = evaluator.evaluate(id, context);
        return { index, row: parsed.rowNumbers[index] ?? index + 2, matched: result.enabled, reason: result.enabled ? '' : result.explanation.summary };
      });
      setOutcome({ total: rows.length, matched: rows.filter((r) => r.matched).length, rows });
    }
  };

  const failures = outcome?.rows.filter((r) => !r.matched) ?? [];
  return (
    <section className="panel panel-stack" aria-label="Many contexts">
      <h3>Many contexts</h3>
      <label className="field-compact">
        Contexts (CSV with a header row: userId, sessionId, remoteAddress, currentTime, or any property)
        <textarea
          rows={6}
          value={csv}
          onChange={(e) => {
            setCsv(e.target.value);
            setFileName(null);
          }}
        />
      </label>
      <div className="control-row">
        <button type="button" className="button" onClick={open} disabled={openFile.isPending}>
          Open CSV…
        </button>
        {fileName && <span aria-label="Opened file">{fileName}</span>}
        {openFile.error && (
          <p role="alert" className={evaluation.fail}>
            {openFile.error.message}
          </p>
        )}
      </div>
      <div className="control-row">
        <label className="field-compact">
          Test against
          <select value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">Choose a segment or a flag</option>
            <optgroup label="Segments">
              {segments.map((s) => (
                <option key={s.id} value={`segment:${s.id}`}>
                  {s.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="Flags of the project">
              {(state?.features ?? []).map((f) => (
                <option key={f.name} value={`flag:${f.name}`}>
                  {f.name}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <button type="button" className="button" disabled={target === '' || parsed.contexts.length === 0} onClick={run}>
          Test {parsed.contexts.length} contexts
        </button>
      </div>
      {parsed.errors.length > 0 && (
        <ul className={evaluation.fail} aria-label="Rows with problems">
          {parsed.errors.map((e, index) => (
            <li key={index}>{e}</li>
          ))}
        </ul>
      )}
      {outcome && (
        <div role="status" aria-label="Batch result">
          <div className={styles.counts}>
            <span>
              <strong className={evaluation.on}>{outcome.matched}</strong> match
            </span>
            <span>
              <strong className={evaluation.fail}>{outcome.total - outcome.matched}</strong> do not
            </span>
            <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(resultsCsv(outcome.rows))}`} download="playground-results.csv">
              Export CSV
            </a>
          </div>
          {failures.length > 0 && (
            <ul className={evaluation.tree} aria-label="First failures">
              {failures.slice(0, SHOWN_FAILURES).map((f) => (
                <li key={f.index}>
                  Row {f.row}: {f.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
