import { useId, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import styles from './values-input.module.css';

/** Splits pasted or typed text on newlines, commas and tabs; trims; drops blanks. */
export function splitValues(text: string): string[] {
  return text
    .split(/[\n\r,\t]+/)
    .map((v) => v.trim())
    .filter(Boolean);
}

interface Props {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  /** Why a value cannot be added (null when it can): a constraint's operator, a legal value's length. */
  check?: (value: string) => string | null;
  /** Values offered as one-click choices (a context field's legal values). */
  suggestions?: readonly { value: string; description?: string | null }[];
  /** Given, each value is a row with this beside it (a legal value's description) instead of a chip. */
  detail?: (value: string) => ReactNode;
  error?: string;
  placeholder?: string;
}

/**
 * A list of distinct values: type and press Enter, or paste many at once (newline, comma or tab separated); says how
 * many were added, already there or refused, and counts them in the label.
 */
export function ValuesInput({ label, values, onChange, check, suggestions = [], detail, error, placeholder }: Props) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const add = (incoming: string[]) => {
    const known = new Set(values);
    const fresh: string[] = [];
    let duplicates = 0;
    const invalid: string[] = [];
    for (const value of incoming) {
      if (known.has(value)) {
        duplicates += 1;
        continue;
      }
      const bad = check?.(value) ?? null;
      if (bad) {
        invalid.push(bad);
        continue;
      }
      known.add(value);
      fresh.push(value);
    }
    if (fresh.length) onChange([...values, ...fresh]);
    const parts = [`${fresh.length} added`];
    if (duplicates) parts.push(`${duplicates} already there`);
    if (invalid.length) parts.push(`${invalid.length} refused`);
    setNote(incoming.length > 1 || duplicates || invalid.length ? parts.join(', ') : null);
    setProblem(invalid[0] ?? null);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      if (draft.trim()) add(splitValues(draft));
    } else if (event.key === 'Backspace' && draft === '' && values.length > 0 && !detail) {
      onChange(values.slice(0, -1));
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (/[\n\r,\t]/.test(text)) {
      event.preventDefault();
      add(splitValues(text));
    }
  };
  const remove = (value: string) => onChange(values.filter((v) => v !== value));
  const unused = suggestions.filter((s) => !values.includes(s.value));
  const shownError = problem ?? error;

  return (
    <div className={styles.values}>
      <label htmlFor={id} className={styles.label}>
        {label} <span className={styles.count}>({values.length})</span>
      </label>
      {values.length > 0 && !detail && (
        <ul className={styles.chips} aria-label={`${label}: ${values.length}`}>
          {values.map((value) => (
            <li key={value} className={styles.chip}>
              <span>{value}</span>
              <button type="button" aria-label={`Remove ${value}`} onClick={() => remove(value)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {values.length > 0 && detail && (
        <ul className={styles.details} aria-label={`${label}: ${values.length}`}>
          {values.map((value) => (
            <li key={value} className={styles.detailRow}>
              <span className={styles.detailValue} title={value}>
                {value}
              </span>
              {detail(value)}
              <button type="button" aria-label={`Remove ${value}`} onClick={() => remove(value)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.row}>
        <input
          id={id}
          className="input"
          value={draft}
          placeholder={placeholder ?? 'Type a value and press Enter, or paste a list'}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => draft.trim() && add(splitValues(draft))}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${id}-error` : undefined}
        />
        {values.length > 0 && (
          <button type="button" className="button button-quiet" onClick={() => onChange([])}>
            Clear all
          </button>
        )}
      </div>
      {note && (
        <p className={styles.hint} role="status">
          {note}
        </p>
      )}
      {shownError && (
        <p id={`${id}-error`} className={styles.error}>
          {shownError}
        </p>
      )}
      {unused.length > 0 && (
        <div className={styles.suggestions}>
          <span className={styles.hint}>Legal values:</span>
          {unused.slice(0, 30).map((legal) => (
            <button key={legal.value} type="button" className={styles.suggestion} title={legal.description ?? undefined} onClick={() => add([legal.value])}>
              + {legal.value}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
