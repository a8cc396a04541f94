import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { analyseStrategyTypeChange, type StrategyTypeChange } from '../../../shared/domain/strategy-type-change';
import type { StrategyType } from '../../../shared/schemas';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { PageHeader } from '../../components/page-header';
import { useActiveProfileId } from '../../lib/active-profile';
import { useInstanceQuery } from '../../lib/instance-query';
import { clearDraft, saveDraft, useFormDraft } from '../../lib/session-draft';
import { ReadOnlyNotice, WriteFieldset } from '../connections';
import { EntityHistory } from '../events';
import { strategyTypeQueries, useUpdateStrategyType } from './api';
import { ChangeReview } from './change-review';
import { formSchema, renamesOf, updateOf, valuesOf, type FormValues } from './editor-form';
import { ParameterPreview } from './parameter-preview';
import { ParameterRows } from './parameter-rows';
import { DEPRECATED_MEANS, LifecycleActions } from './lifecycle-actions';
import styles from './strategy-types.module.css';

/** One custom type: description, title and parameters, with the breaking-change guard before saving. */
export default function StrategyTypeEditorScreen() {
  const { name = '' } = useParams();
  const types = useInstanceQuery(strategyTypeQueries.list);
  const type = types.data?.find((candidate) => candidate.name === name);
  const usage = useInstanceQuery(strategyTypeQueries.usage);
  const usages = (usage.data ?? []).filter((row) => row.strategyName === name);
  // Held here, not in the editor: a save changes the type, which remounts the editor on the server's new version.
  const [savedName, setSavedName] = useState<string | null>(null);
  return (
    <section aria-label={`Strategy type ${name}`}>
      <PageHeader
        title={type?.displayName ?? name}
        description={`Strategy type ${name}`}
        actions={
          <>
            {type?.editable && <LifecycleActions type={type} usages={usages} usageKnown={usage.isSuccess} />}
            <Link to="/strategy-types">All strategy types</Link>
          </>
        }
      />
      {type?.deprecated && (
        <Notice tone="info" title="Deprecated">
          {DEPRECATED_MEANS}
        </Notice>
      )}
      {types.isError && <ErrorBanner error={types.error} action="Loading the type" onRetry={() => void types.refetch()} />}
      {types.isPending && !types.isError && <Loading label="Loading the type…" />}
      {types.data && !type && (
        <>
          <Notice tone="warning" title={`No strategy type named ${name}`}>
            If it was deleted, its history below can restore a version: that creates it again.
          </Notice>
          <div className="panel">
            <EntityHistory entity={{ kind: 'strategy-type', key: name, label: name }} />
          </div>
        </>
      )}
      {type && !type.editable && (
        <Notice tone="info" title="Built-in type: read-only">
          Unleash refuses every change to built-in strategy types (it answers 500 "Cannot edit strategy {name}").
        </Notice>
      )}
      {type && type.editable && <ReadOnlyNotice />}
      {type && type.editable && (
        <Editor key={JSON.stringify(type)} type={type} saved={savedName === type.name} onSaved={() => setSavedName(type.name)} onRestored={() => setSavedName(null)} />
      )}
    </section>
  );
}

interface EditorProps {
  type: StrategyType;
  /** The last save of this type succeeded (shown while the form is not dirty). */
  saved: boolean;
  onSaved(): void;
  onRestored(): void;
}

function Editor({ type, saved, onSaved, onRestored }: EditorProps) {
  const usage = useInstanceQuery(strategyTypeQueries.usage);
  const update = useUpdateStrategyType();
  const [review, setReview] = useState<StrategyTypeChange | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), mode: 'onChange', defaultValues: valuesOf(type) });
  const { register, control, handleSubmit, formState, reset } = form;
  // The unsaved edit outlives a remount (the screen's Retry), per profile and type.
  const draftKey = `strategy-type.${useActiveProfileId() ?? ''}.${type.name}`;
  useFormDraft(draftKey, form);
  const watched = useWatch({ control, name: 'parameters' });
  const usages = (usage.data ?? []).filter((row) => row.strategyName === type.name);

  const submit = handleSubmit((values) => {
    setReview(analyseStrategyTypeChange(type, updateOf(type, values), usages, renamesOf(values.parameters)));
  });
  const confirm = () => {
    const values = form.getValues();
    setReview(null);
    // The draft goes before the write: the write refreshes the type, which remounts this editor on the server's
    // version, and a draft still stored then would be laid over it (and over any version restored later).
    clearDraft(draftKey);
    // mutateAsync, not mutate's callbacks: those are dropped once the refresh has unmounted this editor.
    update.mutateAsync({ name: type.name, update: updateOf(type, values) }).then(
      () => {
        // what was saved is the new starting point: the form is no longer dirty, and its names are now stored
        reset({ ...values, parameters: values.parameters.map((row) => ({ ...row, storedAs: row.name })) });
        onSaved();
      },
      // Refused or failed: the edit stays in the form (the error shows below it) and its draft is kept again.
      () => saveDraft(draftKey, values),
    );
  };
  return (
    <div className={styles.editorLayout}>
      <form className="panel form" onSubmit={(event) => void submit(event)} aria-label="Edit strategy type">
        <WriteFieldset>
        <p className="muted">
          Used by {usage.data ? usages.length : '…'} flag {usages.length === 1 ? 'strategy' : 'strategies'}
          {usages.length > 0 ? `: ${[...new Set(usages.map((u) => u.featureName))].join(', ')}` : ''}.
        </p>
        <label className="field">
          <span>Description</span>
          <input className={styles.input} {...register('description')} />
        </label>
        <label className="field">
          <span>Title</span>
          <input className={styles.input} {...register('title')} />
        </label>
        <ParameterRows form={form} />
        {update.isError && <ErrorBanner error={update.error} action="Saving the type" />}
        {saved && !formState.isDirty && <Notice tone="info" title="Saved" />}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={!formState.isValid || update.isPending || usage.isPending}>
            {update.isPending ? 'Saving…' : 'Review and save'}
          </button>
          <button type="button" className="button" disabled={!formState.isDirty} onClick={() => {
              clearDraft(draftKey);
              reset();
            }}>
            Discard changes
          </button>
        </div>
        </WriteFieldset>
        <ChangeReview name={type.name} change={review} onCancel={() => setReview(null)} onConfirm={confirm} />
      </form>
      <div>
        <ParameterPreview parameters={watched} />
        <div className="panel">
          {/* restoring an old version shows this same guard first (the timeline's restore dialog) */}
          <EntityHistory entity={{ kind: 'strategy-type', key: type.name, label: type.name }} onRestored={onRestored} />
        </div>
      </div>
    </div>
  );
}
