import { Link } from 'react-router';
import type { ContextFieldUsage, Environment } from '../../../shared/schemas';
import { ProjectName } from '../instance';
import { groupUsage, UsageList } from '../segments';
import styles from './context-fields.module.css';

/** Where a field is used: the segments (each a link to its editor), then the flag strategies, production marked. */
export function FieldUsage({ usage, environments }: { usage: ContextFieldUsage; environments: readonly Environment[] }) {
  const groups = groupUsage(usage.strategies, environments);
  return (
    <div className={styles.usage}>
      {usage.segments.length > 0 && (
        <>
          <h3>Segments ({usage.segments.length})</h3>
          <ul className={styles.segments}>
            {usage.segments.map((segment) => (
              <li key={segment.id}>
                <Link to={`/segments/${segment.id}`}>{segment.name}</Link>
                {segment.project ? (
                  <span className="muted">
                    {' '}
                    in project <ProjectName id={segment.project} />
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
      {groups.length > 0 && (
        <>
          <h3>Flag strategies ({usage.strategies.length})</h3>
          <UsageList groups={groups} />
        </>
      )}
    </div>
  );
}

export function usageCount(usage: ContextFieldUsage | undefined): number {
  return (usage?.strategies.length ?? 0) + (usage?.segments.length ?? 0);
}
