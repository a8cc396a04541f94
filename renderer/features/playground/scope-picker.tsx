import styles from './playground.module.css';

interface Option {
  id: string;
  label: string;
  /** Shown on hover (e.g. a project's id beside its name). */
  title?: string;
}

interface Props {
  legend: string;
  options: readonly Option[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}

/**
 * Several of a list at once (projects, environments), as checkboxes: every choice visible and reachable by Tab and
 * Space. The last one chosen cannot be unchecked, so there is always something to evaluate.
 */
export function ScopePicker({ legend, options, chosen, onChange }: Props) {
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...chosen, id] : chosen.filter((c) => c !== id);
    // Kept in the options' order, so the URL and the result groups read the same whatever the clicking order.
    if (next.length > 0) onChange(options.map((o) => o.id).filter((o) => next.includes(o)));
  };
  return (
    <fieldset className={styles.scope}>
      <legend>{legend}</legend>
      {options.map((option) => {
        const checked = chosen.includes(option.id);
        return (
          <label key={option.id} title={option.title}>
            <input
              type="checkbox"
              checked={checked}
              aria-disabled={checked && chosen.length === 1 ? true : undefined}
              onChange={(e) => toggle(option.id, e.target.checked)}
            />{' '}
            {option.label}
          </label>
        );
      })}
    </fieldset>
  );
}
