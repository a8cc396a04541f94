import type { DiffEntry, SemanticDiff } from '../../shared/domain/semantic-diff';
import styles from './diff-table.module.css';

interface Props {
  diff: SemanticDiff;
  /** The table's accessible name. */
  caption: string;
  /** The two value columns' headings (an event's before and after; a compare's right and left). */
  before: string;
  after: string;
  /** How the properties that did not change are said: folded under a disclosure, or listed in one line. */
  unchanged: 'fold' | 'line';
}

/**
 * A semantic diff as a reader wants it (shared/domain/semantic-diff.ts): one row per changed property, lists as what
 * is added and removed, the unchanged properties said apart. The event browser and the compare screen show it.
 */
export function DiffTable({ diff, caption, before, after, unchanged }: Props) {
  return (
    <div className={styles.diff}>
      <table className={styles.table} aria-label={caption}>
        <thead>
          <tr>
            <th scope="col">Property</th>
            <th scope="col">{before}</th>
            <th scope="col">{after}</th>
          </tr>
        </thead>
        <tbody>
          {diff.entries.map((entry) => (
            <DiffRow key={`${entry.kind}:${entry.path}`} entry={entry} />
          ))}
        </tbody>
      </table>
      {diff.unchanged.length > 0 &&
        (unchanged === 'fold' ? (
          <details className={styles.unchanged}>
            <summary>
              {diff.unchanged.length} unchanged {diff.unchanged.length === 1 ? 'property' : 'properties'}
            </summary>
            <p>{diff.unchanged.join(', ')}</p>
          </details>
        ) : (
          <p className={styles.unchangedLine}>The same on both: {diff.unchanged.join(', ')}</p>
        ))}
    </div>
  );
}

function DiffRow({ entry }: { entry: DiffEntry }) {
  const path = (
    <th scope="row" className={styles.path}>
      {entry.path}
    </th>
  );
  switch (entry.kind) {
    case 'added':
      return (
        <tr>
          {path}
          <td className="muted">(none)</td>
          <td className={styles.added}>{entry.after}</td>
        </tr>
      );
    case 'removed':
      return (
        <tr>
          {path}
          <td className={styles.removed}>{entry.before}</td>
          <td className="muted">(none)</td>
        </tr>
      );
    case 'changed':
      return (
        <tr>
          {path}
          <td className={styles.removed}>{entry.before}</td>
          <td className={styles.added}>{entry.after}</td>
        </tr>
      );
    case 'list':
      return (
        <tr>
          {path}
          <td>
            {entry.removed.length === 0 ? <span className="muted">nothing removed</span> : null}
            {entry.removed.map((value, index) => (
              <span key={index} className={`${styles.chip} ${styles.removed}`}>
                − {value}
              </span>
            ))}
          </td>
          <td>
            <span className={styles.summary}>{entry.summary}</span>
            {entry.added.map((value, index) => (
              <span key={index} className={`${styles.chip} ${styles.added}`}>
                + {value}
              </span>
            ))}
          </td>
        </tr>
      );
  }
}
