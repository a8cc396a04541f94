import { useState } from 'react';
import type { Constraint } from '../../../shared/schemas';
import { constraintParts } from './constraint-summary';
import styles from './segments.module.css';

const SHOWN = 3;

interface Props {
  constraint: Constraint;
  /** Given by a list that renders only the rows in view, so the choice outlives the row; kept here otherwise. */
  open?: boolean;
  onToggle?: () => void;
}

/** One constraint as a sentence; long value lists show three and expand on demand. */
export function ConstraintLine({ constraint, open: given, onToggle }: Props) {
  const [own, setOwn] = useState(false);
  const open = given ?? own;
  const toggle = onToggle ?? (() => setOwn((o) => !o));
  const { subject, verb, values, suffix } = constraintParts(constraint);
  const hidden = values.length - SHOWN;
  const shown = open || hidden <= 0 ? values : values.slice(0, SHOWN);
  return (
    <span className={styles.constraint}>
      <code className={styles.subject}>{subject}</code> {verb}{' '}
      {shown.map((value, index) => (
        <span key={index}>
          {/* the comma stays with its value when a long list wraps */}
          <span className={styles.item}>
            <code className={styles.value}>{value}</code>
            {index < shown.length - 1 ? ',' : ''}
          </span>
          {index < shown.length - 1 ? ' ' : ''}
        </span>
      ))}
      {suffix}
      {hidden > 0 && (
        <button type="button" className={styles.more} aria-expanded={open} onClick={toggle}>
          {open ? 'show fewer' : `+${hidden} more`}
        </button>
      )}
    </span>
  );
}
