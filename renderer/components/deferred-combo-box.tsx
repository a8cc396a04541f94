import { useId, useState, useSyncExternalStore } from 'react';
import { useAfterPaint } from '../lib/use-painted';
import type { ComboBoxProps } from './combo-box';
import styles from './combo-box.module.css';

type ComboBoxModule = typeof import('./combo-box');

// React Aria's combobox is the largest code a form may wait for and costs the most to render: a form that opens
// with several shows them as plain text boxes in its first frame and loads the combobox once that frame is painted.
let loaded: ComboBoxModule | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function load(): void {
  loading ??= import('./combo-box').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * ComboBox (same props) whose first render, until React Aria's code is in, is a text box with the same label, value,
 * layout and role: what is typed there is the value, and the choices open once the code is in (a moment later).
 */
export function DeferredComboBox(props: ComboBoxProps) {
  const module = useSyncExternalStore(subscribe, () => loaded);
  // the text box had the focus: the combobox replacing it takes it
  const [focused, setFocused] = useState(false);
  // no state of ours changes, so nothing renders again until the code is in
  useAfterPaint(module ? null : 'combo-box', load);
  if (module) return <module.ComboBox {...props} autoFocus={props.autoFocus || focused} />;
  return <PlainComboBox {...props} onFocusChange={setFocused} />;
}

function PlainComboBox({ label, inputValue, onInputChange, error, hint, placeholder, isDisabled, className, autoFocus, onFocusChange }: ComboBoxProps & { onFocusChange: (focused: boolean) => void }) {
  const id = useId();
  const [ownText, setOwnText] = useState('');
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={id}
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          aria-invalid={error !== undefined ? true : undefined}
          aria-describedby={error !== undefined ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className={styles.input}
          value={inputValue ?? ownText}
          onChange={(event) => {
            setOwnText(event.target.value);
            onInputChange?.(event.target.value);
          }}
          onFocus={() => onFocusChange(true)}
          onBlur={() => onFocusChange(false)}
          placeholder={placeholder}
          disabled={isDisabled}
          autoFocus={autoFocus}
          autoComplete="off"
        />
        <button type="button" className={styles.trigger} aria-label={`Show ${label.toLowerCase()} choices`} tabIndex={-1} disabled>
          ▾
        </button>
      </div>
      {hint && error === undefined && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {error !== undefined && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}
