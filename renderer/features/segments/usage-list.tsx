import { Link } from 'react-router';
import { ProjectName } from '../instance';
import type { UsageGroup } from './usage';
import styles from './segment-editor.module.css';

/** The strategies that use a segment, project -> flag -> environment, each flag a link to its view. */
export function UsageList({ groups }: { groups: readonly UsageGroup[] }) {
  return (
    <ul className={styles.usage}>
      {groups.map((group) => (
        <li key={group.projectId}>
          <span className={styles.usageProject}>Project <ProjectName id={group.projectId} /></span>
          <ul>
            {group.flags.map((flag) => (
              <li key={flag.featureName}>
                <Link to={`/flags/${encodeURIComponent(group.projectId)}/${encodeURIComponent(flag.featureName)}`}>{flag.featureName}</Link>
                <ul className={styles.envs}>
                  {flag.environments.map((env) => (
                    <li key={env.name}>
                      <span className={env.production ? styles.production : undefined}>{env.name}</span>
                      {env.production && env.name !== 'production' ? <span className={styles.production}> (production)</span> : null}
                      {': '}
                      {env.strategies.map((s) => s.strategyName).join(', ')}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
