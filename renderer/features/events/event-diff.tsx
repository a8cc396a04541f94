import type { BeforeState } from '../../../shared/domain/event-versions';
import { semanticDiff, type DiffEntry, type NameLookup } from '../../../shared/domain/semantic-diff';
import styles from './event-diff.module.css';

type Json = Record<string, unknown>;

/**
 * preData -> data side by side, as a reader wants it (shared/domain/semantic-diff.ts): one row per changed
 * property, names instead of ids, lists as "+2 values / -1 value", unchanged properties folded.
 */
export function EventDiff({ before, after, names, caption }: { before: Json | null; after: Json | null; names: NameLookup; caption?: string }) {
  const diff = semanticDiff(before, after, names);
  if (diff.identical) return <p className="muted">No changes{diff.unchanged.length ? ` (${diff.unchanged.length} properties, all the same)` : ''}.</p>;
  return (
    <div className={styles.diff}>
      <table className={styles.table} aria-label={caption ?? 'Changes'}>
        <thead>
          <tr>
            <th scope="col">Property</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {diff.entries.map((entry) => (
            <DiffRow key={`${entry.kind}:${entry.path}`} entry={entry} />
          ))}
        </tbody>
      </table>
      {diff.unchanged.length > 0 && (
        <details className={styles.unchanged}>
          <summary>
            {diff.unchanged.length} unchanged {diff.unchanged.length === 1 ? 'property' : 'properties'}
          </summary>
          <p>{diff.unchanged.join(', ')}</p>
        </details>
      )}
    </div>
  );
}

function DiffRow({ entry }: { entry: DiffEntry }) {
  const path = <th scope="row" className={styles.path}>{entry.path}</th>;
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
            {entry.removed.map((value, index) => (
              <span key={index} className={`${styles.chip} ${styles.removed}`}>
                −{value}
              </span>
            ))}
          </td>
          <td>
            <span className={styles.summary}>{entry.summary}</span>
            {entry.added.map((value, index) => (
              <span key={index} className={`${styles.chip} ${styles.added}`}>
                +{value}
              </span>
            ))}
          </td>
        </tr>
      );
  }
}

/** Says where the before-state came from when the event itself did not carry it. */
export function BeforeStateNote({ before }: { before: BeforeState }) {
  if (before.source === 'previous-event') {
    return (
      <p className={styles.note} role="note">
        This event does not record the state before it; the state written by event #{before.fromEventId} (the previous
        change of the same thing) stands in for it.
      </p>
    );
  }
  if (before.source === 'unknown') {
    return (
      <p className={styles.note} role="note">
        This event does not record the state before it, and no earlier event of the same thing was found.
      </p>
    );
  }
  return null;
}
