import { useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { PageHeader } from '../../components/page-header';
import { useUrlParams } from '../../lib/url-params';
import { useConnectionStatus } from '../connections';
import { useOpenBundle, useOpenedBundles } from './api';
import { pickSides, sideFromParam, sideParam } from './compare-url';
import { Comparison } from './comparison';
import { SidePicker } from './side-picker';
import styles from './compare.module.css';

/**
 * /compare?left=&right=&show=&item=: two connection profiles side by side, kind by kind, and the promotion of what
 * differs from left to right (plan, apply under the right's protection level, result, revert).
 */
export default function CompareScreen() {
  const status = useConnectionStatus();
  const [params, update] = useUrlParams();
  const profiles = status.data?.profiles ?? [];
  const bundles = useOpenedBundles();
  const openBundle = useOpenBundle();
  const sides = pickSides(
    profiles.map((profile) => profile.id),
    status.data?.activeProfileId,
    { left: params.get('left'), right: params.get('right') },
  );

  // The sides chosen by default go into the URL, so the address always says what is compared.
  const urlLeft = params.get('left');
  const urlRight = params.get('right');
  useEffect(() => {
    if (sides.left === null || sides.right === null) return;
    if (urlLeft !== sides.left || urlRight !== sides.right) update({ left: sides.left, right: sides.right });
  }, [sides.left, sides.right, urlLeft, urlRight, update]);

  const open = () =>
    openBundle.mutate(undefined, {
      onSuccess: (summary) => {
        if (summary) update({ left: sideParam({ type: 'bundle', bundleId: summary.bundleId }), item: null });
      },
    });
  const openError = openBundle.isError && <ErrorBanner error={openBundle.error} action="Opening the bundle" />;
  const rightProfile = profiles.find((profile) => profile.id === sides.right);
  const picker = (problems: { left?: string; right?: string }, busy = false) =>
    sides.left !== null && sides.right !== null ? (
      <SidePicker
        profiles={profiles}
        bundles={bundles}
        left={sides.left}
        right={sides.right}
        problems={problems}
        onChange={(next) => update({ ...next, item: null })}
        onOpenBundle={open}
        opening={openBundle.isPending}
        busy={busy}
      />
    ) : null;
  return (
    <section aria-label="Compare instances" className={styles.page}>
      <PageHeader title="Compare instances" description="Two connections side by side, kind by kind; promote what differs from left to right." />
      {status.isError && <ErrorBanner error={status.error} action="Loading the connections" onRetry={() => void status.refetch()} />}
      {status.isPending && <Loading label="Loading the connections…" />}
      {status.data && (sides.left === null || sides.right === null) && (
        <>
          <EmptyState title="Compare needs two connections">
            Flagdesk holds only “{profiles[0]?.name ?? 'the demo'}”. Add the other server (its URL and an admin token), then pick it
            here as the right side. <Link to="/connections/new">Add a connection</Link>
            <p>
              Or, for a server you cannot reach from here, open a bundle file exported from it:{' '}
              <button type="button" className="button" onClick={open} disabled={openBundle.isPending}>
                Open a bundle file…
              </button>
            </p>
          </EmptyState>
          {openError}
        </>
      )}
      {status.data && sides.left !== null && sides.right !== null && (
        <>
          {openError}
          {sides.left === sides.right ? (
            <>
              {picker({})}
              <Notice tone="info" title="Both sides are the same">
                Pick another connection or bundle on one side to compare.
              </Notice>
            </>
          ) : (
            // Other sides, another comparison: what was selected or planned belonged to the old pair.
            <Comparison
              key={`${sides.left}|${sides.right}`}
              profiles={profiles}
              left={sideFromParam(sides.left)}
              right={sideFromParam(sides.right)}
              rightReadOnly={rightProfile?.protection === 'read-only'}
              params={params}
              update={update}
              picker={picker}
            />
          )}
        </>
      )}
    </section>
  );
}
