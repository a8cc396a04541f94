import type { ReactNode } from 'react';
import { describeUsageProblem, type ParameterDiff, type StrategyTypeChange } from '../../shared/domain/strategy-type-change';
import styles from './strategy-type-change.module.css';

/**
 * The type's diff, then the flag strategies it breaks: also shown when an old version is restored. `project` shows a
 * project as the screens do (features/instance's ProjectName, which components/ cannot import).
 */
export function ChangeDetails({ change, project = (id) => id }: { change: StrategyTypeChange; project?: (id: string) => ReactNode }) {
  const { diff, broken } = change;
  return (
    <>
      <h3 className="section-title">Before → after</h3>
      <ul className={styles.diff} aria-label="Changes to the type">
        {diff.description && (
          <li>
            description: <span className={styles.removed}>{diff.description.before || '(empty)'}</span> →{' '}
            <span className={styles.added}>{diff.description.after || '(empty)'}</span>
          </li>
        )}
        {diff.title && (
          <li>
            title: <span className={styles.removed}>{diff.title.before || '(empty)'}</span> → <span className={styles.added}>{diff.title.after || '(empty)'}</span>
          </li>
        )}
        {diff.parameters.map((entry, index) => (
          <li key={index}>
            {entry.kind === 'added' && <span className={styles.added}>+ {entry.after.name} ({entry.after.type}{entry.after.required ? ', required' : ''})</span>}
            {entry.kind === 'removed' && <span className={styles.removed}>− {entry.before.name} ({entry.before.type})</span>}
            {entry.kind === 'renamed' && (
              <span>
                renamed <span className={styles.removed}>{entry.before.name}</span> → <span className={styles.added}>{entry.after.name}</span>
                {entry.fields.length > 0 ? `, ${fieldChanges(entry)}` : ''}
              </span>
            )}
            {entry.kind === 'changed' && (
              <span>
                {entry.after.name}: {fieldChanges(entry)}
              </span>
            )}
          </li>
        ))}
        {!diff.description && !diff.title && diff.parameters.length === 0 && <li>No change.</li>}
      </ul>
      {change.breaking && (
        <>
          <h3 className="section-title">Flag strategies this breaks</h3>
          <ul className={styles.broken} aria-label="Broken flag strategies">
            {broken.map(({ usage, problems }) => (
              <li key={usage.strategyId}>
                <code>{usage.featureName}</code> in {project(usage.projectId)} / {usage.environment}
                <ul>
                  {problems.map((problem, index) => (
                    <li key={index}>{describeUsageProblem(problem)}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <p>Unleash keeps the stored values as they are: the flags' forms will show the new parameters, and SDKs read only those.</p>
        </>
      )}
    </>
  );
}

function fieldChanges(entry: Extract<ParameterDiff, { fields: unknown }>): string {
  return entry.fields
    .map((field) =>
      field === 'type'
        ? `type ${entry.before.type} → ${entry.after.type}`
        : field === 'required'
          ? entry.after.required
            ? 'now required'
            : 'now optional'
          : 'description changed',
    )
    .join(', ');
}
