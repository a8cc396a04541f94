import { operatorVerb } from '../../shared/domain/operators';
import type { ConstraintResult } from '../../shared/evaluation';
import styles from './evaluation.module.css';

function constraintText(result: ConstraintResult): string {
  const c = result.constraint;
  if (!c) return 'missing constraint';
  const target = c.value ?? (c.values ?? []).join(', ');
  return `${c.contextName} ${operatorVerb(c.operator, c.inverted ?? false)} ${target}${c.caseInsensitive ? ' (any case)' : ''}`;
}

/** One constraint's outcome in words: passed or not, the constraint as the builder says it, and why it failed. */
export function ConstraintResultLine({ result }: { result: ConstraintResult }) {
  return (
    <li>
      <span className={result.passed ? styles.on : styles.fail}>{result.passed ? '✓' : '✗'}</span> <code>{constraintText(result)}</code>
      {result.reason ? <span className={styles.fail}> — {result.reason}</span> : null}
    </li>
  );
}
