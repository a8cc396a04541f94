import { useState } from 'react';
import type { ArchivedFlag, ReviveFlagsInput } from '../../../shared/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { reviewLevel, useProtection } from '../connections';
import styles from './archived.module.css';
import { flagKey } from './archived-order';

interface Props {
  flags: readonly ArchivedFlag[];
  /** Every archived flag, to tell a parent that is still archived. */
  archived: readonly ArchivedFlag[];
  onAddToSelection(flag: ArchivedFlag): void;
  onCancel(): void;
  onRevive(input: ReviveFlagsInput): void;
}

/**
 * Revive with the dependencies Flagdesk recorded when it archived these flags offered back in the same step (each
 * ticked; untick one to leave it out). A review, so it asks at least a click whatever the profile's level.
 */
export function ReviveDialog({ flags, archived, onAddToSelection, onCancel, onRevive }: Props) {
  const { level, profileName } = useProtection();
  const offered = flags.filter((flag) => flag.recordedDependencies.length > 0);
  const [restore, setRestore] = useState<ReadonlySet<string>>(() => new Set(offered.map(flagKey)));
  const chosen = new Set(flags.map(flagKey));
  const stillArchived = (project: string, parent: string) =>
    archived.find((flag) => flag.project === project && flag.name === parent && !chosen.has(flagKey(flag)));
  const count = flags.length === 1 ? `“${flags[0]?.name ?? ''}”` : `${flags.length} flags`;
  return (
    <ConfirmDialog
      level={reviewLevel(level)}
      profileName={profileName}
      title={`Revive ${count}?`}
      name={flags.length === 1 ? (flags[0]?.name ?? '') : `revive ${flags.length} flags`}
      confirmLabel={flags.length === 1 ? 'Revive flag' : `Revive ${flags.length} flags`}
      wide
      onCancel={onCancel}
      onConfirm={() =>
        onRevive({
          flags: flags.map((flag) => ({ projectId: flag.project, name: flag.name })),
          restore: offered.filter((flag) => restore.has(flagKey(flag))).map((flag) => ({ projectId: flag.project, child: flag.name })),
        })
      }
      body={
        <>
          <p>Revived flags come back off in every environment, with their strategies: SDKs are served them again.</p>
          <p className={styles.names}>{flags.map((flag) => flag.name).join(', ')}</p>
          {offered.length > 0 && (
            <fieldset className={styles.restore}>
              <legend>Dependencies Flagdesk removed when it archived them (the server does not bring them back)</legend>
              {offered.map((flag) => {
                const key = flagKey(flag);
                return (
                  <div key={key} className={styles.restoreItem}>
                    <label>
                      <input
                        type="checkbox"
                        checked={restore.has(key)}
                        onChange={(event) => {
                          const next = new Set(restore);
                          if (event.target.checked) next.add(key);
                          else next.delete(key);
                          setRestore(next);
                        }}
                      />{' '}
                      Add back: <code>{flag.name}</code> depends on{' '}
                      {flag.recordedDependencies.map((d) => (
                        <code key={d.parent}>
                          {d.parent}
                          {d.enabled ? '' : ' (when off)'}
                        </code>
                      ))}
                    </label>
                    {flag.recordedDependencies.map((d) => {
                      const parent = stillArchived(flag.project, d.parent);
                      return (
                        parent && (
                          <p key={d.parent} className={styles.warning}>
                            Its parent {d.parent} is archived too: adding the dependency back fails unless it is revived as well.{' '}
                            <button type="button" className="button button-quiet" onClick={() => onAddToSelection(parent)}>
                              Revive {d.parent} too
                            </button>
                          </p>
                        )
                      );
                    })}
                  </div>
                );
              })}
            </fieldset>
          )}
        </>
      }
    />
  );
}
