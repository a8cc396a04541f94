import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { PARAMETER_TYPES } from '../../../shared/schemas';
import type { FormValues } from './editor-form';
import styles from './strategy-types.module.css';

/** The parameter rows of a type's form (edit and create): name, type, description, required; move, remove, add. */
export function ParameterRows({ form }: { form: UseFormReturn<FormValues> }) {
  const { register, control, formState } = form;
  const parameters = useFieldArray({ control, name: 'parameters' });
  const watched = useWatch({ control, name: 'parameters' });
  return (
    <>
      <h2 className="section-title">Parameters</h2>
      <ol aria-label="Parameters" className={styles.params}>
        {parameters.fields.map((field, index) => {
          const error = formState.errors.parameters?.[index]?.name;
          const n = index + 1;
          const row = watched[index];
          const renamedFrom = row && row.storedAs !== null && row.storedAs !== row.name && row.name.trim() !== '' ? row.storedAs : null;
          return (
            <li key={field.id} className={styles.param} aria-label={`Parameter ${n}`}>
              <label className="field">
                <span>Name</span>
                <input className={styles.input} aria-invalid={error !== undefined} {...register(`parameters.${index}.name`)} />
                {error?.message && <span className={styles.problem}>{error.message}</span>}
                {renamedFrom !== null && (
                  <span className={styles.renamed}>
                    Renamed from <code>{renamedFrom}</code>: stored values stay under the old name
                  </span>
                )}
              </label>
              <label className="field">
                <span>Type</span>
                <select {...register(`parameters.${index}.type`)}>
                  {PARAMETER_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </label>
              <div className={styles.paramActions}>
                <button type="button" className="button button-quiet" aria-label={`Move parameter ${n} up`} disabled={index === 0} onClick={() => parameters.move(index, index - 1)}>
                  ↑
                </button>
                <button
                  type="button"
                  className="button button-quiet"
                  aria-label={`Move parameter ${n} down`}
                  disabled={index === parameters.fields.length - 1}
                  onClick={() => parameters.move(index, index + 1)}
                >
                  ↓
                </button>
                <button type="button" className="button button-danger-quiet" aria-label={`Remove parameter ${n}`} onClick={() => parameters.remove(index)}>
                  Remove
                </button>
              </div>
              <label className={`field ${styles.paramWide}`}>
                <span>Description</span>
                <input className={styles.input} {...register(`parameters.${index}.description`)} />
              </label>
              <label className={styles.paramWide}>
                <input type="checkbox" {...register(`parameters.${index}.required`)} /> Required
              </label>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button" onClick={() => parameters.append({ name: '', type: 'string', description: '', required: false, storedAs: null })}>
        Add parameter
      </button>
    </>
  );
}
