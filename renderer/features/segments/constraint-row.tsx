import { memo, useId } from 'react';
import { Controller, useFormState, useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { OPERATOR_INFO, OPERATOR_VERBS, type Operator } from '../../../shared/domain/operators';
import type { ContextField } from '../../../shared/schemas';
import { DeferredComboBox } from '../../components/deferred-combo-box';
import { ValuesInput } from '../../components/values-input';
import type { SegmentFormValues } from './segment-form-values';
import { valueMessage } from './value-messages';
import { SingleValueInput } from './single-value-input';
import styles from './segment-editor.module.css';

/** The operators by kind, each named in the shared plain words (OPERATOR_VERBS). */
const GROUPS: readonly { label: string; operators: readonly Operator[] }[] = [
  { label: 'List', operators: ['IN', 'NOT_IN'] },
  { label: 'Text', operators: ['STR_STARTS_WITH', 'STR_ENDS_WITH', 'STR_CONTAINS'] },
  { label: 'Number', operators: ['NUM_EQ', 'NUM_GT', 'NUM_GTE', 'NUM_LT', 'NUM_LTE'] },
  { label: 'Date and time', operators: ['DATE_AFTER', 'DATE_BEFORE'] },
  { label: 'Version (SemVer)', operators: ['SEMVER_EQ', 'SEMVER_GT', 'SEMVER_GTE', 'SEMVER_LT', 'SEMVER_LTE'] },
  { label: 'Pattern', operators: ['REGEX'] },
];

export interface OperatorSupport {
  regex: boolean;
  semverGte: boolean;
}

function offered(operator: Operator, contextName: string, support: OperatorSupport): boolean {
  if (operator === 'REGEX' && !support.regex) return false;
  if ((operator === 'SEMVER_GTE' || operator === 'SEMVER_LTE') && !support.semverGte) return false;
  // Unleash evaluates currentTime only with the date operators.
  if (contextName === 'currentTime') return OPERATOR_INFO[operator].kind === 'date';
  return true;
}

interface Props {
  /** The form's own handles, stable for its life: from the FormProvider's context, every change of the form's state
   * (even its first \`isReady\`) would render every row again. */
  control: Control<SegmentFormValues>;
  register: UseFormRegister<SegmentFormValues>;
  setValue: UseFormSetValue<SegmentFormValues>;
  index: number;
  count: number;
  contextFields: readonly ContextField[];
  support: OperatorSupport;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  /** Focus the context field when the row appears (a row the user just added). */
  autoFocus?: boolean;
}

/**
 * One constraint of the segment form. Memoised: the form renders again as its queries answer and its state changes,
 * and each row (a React Aria combobox, a chip per value) costs far more than the form's own fields.
 */
export const ConstraintRow = memo(function ConstraintRow({ control, register, setValue, index, count, contextFields, support, onMove, onRemove, autoFocus = false }: Props) {
  // this row's errors only: a change elsewhere in the form does not render it
  const formState = useFormState({ control, name: `constraints.${index}` });
  const ids = { operator: useId(), invert: useId(), caseId: useId() };
  const contextName = useWatch({ control, name: `constraints.${index}.contextName` });
  const operator = useWatch({ control, name: `constraints.${index}.operator` });
  const info = OPERATOR_INFO[operator];
  const errors = (formState.errors.constraints as FieldErrors<SegmentFormValues['constraints']> | undefined)?.[index];
  const field = contextFields.find((f) => f.name === contextName);
  const legal = (field?.legalValues ?? []).map((l) => ({ value: l.value, description: l.description ?? null }));
  const position = `Constraint ${index + 1}`;

  return (
    <li className={styles.constraint} aria-label={position}>
      <div className={styles.constraintHead}>
        <span className={styles.position}>{index + 1}</span>
        <Controller
          control={control}
          name={`constraints.${index}.contextName`}
          render={({ field: f }) => (
            <DeferredComboBox
              className={styles.context}
              label="Context field"
              options={contextFields.map((c) => ({ id: c.name, label: c.name, ...(c.description ? { description: c.description } : {}) }))}
              selectedKey={contextFields.some((c) => c.name === f.value) ? f.value : null}
              onSelectionChange={(key) => key !== null && f.onChange(key)}
              allowsCustomValue
              inputValue={f.value}
              onInputChange={f.onChange}
              error={errors?.contextName?.message}
              placeholder="e.g. userId"
              autoFocus={autoFocus}
            />
          )}
        />
        <div className={styles.operator}>
          <label htmlFor={ids.operator} className={styles.fieldLabel}>
            Operator
          </label>
          <select id={ids.operator} className="input" {...register(`constraints.${index}.operator`)}>
            {GROUPS.map((group) => {
              const options = group.operators.filter((op) => offered(op, contextName, support) || op === operator);
              if (options.length === 0) return null;
              return (
                <optgroup key={group.label} label={group.label}>
                  {options.map((op) => (
                    <option key={op} value={op}>
                      {OPERATOR_VERBS[op][0]}
                    </option>
                  ))}
                </optgroup>
              );
            })}
          </select>
        </div>
        <div className={styles.rowActions} role="group" aria-label={`${position} actions`}>
          <button type="button" className="button button-quiet" aria-label={`Move ${position.toLowerCase()} up`} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
            ↑
          </button>
          <button type="button" className="button button-quiet" aria-label={`Move ${position.toLowerCase()} down`} disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>
            ↓
          </button>
          <button type="button" className="button button-danger-quiet" aria-label={`Remove ${position.toLowerCase()}`} onClick={() => onRemove(index)}>
            Remove
          </button>
        </div>
      </div>
      <div className={styles.toggles}>
        {info.invertible && (
          <label htmlFor={ids.invert}>
            <input id={ids.invert} type="checkbox" {...register(`constraints.${index}.inverted`)} /> Negate (match when this is <em>not</em> true)
          </label>
        )}
        {info.caseInsensitive && (
          <label htmlFor={ids.caseId}>
            <input id={ids.caseId} type="checkbox" {...register(`constraints.${index}.caseInsensitive`)} /> Ignore case
          </label>
        )}
      </div>
      {info.arity === 'multi' ? (
        <Controller
          control={control}
          name={`constraints.${index}.values`}
          render={({ field: f }) => (
            <ValuesInput label="Values" check={(value) => valueMessage(info.kind, value)} values={f.value} onChange={f.onChange} suggestions={legal} error={errors?.values?.message} />
          )}
        />
      ) : (
        <Controller
          control={control}
          name={`constraints.${index}.value`}
          render={({ field: f }) => (
            <SingleValueInput
              label="Value"
              kind={info.kind}
              value={f.value}
              onChange={(v) => {
                f.onChange(v);
                setValue(`constraints.${index}.values`, [], { shouldDirty: false });
              }}
              error={errors?.value?.message}
            />
          )}
        />
      )}
    </li>
  );
});
