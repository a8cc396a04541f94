import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/errors';
import type { ContextField } from '../../../shared/schemas';
import { Dialog, DialogActions } from '../../components/dialog';
import { LeaveUnsavedDialog } from '../../components/leave-unsaved-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../components/toast';
import { ValuesInput } from '../../components/values-input';
import { useActiveProfileId } from '../../lib/active-profile';
import { applyServerErrors } from '../../lib/form-errors';
import { useInstanceQuery } from '../../lib/instance-query';
import { ReadOnlyNotice, useGuardedAction, useWriteAccess, WriteFieldset } from '../connections';
import { instanceQueries } from '../instance';
import { contextFieldQueries, recreateContextField, useCreateContextField, useDeleteContextField, useUpdateContextField } from './api';
import { contextFieldFormSchema, createOf, formValuesOf, legalValueMessage, updateOf, type ContextFieldFormValues } from './context-field-form';
import { FieldUsage, usageCount } from './field-usage';
import styles from './context-fields.module.css';

/** /context-fields/new and /context-fields/:fieldName: create, or edit, see where it is used and delete. */
export default function ContextFieldEditor() {
  const name = useParams().fieldName;
  const fields = useInstanceQuery(contextFieldQueries.list);
  if (fields.isPending && !fields.isError) return <Loading label="Opening the context field…" />;
  if (fields.isError) return <ErrorBanner error={fields.error} action="Opening the context field" onRetry={() => void fields.refetch()} />;
  const field = name === undefined ? undefined : fields.data.find((candidate) => candidate.name === name);
  if (name !== undefined && !field) {
    return (
      <EmptyState title={`No context field “${name}”`}>
        It may have been deleted. <Link to="/context-fields">All context fields</Link>
      </EmptyState>
    );
  }
  return <FieldForm key={name ?? 'new'} editing={field} taken={new Set(fields.data.map((f) => f.name))} />;
}

