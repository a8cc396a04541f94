import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { StrategyType, StrategyUsageRow } from '../../../shared/schemas';
import { ApiError } from '../../../shared/errors';
import { Dialog, DialogActions } from '../../components/dialog';
import { ErrorBanner } from '../../components/error-banner';
import { notify } from '../../components/toast';
import { useActiveProfileId } from '../../lib/active-profile';
import { useInstanceQuery } from '../../lib/instance-query';
import { useGuardedAction, useProtection } from '../connections';
import { instanceQueries } from '../instance';
import { groupUsage, UsageList } from '../segments';
import { recreateStrategyType, useDeleteStrategyType, useSetDeprecated } from './api';

/** What deprecating does, said where the admin decides (Unleash's UI behaviour, not the server's). */
export const DEPRECATED_MEANS =
  "Unleash's UI no longer offers a deprecated type for new strategies; flag strategies that use it keep it and keep working. Reactivate brings it back.";

/**
 * Deprecate or reactivate, and delete: refused while a flag strategy uses the type (the list, project -> flag ->
 * environment with production marked, each flag a link, and deprecating instead as the way out). Each write asks what
 * the profile's protection level requires; a delete done without asking offers Undo (the server takes the name again).
 */
export function LifecycleActions({ type, usages, usageKnown }: { type: StrategyType; usages: readonly StrategyUsageRow[]; usageKnown: boolean }) {
  const client = useQueryClient();
  const profileId = useActiveProfileId() ?? '';
  const navigate = useNavigate();
  const environments = useInstanceQuery(instanceQueries.environments);
  const { level } = useProtection();
  const { guard, dialog, readOnly } = useGuardedAction();
  const deprecation = useSetDeprecated();
  const remove = useDeleteStrategyType();
  const [inUse, setInUse] = useState(false);
  const groups = groupUsage(
    usages.map((u) => ({ id: u.strategyId, projectId: u.projectId, featureName: u.featureName, strategyName: u.strategyName, environment: u.environment })),
    environments.data ?? [],
  );

  const setDeprecated = (deprecated: boolean) => {
    const run = () =>
      deprecation.mutate(
        { name: type.name, deprecated },
        { onSuccess: () => notify({ title: `Strategy type “${type.name}” ${deprecated ? 'deprecated' : 'reactivated'}`, tone: 'ok' }) },
      );
    if (!deprecated) return run();
    guard({ title: `Deprecate strategy type “${type.name}”?`, body: <p>{DEPRECATED_MEANS}</p>, name: type.name, confirmLabel: 'Deprecate type' }, run);
  };

  const onDelete = () => {
    if (usages.length > 0) return setInUse(true);
    const undoable = level === 'none';
    guard(
      {
        title: `Delete strategy type “${type.name}”?`,
        body: <p>No flag strategy uses it. The server keeps no copy: its parameters are gone unless you create it again.</p>,
        name: type.name,
        confirmLabel: 'Delete type',
      },
      // mutateAsync, not mutate's callbacks: the write refreshes the list, which no longer has the type, so this
      // editor is gone before a per-call callback would run
      () =>
        void remove.mutateAsync(type.name).then(
          () => {
            notify({
              title: `Strategy type “${type.name}” deleted`,
              tone: 'ok',
              ...(undoable ? { action: { label: 'Undo', onAction: () => undoDelete(client, profileId, type) } } : {}),
            });
            void navigate('/strategy-types');
          },
          (error: unknown) => {
            if (error instanceof ApiError && error.status === 409) setInUse(true);
          },
        ),
    );
  };

  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => setDeprecated(!type.deprecated)}
        disabled={readOnly || deprecation.isPending}
        title={type.deprecated ? 'Offer it again for new strategies' : DEPRECATED_MEANS}
      >
        {type.deprecated ? 'Reactivate' : 'Deprecate'}
      </button>
      <button type="button" className="button button-danger-quiet" onClick={onDelete} disabled={readOnly || remove.isPending || !usageKnown}>
        Delete
      </button>
      {deprecation.isError && <ErrorBanner error={deprecation.error} action={type.deprecated ? 'Reactivating the type' : 'Deprecating the type'} />}
      {remove.isError && !(remove.error instanceof ApiError && remove.error.status === 409) && <ErrorBanner error={remove.error} action="Deleting the type" />}
      {dialog}
      {inUse && (
        <Dialog title={`“${type.name}” is in use`} isOpen onClose={() => setInUse(false)} role="alertdialog" wide>
          <p>
            A strategy type can only be deleted when no flag strategy uses it: Unleash would delete it anyway and leave{' '}
            {usages.length === 1 ? 'this strategy' : `these ${usages.length} strategies`} naming a type that no longer exists. Change or
            remove {usages.length === 1 ? 'it' : 'them'} first:
          </p>
          <UsageList groups={groups} />
          {!type.deprecated && <p className="muted">Or deprecate it instead. {DEPRECATED_MEANS}</p>}
          <DialogActions>
            <button type="button" className="button" onClick={() => setInUse(false)} autoFocus>
              Close
            </button>
            {!type.deprecated && (
              <button
                type="button"
                className="button button-primary"
                disabled={readOnly}
                onClick={() => {
                  setInUse(false);
                  setDeprecated(true);
                }}
              >
                Deprecate instead
              </button>
            )}
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

function undoDelete(client: ReturnType<typeof useQueryClient>, profileId: string, deleted: StrategyType) {
  recreateStrategyType(client, profileId, deleted).then(
    () => notify({ title: `Strategy type “${deleted.name}” is back`, tone: 'ok' }),
    (error: unknown) => notify({ title: `Strategy type “${deleted.name}” could not be created again`, description: error instanceof Error ? error.message : String(error), tone: 'error' }),
  );
}
