import type { DeleteFlagsRun, ReviveFlagsRun } from '../../../shared/schemas';
import { Notice } from '../../components/notice';

const list = (flags: readonly { name: string }[]) => flags.map((flag) => flag.name).join(', ');

/** What the last revive or delete did, flag by flag and dependency by dependency. */
export function ArchivedOutcome({ revived, deleted }: { revived: ReviveFlagsRun | undefined; deleted: DeleteFlagsRun | undefined }) {
  return (
    <>
      {revived && revived.revived.length > 0 && (
        <Notice tone="info" title={`Revived ${revived.revived.length === 1 ? '1 flag' : `${revived.revived.length} flags`}`}>
          <p>{list(revived.revived)}: back off in every environment, with their strategies.</p>
          {revived.restored.length > 0 && (
            <p>Dependencies added back: {revived.restored.map((d) => `${d.child} → ${d.parent}`).join(', ')}.</p>
          )}
        </Notice>
      )}
      {revived && (revived.failed.length > 0 || revived.notRestored.length > 0) && (
        <div className="banner banner-error" role="alert">
          <div className="banner-body">
            {revived.failed.map((f) => (
              <p key={`${f.projectId}/${f.name}`}>
                Not revived: {f.name} ({f.projectId}): {f.error}
              </p>
            ))}
            {revived.notRestored.map((f) => (
              <p key={`${f.projectId}/${f.dependency.child}`}>
                Dependency not added back: {f.dependency.child} → {f.dependency.parent}: {f.error}
              </p>
            ))}
          </div>
        </div>
      )}
      {deleted && deleted.deleted.length > 0 && (
        <Notice tone="info" title={`Deleted ${deleted.deleted.length === 1 ? '1 flag' : `${deleted.deleted.length} flags`} for good`}>
          {list(deleted.deleted)}
        </Notice>
      )}
      {deleted && deleted.failed.length > 0 && (
        <div className="banner banner-error" role="alert">
          <div className="banner-body">
            {deleted.failed.map((f) => (
              <p key={`${f.projectId}/${f.name}`}>
                Not deleted: {f.name} ({f.projectId}): {f.error}
              </p>
            ))}
          </div>
        </div>
      )}
    </>
  );
}
