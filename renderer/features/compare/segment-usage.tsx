import type { SegmentUse } from '../../../shared/schemas';
import { plural } from './words';
import styles from './compare.module.css';

/** project -> flag -> environments (production marked) of the strategies that use a segment on one side. */
export function SegmentUsage({ uses, side, label }: { uses: readonly SegmentUse[]; side: string; label: string }) {
  const production = uses.filter((use) => use.production).length;
  const headline =
    uses.length === 0
      ? `No strategy uses it on ${side}.`
      : `Used by ${plural(uses.length, 'strategy', 'strategies')} on ${side}${production > 0 ? `, ${production} in production` : ''}.`;
  const byFlag = new Map<string, SegmentUse[]>();
  for (const use of uses) {
    const key = `${use.projectId}\u0000${use.featureName}`;
    byFlag.set(key, [...(byFlag.get(key) ?? []), use]);
  }
  return (
    <div className={styles.usage}>
      <p className={styles.usageHeadline}>{headline}</p>
      {uses.length > 0 && (
        <ul aria-label={label} className={styles.usageList}>
          {[...byFlag.values()].map((flagUses) => (
            <li key={`${flagUses[0]!.projectId}/${flagUses[0]!.featureName}`}>
              <span className="muted">{flagUses[0]!.projectId} / </span>
              <strong>{flagUses[0]!.featureName}</strong>
              {': '}
              {flagUses.map((use, index) => (
                <span key={`${use.environment}-${index}`}>
                  {index > 0 ? ', ' : ''}
                  <span className={use.production ? styles.production : undefined}>
                    {use.environment}
                    {use.production && use.environment !== 'production' ? ' (production)' : ''}
                  </span>{' '}
                  <span className="muted">({use.strategyName})</span>
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Said wherever promoting a segment would change what the right's live strategies decide. */
export function LiveBehaviourWarning({ uses, side }: { uses: readonly SegmentUse[]; side: string }) {
  if (uses.length === 0) return null;
  const production = uses.filter((use) => use.production).length;
  return (
    <p className={styles.live} role="note">
      Promoting it changes live behaviour on {side}: {plural(uses.length, 'strategy', 'strategies')} there
      {production > 0 ? ` (${production} in production)` : ''} {uses.length === 1 ? 'starts' : 'start'} evaluating the new version at once.
    </p>
  );
}
