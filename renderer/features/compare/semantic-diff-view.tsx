import type { DiffEntry, SemanticDiff } from '../../../shared/domain/semantic-diff';
import styles from './compare.module.css';

/**
 * A compare's or a plan's diff as main computed it (right before -> left after): one row per changed property, lists
 * as what is added and removed, the unchanged properties folded.
 */
export function SemanticDiffView({ diff, caption, before, after }: { diff: SemanticDiff; caption: string; before: string; after: string }) {
  if (diff.identical) return <p className="muted">No differences.</p>;
  return (
    <div className={styles.diff}>
      <table className={styles.diffTable} aria-label={caption}>
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
      {diff.unchanged.length > 0 && (
        <p className={styles.unchanged}>
          The same on both: {diff.unchanged.join(', ')}
        </p>
      )}
    </div>
  );
}

function DiffRow({ entry }: { entry: DiffEntry }) {
  const path = (
    <th scope="row" className={styles.diffPath}>
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
            <span className={styles.listSummary}>{entry.summary}</span>
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

/** A changed-property summary for a row: which properties differ, in a few words. */
export function diffSummary(diff: SemanticDiff | null): string {
  if (!diff || diff.identical) return '';
  const paths = [...new Set(diff.entries.map((entry) => entry.path.split(/ › |[.[]/)[0] ?? entry.path))];
  return paths.length <= 3 ? paths.join(', ') : `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more`;
}
