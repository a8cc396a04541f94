import { useEffect, useId, useMemo, useState } from 'react';
import { testContext, type ClientConstraint, type EvaluationContext } from '../../../shared/evaluation';
import { ConstraintResultLine } from '../../components/constraint-result';
import evaluation from '../../components/evaluation.module.css';

const STANDARD = new Set(['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime']);

function contextFrom(values: Record<string, string>): EvaluationContext {
  const context: EvaluationContext = {};
  const properties: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === '') continue;
    if (STANDARD.has(name)) (context as Record<string, unknown>)[name] = value;
    else properties[name] = value;
  }
  return { ...context, properties };
}

export interface SegmentTesterProps {
  /** The constraints being edited, saved or not. */
  constraints: readonly ClientConstraint[];
  /** A context to start from (e.g. a saved one); the tester offers a field per context name the constraints use. */
  initialContext?: Record<string, string>;
}

/**
 * Which of these constraints a context passes, live as they are edited, with the first failure's reason. Offline:
 * it evaluates with shared/evaluation, exactly as the official SDKs would.
 */
const SETTLE_MS = 600;

/** The value once it has stayed the same for `ms`: a screen reader hears the outcome, not every keystroke's. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function SegmentTester({ constraints, initialContext = {} }: SegmentTesterProps) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(initialContext);
  // A constraint still without a context field has nothing to type a value for.
  const names = useMemo(() => [...new Set(['userId', ...constraints.map((c) => c.contextName.trim()).filter(Boolean)])], [constraints]);
  const result = useMemo(() => testContext(constraints, contextFrom(values)), [constraints, values]);
  const first = result.firstFailure === null ? null : result.results[result.firstFailure];
  const verdict = constraints.length === 0 || result.matched ? 'This context is in the segment.' : 'This context is not in the segment.';
  const announced = useSettled(verdict, SETTLE_MS);
  return (
    <section className="panel panel-stack" aria-label="Segment tester">
      <h3>Test a context</h3>
      <p id={`${id}-intro`} className="muted">
        Type the values a context would carry: one field per context field the constraints use.
      </p>
      <div className="control-row">
        {names.map((name) => (
          <label key={name} className="field-compact">
            {name}
            <input aria-describedby={`${id}-intro`} value={values[name] ?? ''} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
          </label>
        ))}
      </div>
      {/* Only the verdict is announced, once typing pauses and only when it changes; the reason below is read on demand. */}
      <p role="status" className="sr-only">
        {announced}
      </p>
      <p>
        {constraints.length === 0 ? (
          'No constraints: the segment matches everyone.'
        ) : result.matched ? (
          <span className={evaluation.on}>This context is in the segment.</span>
        ) : (
          <span className={evaluation.fail}>
            Not in the segment: constraint {(result.firstFailure ?? 0) + 1} fails ({first?.reason}).
          </span>
        )}
      </p>
      <ul className={evaluation.tree} aria-label="Constraint results">
        {result.results.map((r, i) => (
          <ConstraintResultLine key={i} result={r} />
        ))}
      </ul>
    </section>
  );
}
