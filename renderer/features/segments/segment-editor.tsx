import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link, useBlocker, useMatch, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/errors';
import type { ContextField, Segment, UpsertSegment } from '../../../shared/schemas';
// not the schemas' index: it would bring zod and every schema into the form's first frame
import { limitsOf } from '../../../shared/schemas/ui-config';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog, DialogActions } from '../../components/dialog';
import { LeaveUnsavedDialog } from '../../components/leave-unsaved-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../components/toast';
import { useActiveProfileId } from '../../lib/active-profile';
import { applyServerErrors } from '../../lib/form-errors';
import { useInstanceQuery } from '../../lib/instance-query';
import { usePainted } from '../../lib/use-painted';
import { clearDraft, useFormDraft } from '../../lib/session-draft';
import { ReadOnlyNotice, useGuardedAction, useProtection, WriteFieldset, WriteLink } from '../connections';
import { instanceQueries } from '../instance';
import { segmentQueries, useCreateSegment, useDeleteSegment, useUpdateSegment } from './api';
import { describeSegment } from './constraint-summary';
import { ConflictDialog } from './conflict-dialog';
import { ConstraintDiffView } from './constraint-diff-view';
import { ConstraintRow } from './constraint-row';
import { loadRules, useFormRules } from './segment-form-rules';
import { countValues, draftOf, emptyConstraint, formValuesOf, type ConstraintFormValue, type SegmentFormValues } from './segment-form-values';
import { undoDelete } from './undo-delete';
import { groupUsage, touchesProduction } from './usage';
import { UsageList } from './usage-list';
import styles from './segment-editor.module.css';

/** The tester brings the evaluation engine, the largest code the editor uses: the form is shown without waiting for it. */
const EditorSegmentTester = lazy(() => import('./editor-segment-tester').then((module) => ({ default: module.EditorSegmentTester })));

const NO_FIELDS: readonly ContextField[] = [];
const NO_CONSTRAINTS: readonly ConstraintFormValue[] = [];

/**
 * The tester's code (the evaluation engine) is asked for once the form is on screen: loading it, then rendering it,
 * would otherwise hold the form's first frame. The wait is this component's own state, so its end renders the
 * tester alone, not the whole form again.
 */
function DeferredTester({ constraints }: { constraints: readonly ConstraintFormValue[] }) {
  const painted = usePainted('form');
  const waiting = <Loading label="Loading the tester…" />;
  if (!painted) return waiting;
  return (
    <Suspense fallback={waiting}>
      <EditorSegmentTester constraints={constraints} />
    </Suspense>
  );
}

type Step = { kind: 'idle' } | { kind: 'conflict'; mine: UpsertSegment; theirs: Segment } | { kind: 'impact'; body: UpsertSegment; before: Segment } | { kind: 'in-use' };

const comparable = (s: Pick<Segment, 'name' | 'description' | 'project' | 'constraints'>) => JSON.stringify(draftOf(formValuesOf(s)));

/** Create, edit or duplicate a segment: /segments/new, /segments/:id, /segments/:id/duplicate. */
export default function SegmentEditor() {
  const params = useParams();
  const id = Number(params.segmentId ?? 0);
  const duplicating = useMatch('/segments/:segmentId/duplicate') !== null;
  const editing = id > 0 && !duplicating;
  const client = useQueryClient();
  // Opened from the list, the form shows the list's copy of the segment at once while the segment's own read runs
  // (the list holds the same fields); SegmentForm takes the server's answer when it lands.
  const segment = useInstanceQuery((p) => ({ ...segmentQueries.detail(p, id), placeholderData: () => listedSegment(client, p, id) }));
  if (id > 0 && segment.isPending) return <Loading label="Opening the segment…" />;
  if (id > 0 && segment.isError) return <ErrorBanner error={segment.error} action="Opening the segment" onRetry={() => void segment.refetch()} />;
  const source = segment.data;
  const initial = source && duplicating ? { ...source, name: `${source.name}-copy` } : source;
  return (
    <SegmentForm
      key={`${id}-${duplicating}-${source?.id ?? 'new'}`}
      editing={editing ? source : undefined}
      initial={initial}
      duplicateOf={duplicating ? source : undefined}
      fromList={segment.isPlaceholderData}
    />
  );
}

