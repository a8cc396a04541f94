import type { StrategyParameterInput } from '../../../shared/schemas';
import styles from './strategy-types.module.css';

/** The parameter form as a flag's strategy shows it (disabled: a preview). */
export function ParameterPreview({ parameters }: { parameters: readonly Partial<StrategyParameterInput>[] }) {
  return (
    <section className="panel" aria-label="Preview of the strategy form">
      <h2 className="section-title">Preview</h2>
      {parameters.length === 0 && <p className="muted">No parameters: a strategy of this type has nothing to fill in.</p>}
      {parameters.map((parameter, index) => {
        const label = `${parameter.name || '(unnamed)'}${parameter.required ? ' *' : ''}`;
        const id = `preview-${index}`;
        return (
          <div key={index} className="field">
            <label htmlFor={id}>{label}</label>
            {parameter.type === 'percentage' && <input id={id} type="range" min={0} max={100} defaultValue={50} disabled />}
            {parameter.type === 'number' && <input id={id} className={styles.input} type="number" disabled />}
            {parameter.type === 'boolean' && <input id={id} type="checkbox" disabled />}
            {parameter.type === 'list' && <textarea id={id} className={styles.input} placeholder="values, separated by commas" disabled />}
            {(parameter.type === 'string' || parameter.type === undefined) && <input id={id} className={styles.input} type="text" disabled />}
            {parameter.description ? <span className="field-hint">{parameter.description}</span> : null}
          </div>
        );
      })}
    </section>
  );
}
