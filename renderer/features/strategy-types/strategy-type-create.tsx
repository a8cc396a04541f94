import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/errors';
import { strategyTypeNameProblem } from '../../../shared/domain/strategy-type-name';
import { ErrorBanner } from '../../components/error-banner';
import { PageHeader } from '../../components/page-header';
import { notify } from '../../components/toast';
import { useInstanceQuery } from '../../lib/instance-query';
import { ReadOnlyNotice, WriteFieldset } from '../connections';
import { strategyTypeQueries, useCreateStrategyType } from './api';
import { formSchema, type FormValues } from './editor-form';
import { ParameterPreview } from './parameter-preview';
import { ParameterRows } from './parameter-rows';
import styles from './strategy-types.module.css';

const EMPTY: FormValues = { description: '', title: '', parameters: [] };

/** A new custom type: its name checked as typed by the server's rules, then title, description and parameters. */
export default function StrategyTypeCreateScreen() {
  const navigate = useNavigate();
  const types = useInstanceQuery(strategyTypeQueries.list);
  const create = useCreateStrategyType();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverProblem, setServerProblem] = useState<{ name: string; message: string } | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), mode: 'onChange', defaultValues: EMPTY });
  const watched = useWatch({ control: form.control, name: 'parameters' });
  const nameId = useId();
  const taken = (types.data ?? []).map((type) => type.name);
  const problem = strategyTypeNameProblem(name, taken) ?? (serverProblem?.name === name ? serverProblem.message : null);
  const shownProblem = touched || name !== '' ? problem : null;

  const submit = form.handleSubmit((values) => {
    setTouched(true);
    if (problem) return;
    create.mutate(
      {
        name,
        ...(values.title !== '' ? { title: values.title } : {}),
        ...(values.description !== '' ? { description: values.description } : {}),
        parameters: values.parameters.map((row) => ({ name: row.name, type: row.type, description: row.description, required: row.required })),
      },
      {
        onSuccess: (created) => {
          notify({ title: `Strategy type “${created.name}” created`, tone: 'ok' });
          void navigate(`/strategy-types/${encodeURIComponent(created.name)}`, { replace: true });
        },
        onError: (error) => {
          // a name taken meanwhile, or refused by a rule this window does not know: said next to the name
          if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
            setServerProblem({ name, message: error.details?.[0]?.message ?? error.message });
          }
        },
      },
    );
  });

  return (
    <section aria-label="New strategy type">
      <PageHeader title="New strategy type" description="A custom activation strategy: flags fill in its parameters, your SDKs implement its rule." actions={<Link to="/strategy-types">All strategy types</Link>} />
      <ReadOnlyNotice />
      <div className={styles.editorLayout}>
        <form className="panel form" onSubmit={(event) => void submit(event)} aria-label="New strategy type" noValidate>
          <WriteFieldset>
            <div className="field">
              <label htmlFor={nameId}>Name</label>
              <input
                id={nameId}
                className={styles.input}
                value={name}
                onChange={(event) => setName(event.target.value)}
                onBlur={() => setTouched(true)}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={shownProblem ? true : undefined}
                aria-describedby={`${nameId}-hint`}
              />
              {shownProblem ? (
                <p id={`${nameId}-hint`} className="field-error">
                  {shownProblem}
                </p>
              ) : (
                <p id={`${nameId}-hint`} className="field-hint">
                  What flags and SDKs call it; it cannot be changed later. Letters, digits and - _ . ~ ! * ' ( ), at most 100.
                </p>
              )}
            </div>
            <label className="field">
              <span>Title</span>
              <input className={styles.input} {...form.register('title')} />
            </label>
            <label className="field">
              <span>Description</span>
              <input className={styles.input} {...form.register('description')} />
            </label>
            <ParameterRows form={form} />
            {create.isError && !serverProblem && <ErrorBanner error={create.error} action="Creating the type" />}
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={create.isPending || !types.isSuccess}>
                {create.isPending ? 'Creating…' : 'Create strategy type'}
              </button>
            </div>
          </WriteFieldset>
        </form>
        <ParameterPreview parameters={watched} />
      </div>
    </section>
  );
}
