import { useState } from 'react';
import type { Constraint } from '../../../shared/schemas';
import { constraintParts } from './constraint-summary';
import styles from './segments.module.css';

const SHOWN = 3;

/** One constraint as a sentence; long value lists show three and expand on demand. */
export function ConstraintLine({ constraint }: { constraint: Constraint }) {
  const [open, setOpen] = useState(false);
  const { subject, verb, values, suffix } = constraintParts(constraint);
  const hidden = values.length - SHOWN;
  const shown = open || hidden <= 0 ? values : values.slice(0, SHOWN);
  return (
    <span className={styles.constraint}>
      <code className={styles.subject}>{subject}</code> {verb}{' '}
      {shown.map((value, index) => (
        <span key={index}>
          <code className={styles.value}>{value}</code>
          {index < shown.length - 1 ? ', ' : ''}
        </span>
      ))}
      {suffix}
      {hidden > 0 && (
        <button type="button" className={styles.more} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'show fewer' : `+${hidden} more`}
        </button>
      )}
    </span>
  );
}