function FieldForm({ editing, taken }: { editing?: ContextField; taken: ReadonlySet<string> }) {
  const profileId = useActiveProfileId() ?? '';
  const client = useQueryClient();
  const navigate = useNavigate();
  const ids = { name: useId(), description: useId(), stickiness: useId() };
  const usage = useInstanceQuery((p) => ({ ...contextFieldQueries.usage(p), enabled: editing !== undefined }));
  const environments = useInstanceQuery(instanceQueries.environments);
  const { reason } = useWriteAccess();
  const { guard, dialog: guardDialog, readOnly } = useGuardedAction();
  const create = useCreateContextField();
  const update = useUpdateContextField();
  const remove = useDeleteContextField();
  const [inUseOpen, setInUseOpen] = useState(false);
  const leaving = useRef(false);

  const schema = useMemo(() => contextFieldFormSchema(taken, !editing), [taken, editing]);
  const form = useForm<ContextFieldFormValues>({ resolver: zodResolver(schema), defaultValues: formValuesOf(editing), mode: 'onTouched', reValidateMode: 'onChange' });
  const { control, register, handleSubmit, formState, reset, setError } = form;
  const mine = editing ? (usage.data ?? []).find((entry) => entry.contextName === editing.name) : undefined;
  const used = usageCount(mine);

  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;
  // Read in render, not only in the blocker: react-hook-form tracks isDirty only once a render has read it.
  const dirty = formState.isDirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  const isField = (path: string) => path === 'name' || path === 'description' || path === 'stickiness' || path.startsWith('legalValues');

  const onValid = (values: ContextFieldFormValues) => {
    const onError = (error: Error) => applyServerErrors<ContextFieldFormValues>(error, setError, isField);
    if (editing) {
      update.mutate(
        { name: editing.name, update: updateOf(values) },
        {
          onSuccess: () => {
            reset(values);
            notify({ title: `Context field “${editing.name}” saved`, tone: 'ok' });
          },
          onError,
        },
      );
    } else {
      create.mutate(createOf(values), {
        onSuccess: (created) => {
          leaving.current = true;
          notify({ title: `Context field “${created.name}” created`, tone: 'ok' });
          void navigate(`/context-fields/${encodeURIComponent(created.name)}`, { replace: true });
        },
        onError,
      });
    }
  };

  const onDelete = () => {
    if (!editing) return;
    if (used > 0) return setInUseOpen(true);
    guard(
      {
        title: `Delete context field “${editing.name}”?`,
        body: <p>No strategy or segment uses it. Undo creates it again with the same name, description and legal values.</p>,
        name: editing.name,
        confirmLabel: 'Delete context field',
      },
      // mutateAsync, not mutate's callbacks: the write refreshes the list, which no longer has the field, so this
      // editor is gone before a per-call callback would run (no toast, no Undo)
      () =>
        void remove.mutateAsync(editing.name).then(
          () => {
            leaving.current = true;
            notify({ title: `Context field “${editing.name}” deleted`, tone: 'ok', action: { label: 'Undo', onAction: () => undoDelete(client, profileId, editing) } });
            void navigate('/context-fields');
          },
          (error: unknown) => {
            // 7+ refuses a field a flag strategy names (409): something started using it since the usage was read
            if (error instanceof ApiError && error.status === 409) void usage.refetch().then(() => setInUseOpen(true));
          },
        ),
    );
  };

  const deleteBlocked = usage.isPending || usage.isError;
  const title = editing ? `Context field “${editing.name}”` : 'New context field';
  return (
    <section aria-label={title} className={styles.page}>
      <PageHeader
        title={title}
        description={editing ? (editing.description ?? '') : 'A field constraints can ask about, with the values it may take.'}
        actions={
          editing ? (
            <button
              type="button"
              className="button button-danger-quiet"
              onClick={onDelete}
              disabled={readOnly || remove.isPending || deleteBlocked}
              title={readOnly ? reason : deleteBlocked ? 'Finding where it is used first' : undefined}
            >
              Delete
            </button>
          ) : null
        }
      />
      <ReadOnlyNotice />
      {remove.isError && !(remove.error instanceof ApiError && remove.error.status === 409) && <ErrorBanner error={remove.error} action="Deleting the context field" />}
      <div className={styles.layout}>
        <form className={styles.form} onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate aria-label="Context field">
          <WriteFieldset>
            <div className="field">
              <label htmlFor={ids.name}>Name</label>
              <input
                id={ids.name}
                {...register('name')}
                readOnly={editing !== undefined}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={formState.errors.name ? true : undefined}
                aria-describedby={`${ids.name}-hint`}
              />
              <p id={`${ids.name}-hint`} className={formState.errors.name ? 'field-error' : 'muted'}>
                {formState.errors.name?.message ?? (editing ? 'A context field keeps its name: constraints refer to it.' : 'Letters, digits and . _ ~ - (constraints and SDKs use it as the key).')}
              </p>
            </div>
            <div className="field">
              <label htmlFor={ids.description}>Description</label>
              <textarea id={ids.description} rows={2} {...register('description')} aria-invalid={formState.errors.description ? true : undefined} />
              {formState.errors.description && <p className="field-error">{formState.errors.description.message}</p>}
            </div>
            <label className={styles.check} htmlFor={ids.stickiness}>
              <input id={ids.stickiness} type="checkbox" {...register('stickiness')} aria-describedby={`${ids.stickiness}-hint`} />
              Custom stickiness
            </label>
            <p id={`${ids.stickiness}-hint`} className={styles.checkHint}>
              Gradual rollouts and variants can then keep a user in the same bucket by this field.
            </p>
            <Controller
              control={control}
              name="legalValues"
              render={({ field, fieldState }) => (
                <ValuesInput
                  label="Legal values"
                  values={field.value.map((legal) => legal.value)}
                  onChange={(values) => field.onChange(values.map((value) => field.value.find((legal) => legal.value === value) ?? { value, description: '' }))}
                  check={legalValueMessage}
                  placeholder="Type a value and press Enter, or paste a list (none: any value is allowed)"
                  error={fieldState.error?.message ?? firstDescriptionError(formState.errors.legalValues)}
                  detail={(value) => (
                    <input
                      className={`input ${styles.descriptionInput}`}
                      aria-label={`Description of ${value}`}
                      placeholder="Description (optional)"
                      value={field.value.find((legal) => legal.value === value)?.description ?? ''}
                      onChange={(event) =>
                        field.onChange(field.value.map((legal) => (legal.value === value ? { ...legal, description: event.target.value } : legal)))
                      }
                    />
                  )}
                />
              )}
            />
            <div className={styles.actions}>
              {saveError && <ErrorBanner error={saveError} action={editing ? 'Saving the context field' : 'Creating the context field'} />}
              <button type="submit" className="button button-primary" disabled={saving || readOnly}>
                {saving ? 'Saving…' : editing ? 'Save context field' : 'Create context field'}
              </button>
              <Link className="button button-quiet" to="/context-fields">
                Cancel
              </Link>
            </div>
          </WriteFieldset>
        </form>
        {editing && (
          <aside className={styles.panel} aria-label="Usage">
            <h2>Used by</h2>
            {usage.isPending && <Loading label="Finding strategies and segments…" />}
            {usage.isError && <ErrorBanner error={usage.error} action="Finding where it is used" onRetry={() => void usage.refetch()} />}
            {usage.data && used === 0 && <p className="muted">No strategy or segment constraint uses this field.</p>}
            {mine && used > 0 && <FieldUsage usage={mine} environments={environments.data ?? []} />}
          </aside>
        )}
      </div>
      {guardDialog}
      {inUseOpen && editing && (
        <Dialog title={`“${editing.name}” is in use`} isOpen onClose={() => setInUseOpen(false)} role="alertdialog">
          <p>
            Servers delete a context field whatever uses it, and the constraints below would then name a field that no longer exists. Remove the
            field from these constraints first (each link opens where to change it), then delete it:
          </p>
          {mine ? (
            <FieldUsage usage={mine} environments={environments.data ?? []} />
          ) : (
            <p className="muted">The server says a flag uses it, but no active flag's strategy names it now: look again in a moment, or in the archive.</p>
          )}
          <DialogActions>
            <button type="button" className="button" onClick={() => void usage.refetch().then(() => setInUseOpen(false))}>
              Check again
            </button>
            <button type="button" className="button button-primary" onClick={() => setInUseOpen(false)} autoFocus>
              Close
            </button>
          </DialogActions>
        </Dialog>
      )}
      <LeaveUnsavedDialog blocker={blocker} noun="context field" />
    </section>
  );
}

function firstDescriptionError(errors: FieldErrors<ContextFieldFormValues>['legalValues']): string | undefined {
  if (!Array.isArray(errors)) return undefined;
  const found = errors.find((item) => item?.description?.message);
  return found?.description?.message;
}

/** Undo of a delete: only an unused field can be deleted here, so creating it again restores everything it had. */
function undoDelete(client: QueryClient, profileId: string, deleted: ContextField) {
  recreateContextField(client, profileId, deleted).then(
    () => notify({ title: `Context field “${deleted.name}” is back`, tone: 'ok' }),
    (error: unknown) => notify({ title: `Context field “${deleted.name}” could not be created again`, description: error instanceof Error ? error.message : String(error), tone: 'error' }),
  );
}
