import type { Constraint } from '../../../shared/schemas';
import { constraintDiff } from './constraint-diff';
import styles from './segment-editor.module.css';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a save changes in a segment's constraints, for the review before it reaches the strategies that use it. */
export function ConstraintDiffView({ before, after }: { before: readonly Constraint[]; after: readonly Constraint[] }) {
  const changes = constraintDiff(before, after);
  return (
    <section aria-label="What this save changes" className={styles.diff}>
      <h3>What this save changes</h3>
      {changes.length === 0 ? (
        <p className="muted">The constraints stay as they are (only the name, description or project changes).</p>
      ) : (
        <ul>
          {changes.map((change, i) => (
            <li key={i} className={styles[change.kind]}>
              {change.kind === 'added' && (
                <>
                  <strong>Added</strong> constraint {change.position}: <code>{change.text}</code>
                </>
              )}
              {change.kind === 'removed' && (
                <>
                  <strong>Removed</strong> constraint {change.position}: <code>{change.text}</code>
                </>
              )}
              {change.kind === 'changed' && (
                <>
                  <strong>Changed</strong> constraint {change.position}: <code>{change.before}</code> → <code>{change.after}</code>
                  {(change.added.length > 0 || change.removed.length > 0) && (
                    <span className={styles.valueChanges}>
                      {change.added.length > 0 && (
                        <span>
                          {' '}
                          + {plural(change.added.length, 'value')}: {change.added.join(', ')}
                        </span>
                      )}
                      {change.removed.length > 0 && (
                        <span>
                          {' '}
                          − {plural(change.removed.length, 'value')}: {change.removed.join(', ')}
                        </span>
                      )}
                    </span>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