/** The segment as the list read it, if the list is in the cache. */
function listedSegment(client: QueryClient, profileId: string, id: number): Segment | undefined {
  if (id <= 0) return undefined;
  return client.getQueryData<Segment[]>(segmentQueries.list(profileId).queryKey)?.find((s) => s.id === id);
}

function SegmentForm({
  editing,
  initial,
  duplicateOf,
  fromList = false,
}: {
  editing?: Segment;
  initial?: Pick<Segment, 'name' | 'description' | 'project' | 'constraints'>;
  duplicateOf?: Segment;
  /** `initial` is still the list's copy: the segment's own read has not answered yet. */
  fromList?: boolean;
}) {
  const profileId = useActiveProfileId() ?? '';
  // The unsaved edit outlives a remount (the screen's Retry): one draft per profile and per segment, copy or new.
  const draftKey = `segment.${profileId}.${editing ? editing.id : duplicateOf ? `copy-of-${duplicateOf.id}` : 'new'}`;
  const client = useQueryClient();
  const navigate = useNavigate();
  const uiConfig = useInstanceQuery(instanceQueries.uiConfig);
  const projects = useInstanceQuery(instanceQueries.projects);
  const contextFields = useInstanceQuery(instanceQueries.contextFields);
  const environments = useInstanceQuery(instanceQueries.environments);
  const usage = useInstanceQuery((p) => segmentQueries.usage(p, editing?.id ?? 0));
  const { level, profileName } = useProtection();
  const { guard, dialog: guardDialog, readOnly } = useGuardedAction();
  const create = useCreateSegment();
  const update = useUpdateSegment();
  const remove = useDeleteSegment();
  // The server's version this form opened with (or last saved or took): a save compares the server's version with it.
  const [openedWith] = useState(() => (editing ? comparable(editing) : ''));
  const loaded = useRef(openedWith);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [addedByUser, setAddedByUser] = useState(false);
  // Set just before navigating away after a create or a delete: nothing is left unsaved then.
  const leaving = useRef(false);

  const limits = limitsOf(uiConfig.data ?? { version: '0' });
  const resolver = useFormRules(limits.segmentValues);
  const form = useForm<SegmentFormValues>({ resolver, defaultValues: formValuesOf(initial), mode: 'onSubmit', reValidateMode: 'onChange' });
  const { control, register, handleSubmit, formState, reset, setError, setValue } = form;
  useFormDraft(draftKey, form);
  // The list's copy gives way to the server's answer: the form takes it unless the user has begun editing, and
  // `loaded` stays what the form opened with, so a save still detects what changed on the server since then.
  const seeded = useRef(fromList ? initial : undefined);
  useEffect(() => {
    const seed = seeded.current;
    if (fromList || !seed || !initial) return;
    seeded.current = undefined;
    if (form.formState.isDirty || comparable(seed) === comparable(initial)) return;
    reset(formValuesOf(initial));
    if (editing) loaded.current = comparable(editing);
  }, [fromList, initial, editing, form, reset]);
  const constraints = useFieldArray({ control, name: 'constraints' });
  const watched = useWatch({ control, name: 'constraints' });
  const total = countValues(watched ?? []);
  const flags = (uiConfig.data as { flags?: Record<string, unknown> } | undefined)?.flags ?? {};
  const regex = flags.regexConstraintOperator === true;
  const semverGte = flags.semverGteConstraintOperators === true;
  // the same object while the flags hold, so the memoised rows are not rendered again for it
  const support = useMemo(() => ({ regex, semverGte }), [regex, semverGte]);
  const groups = groupUsage(usage.data?.strategies ?? [], environments.data ?? []);
  const inUse = (usage.data?.strategies.length ?? 0) > 0;

  const saving = create.isPending || update.isPending;
  const dirty = formState.isDirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  const saveError = create.error ?? update.error;
  const isField = (path: string) => path === 'name' || path === 'description' || path === 'project' || path.startsWith('constraints');

  const write = (body: UpsertSegment) => {
    const onError = (error: Error) => {
      // The form stays as the user left it; the server's field details land on their fields.
      applyServerErrors<SegmentFormValues>(error, setError, isField);
    };
    if (editing) {
      update.mutate(
        { id: editing.id, segment: body },
        {
          onSuccess: () => {
            clearDraft(draftKey);
            loaded.current = JSON.stringify(draftOf(formValuesOf(body)));
            reset(form.getValues());
            notify({ title: `Segment “${body.name}” saved`, tone: 'ok' });
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          clearDraft(draftKey);
          leaving.current = true;
          notify({ title: `Segment “${created.name}” created`, tone: 'ok' });
          void navigate(`/segments/${created.id}`, { replace: true });
        },
        onError,
      });
    }
  };

  /** `before` is the server's version this save replaces, for the review of what changes. */
  const afterConflictCheck = (body: UpsertSegment, before: Segment) => {
    if (editing && inUse) setStep({ kind: 'impact', body, before });
    else write(body);
  };

  const onValid = async (values: SegmentFormValues) => {
    const body = (await loadRules()).upsertOf(values);
    if (!editing) return write(body);
    // Detect a concurrent edit before writing: compare the server's version now with the one this form opened.
    const fresh = await client.fetchQuery({ ...segmentQueries.detail(profileId, editing.id), staleTime: 0 });
    if (comparable(fresh) !== loaded.current) return setStep({ kind: 'conflict', mine: body, theirs: fresh });
    afterConflictCheck(body, fresh);
  };

  const onDelete = () => {
    if (!editing) return;
    if (inUse) return setStep({ kind: 'in-use' });
    guard({ title: `Delete segment “${editing.name}”?`, body: <p>The segment is not used by any strategy. Undo re-creates it with a new id.</p>, name: editing.name, confirmLabel: 'Delete segment' }, () =>
      remove.mutate(editing.id, {
        onSuccess: () => {
          leaving.current = true;
          notify({ title: `Segment “${editing.name}” deleted`, tone: 'ok', action: { label: 'Undo', onAction: () => undoDelete(client, profileId, editing) } });
          void navigate('/segments');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            void usage.refetch();
            setStep({ kind: 'in-use' });
          }
        },
      }),
    );
  };

  const title = editing ? `Edit “${editing.name}”` : duplicateOf ? `Duplicate “${duplicateOf.name}”` : 'New segment';
  return (
    <section aria-label={title} className={styles.page}>
      <PageHeader
        title={title}
        description={describeSegment(draftOf({ name: '', description: '', project: '', constraints: watched ?? [] }).constraints)}
        actions={
          editing ? (
            <>
              <WriteLink className="button" to={`/segments/${editing.id}/duplicate`}>
                Duplicate
              </WriteLink>
              <button type="button" className="button button-danger-quiet" onClick={onDelete} disabled={readOnly || remove.isPending}>
                Delete
              </button>
            </>
          ) : null
        }
      />
      <ReadOnlyNotice />
      {remove.isError && !(remove.error instanceof ApiError && remove.error.status === 409) && <ErrorBanner error={remove.error} action="Deleting the segment" />}
      <div className={styles.layout}>
        <form className={styles.form} onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate aria-label="Segment">
          <WriteFieldset>
          <div className={styles.fields}>
            <div className="field">
              <label htmlFor="segment-name">Name</label>
              <input id="segment-name" {...register('name')} autoComplete="off" spellCheck={false} aria-invalid={formState.errors.name ? true : undefined} aria-describedby="segment-name-error" />
              {formState.errors.name && <p id="segment-name-error" className="field-error">{formState.errors.name.message}</p>}
            </div>
            <div className="field">
              <label htmlFor="segment-project">Project</label>
              <select id="segment-project" {...register('project')}>
                <option value="">Global (every project)</option>
                {(projects.data ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
            <div className={`field ${styles.wide}`}>
              <label htmlFor="segment-description">Description</label>
              <textarea id="segment-description" rows={2} {...register('description')} />
              {formState.errors.description && <p className="field-error">{formState.errors.description.message}</p>}
            </div>
          </div>
          <div className={styles.constraintsHead}>
            <h2>Constraints</h2>
            {/* the field picker offers the instance's context fields; this is where they are defined */}
            <Link to="/context-fields" className={styles.manageFields}>
              Manage context fields
            </Link>
            <span className={total > limits.segmentValues ? styles.over : styles.hint} data-testid="values-count">
              {total.toLocaleString('en')} of {limits.segmentValues.toLocaleString('en')} values used
            </span>
          </div>
          {formState.errors.constraints?.root?.message || formState.errors.constraints?.message ? (
            <p className="field-error" role="alert">
              {formState.errors.constraints?.root?.message ?? formState.errors.constraints?.message}
            </p>
          ) : null}
          {constraints.fields.length === 0 && <p className="muted">No constraints: this segment matches everyone.</p>}
          <ol className={styles.constraintList}>
            {constraints.fields.map((field, index) => (
              <ConstraintRow
                key={field.id}
                control={control}
                register={register}
                setValue={setValue}
                index={index}
                count={constraints.fields.length}
                contextFields={contextFields.data ?? NO_FIELDS}
                support={support}
                onMove={constraints.move}
                onRemove={constraints.remove}
                autoFocus={addedByUser && index === constraints.fields.length - 1}
              />
            ))}
          </ol>
          <button
            type="button"
            className="button"
            onClick={() => {
              // The new row takes focus on its context field (its first choice), not on the operator.
              setAddedByUser(true);
              constraints.append(emptyConstraint(), { shouldFocus: false });
            }}
          >
            Add constraint
          </button>
          <div className={styles.actions}>
            {saveError && !(saveError instanceof ApiError && saveError.details?.length) && (
              <ErrorBanner error={saveError} action={editing ? 'Saving the segment' : 'Creating the segment'} />
            )}
            <button type="submit" className="button button-primary" disabled={saving || readOnly}>
              {saving ? 'Saving…' : editing ? 'Save segment' : 'Create segment'}
            </button>
            <Link className="button button-quiet" to={editing ? '/segments' : '/segments'}>
              Cancel
            </Link>
          </div>
          </WriteFieldset>
        </form>
        <aside className={styles.side}>
          {editing && (
            <section aria-label="Usage" className={styles.panel}>
              <h2>Used by</h2>
              {usage.isPending && <Loading label="Finding strategies…" />}
              {usage.isError && <ErrorBanner error={usage.error} action="Loading usage" onRetry={() => void usage.refetch()} />}
              {usage.data && groups.length === 0 && <p className="muted">No strategy uses this segment.</p>}
              {groups.length > 0 && <UsageList groups={groups} />}
            </section>
          )}
          <DeferredTester constraints={watched ?? NO_CONSTRAINTS} />
        </aside>
      </div>
      {guardDialog}
      {step.kind === 'conflict' && (
        <ConflictDialog
          mine={step.mine}
          theirs={draftOf(formValuesOf(step.theirs))}
          onCancel={() => setStep({ kind: 'idle' })}
          onTakeTheirs={() => {
            loaded.current = comparable(step.theirs);
            clearDraft(draftKey);
            reset(formValuesOf(step.theirs));
            setStep({ kind: 'idle' });
          }}
          onKeepMine={() => {
            loaded.current = comparable(step.theirs);
            setStep({ kind: 'idle' });
            afterConflictCheck(step.mine, step.theirs);
          }}
        />
      )}
      {step.kind === 'impact' && (
        <ConfirmDialog
          level={level === 'none' ? 'confirm' : level}
          profileName={profileName}
          title={`Save “${step.body.name}”? It changes ${usage.data?.strategies.length ?? 0} strategies`}
          name={step.body.name}
          confirmLabel={touchesProduction(groups) ? 'Save, including production' : 'Save segment'}
          body={
            <>
              {touchesProduction(groups) && <p className={styles.production}>This affects production environments.</p>}
              <ConstraintDiffView before={draftOf(formValuesOf(step.before)).constraints} after={step.body.constraints} />
              <h3 className={styles.diffHeading}>Strategies that use it</h3>
              <UsageList groups={groups} />
            </>
          }
          onCancel={() => setStep({ kind: 'idle' })}
          onConfirm={() => {
            setStep({ kind: 'idle' });
            write(step.body);
          }}
        />
      )}
      {step.kind === 'in-use' && editing && (
        <Dialog title={`“${editing.name}” is in use`} isOpen onClose={() => setStep({ kind: 'idle' })} role="alertdialog">
          <p>A segment can only be deleted when no strategy uses it. Remove it from these strategies first:</p>
          <UsageList groups={groups} />
          <DialogActions>
            <button type="button" className="button" onClick={() => setStep({ kind: 'idle' })} autoFocus>
              Close
            </button>
          </DialogActions>
        </Dialog>
      )}
      <LeaveUnsavedDialog blocker={blocker} noun="segment" onDiscard={() => clearDraft(draftKey)} />
    </section>
  );
}
