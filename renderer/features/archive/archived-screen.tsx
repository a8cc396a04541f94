import { useMemo } from 'react';
import type { ArchivedFlag, DeleteFlagsRun, FlagRef, ReviveFlagsInput, ReviveFlagsRun } from '../../../shared/schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { PageHeader } from '../../components/page-header';
import { useInstanceQuery } from '../../lib/instance-query';
import { useUrlParams } from '../../lib/url-params';
import { ReadOnlyNotice, useProtection, useWriteAccess } from '../connections';
import { archivedQueries, useDeleteFlags, useReviveFlags } from './api';
import { ArchivedList } from './archived-list';
import { flagKey, isSortKey, refOfKey, shownFlags, SORTS, type SortKey } from './archived-order';
import { ArchivedOutcome } from './archived-outcome';
import styles from './archived.module.css';
import { ReviveDialog } from './revive-dialog';

/**
 * Every archived flag of every project: who archived it and when, the dependencies Flagdesk recorded when it did;
 * revive (with those dependencies in the same step) or delete for good, one or many. Search, sort, the selection
 * and an open dialog live in the URL.
 */
export default function ArchivedScreen() {
  const [params, setParams] = useUrlParams();
  const search = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort: SortKey = isSortKey(sortParam) ? sortParam : 'archived';
  const selectedKeys = params.getAll('flag');
  const doing = params.get('do');
  const list = useInstanceQuery(archivedQueries.list);
  const { level, profileName } = useProtection();
  const { canWrite, reason } = useWriteAccess();
  const revive = useReviveFlags();
  const remove = useDeleteFlags();

  const flags = useMemo(() => list.data?.flags ?? [], [list.data]);
  const shown = useMemo(() => shownFlags(flags, search, sort), [flags, search, sort]);
  const selected = new Set(selectedKeys);
  const chosen = flags.filter((flag) => selected.has(flagKey(flag)));
  const shownKeys = shown.map(flagKey);
  const allShownSelected = shownKeys.length > 0 && shownKeys.every((key) => selected.has(key));

  const update = (change: (next: URLSearchParams) => void, replace = true) => setParams(change, { push: !replace });
  const setText = (key: string, value: string) => update((next) => (value === '' ? next.delete(key) : next.set(key, value)));
  const select = (keys: Iterable<string>) =>
    update((next) => {
      next.delete('flag');
      for (const key of new Set(keys)) if (refOfKey(key)) next.append('flag', key);
    });
  const open = (action: 'revive' | 'delete' | null) => update((next) => (action ? next.set('do', action) : next.delete('do')), false);

  // react-router hands a functional update the search params of the render it came from (here: the dialog still
  // open), so what a finished write leaves is said whole: the dialog closed and the done flags out of the selection.
  const unselectDone = (done: readonly FlagRef[]) =>
    update((next) => {
      const left = next.getAll('flag').filter((key) => !done.some((flag) => `${flag.projectId}/${flag.name}` === key));
      next.delete('do');
      next.delete('flag');
      for (const key of left) next.append('flag', key);
    });
  const onRevive = (input: ReviveFlagsInput) => {
    open(null);
    revive.mutate(input, { onSuccess: (run: ReviveFlagsRun) => unselectDone(run.revived) });
  };
  const onDelete = () => {
    open(null);
    remove.mutate(
      { flags: chosen.map((flag) => ({ projectId: flag.project, name: flag.name })) },
      { onSuccess: (run: DeleteFlagsRun) => unselectDone(run.deleted) },
    );
  };
  const count = (n: number) => (n === 1 ? '1 flag' : `${n} flags`);
  const deleteName = chosen.length === 1 ? (chosen[0]?.name ?? '') : `delete ${chosen.length} flags`;

  return (
    <section aria-label="Archived flags">
      <PageHeader
        title="Archived flags"
        description="Every project's archived flags: who archived them and when, what Flagdesk recorded; revive them or delete them for good."
      />
      <ReadOnlyNotice />
      <ArchivedOutcome revived={revive.data} deleted={remove.data} />
      {revive.isError && <ErrorBanner error={revive.error} action="Reviving" />}
      {remove.isError && <ErrorBanner error={remove.error} action="Deleting for good" />}
      <div className="panel">
        <div className={styles.toolbar}>
          <label className="field">
            <span>Search archived flags</span>
            <input type="search" value={search} onChange={(event) => setText('q', event.target.value)} />
          </label>
          <label className="field">
            <span>Sort by</span>
            <select value={sort} onChange={(event) => setText('sort', event.target.value === 'archived' ? '' : event.target.value)}>
              {Object.entries(SORTS).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button"
            disabled={shownKeys.length === 0}
            onClick={() => select(allShownSelected ? selectedKeys.filter((key) => !shownKeys.includes(key)) : [...selectedKeys, ...shownKeys])}
          >
            {allShownSelected ? 'Unselect shown' : `Select ${shown.length} shown`}
          </button>
          <span className={styles.spacerGrow} />
          <span className="muted" role="status">
            {chosen.length === 0 ? 'Nothing selected' : `${count(chosen.length)} selected`}
          </span>
          <button
            type="button"
            className="button button-primary"
            disabled={!canWrite || chosen.length === 0 || revive.isPending}
            title={reason}
            onClick={() => open('revive')}
          >
            {revive.isPending ? 'Reviving…' : `Revive${chosen.length > 0 ? ` ${count(chosen.length)}` : ''}`}
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={!canWrite || chosen.length === 0 || remove.isPending}
            title={reason}
            onClick={() => open('delete')}
          >
            {remove.isPending ? 'Deleting…' : `Delete${chosen.length > 0 ? ` ${count(chosen.length)}` : ''} for good`}
          </button>
        </div>
        {list.data?.eventsProblem && <Notice tone="warning" title="Who archived is not known">{list.data.eventsProblem}</Notice>}
        {list.isError && <ErrorBanner error={list.error} action="Loading the archive" onRetry={() => void list.refetch()} />}
        {list.isPending && !list.isError && <Loading label="Loading the archive…" />}
        {list.data && flags.length === 0 && <EmptyState title="The archive is empty">No flag of any project is archived.</EmptyState>}
        {flags.length > 0 && shown.length === 0 && <p className="muted">No archived flag matches “{search}”.</p>}
        {shown.length > 0 && (
          <ArchivedList
            flags={shown}
            selected={selected}
            onToggle={(flag: ArchivedFlag, on) => select(on ? [...selectedKeys, flagKey(flag)] : selectedKeys.filter((key) => key !== flagKey(flag)))}
          />
        )}
      </div>
      {doing === 'revive' && chosen.length > 0 && (
        <ReviveDialog
          flags={chosen}
          archived={flags}
          onAddToSelection={(flag) => select([...selectedKeys, flagKey(flag)])}
          onCancel={() => open(null)}
          onRevive={onRevive}
        />
      )}
      {doing === 'delete' && chosen.length > 0 && (
        // Cannot be undone: the typed name whatever the profile's level (a read-only profile only hears why not).
        <ConfirmDialog
          level={level === 'read-only' ? 'read-only' : 'type-name'}
          profileName={profileName}
          title={`Delete ${chosen.length === 1 ? `“${chosen[0]?.name ?? ''}”` : count(chosen.length)} for good?`}
          name={deleteName}
          confirmLabel={chosen.length === 1 ? 'Delete flag for good' : `Delete ${count(chosen.length)} for good`}
          onCancel={() => open(null)}
          onConfirm={onDelete}
          body={
            <>
              <p>
                This cannot be undone: the flags, their strategies and variants are deleted from the server, and a flag of the same name can be
                created again. What Flagdesk recorded for them is dropped.
              </p>
              <p className={styles.names}>{chosen.map((flag) => `${flag.name} (${flag.project})`).join(', ')}</p>
            </>
          }
        />
      )}
    </section>
  );
}
