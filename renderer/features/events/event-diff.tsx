import type { BeforeState } from '../../../shared/domain/event-versions';
import { semanticDiff, type NameLookup } from '../../../shared/domain/semantic-diff';
import { DiffTable } from '../../components/diff-table';
import styles from './event-diff.module.css';

type Json = Record<string, unknown>;

/**
 * preData -> data side by side, as a reader wants it (shared/domain/semantic-diff.ts): one row per changed
 * property, names instead of ids, lists as "+2 values / -1 value", unchanged properties folded.
 */
export function EventDiff({ before, after, names, caption }: { before: Json | null; after: Json | null; names: NameLookup; caption?: string }) {
  const diff = semanticDiff(before, after, names);
  if (diff.identical) return <p className="muted">No changes{diff.unchanged.length ? ` (${diff.unchanged.length} properties, all the same)` : ''}.</p>;
  return <DiffTable diff={diff} caption={caption ?? 'Changes'} before="Before" after="After" unchanged="fold" />;
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
