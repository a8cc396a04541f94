import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { ValueKind } from '../../../shared/domain/operators';
import { lacksTimeZone, valueMessage } from './segment-form-schema';
import { ZoneChoices } from './zone-choices';
import styles from './segment-editor.module.css';

/** Splits pasted or typed text on newlines, commas and tabs; trims; drops blanks. */
export function splitValues(text: string): string[] {
  return text
    .split(/[\n\r,\t]+/)
    .map((v) => v.trim())
    .filter(Boolean);
}

interface Props {
  label: string;
  kind: ValueKind;
  values: string[];
  onChange: (values: string[]) => void;
  /** Legal values of the context field, offered as choices. */
  legalValues?: readonly { value: string; description?: string | null }[];
  error?: string;
}

/** A list of values as chips: type and press Enter, or paste many at once (newline, comma or tab separated). */
export function ValuesInput({ label, kind, values, onChange, legalValues = [], error }: Props) {
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
      const bad = valueMessage(kind, value);
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
    } else if (event.key === 'Backspace' && draft === '' && values.length > 0) {
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
  const unusedLegal = legalValues.filter((legal) => !values.includes(legal.value));
  const shownError = problem ?? error;

  return (
    <div className={styles.values}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label} <span className={styles.count}>({values.length})</span>
      </label>
      {values.length > 0 && (
        <ul className={styles.chips} aria-label={`${label}: ${values.length}`}>
          {values.map((value) => (
            <li key={value} className={styles.chip}>
              <span>{value}</span>
              <button type="button" aria-label={`Remove ${value}`} onClick={() => onChange(values.filter((v) => v !== value))}>
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
          placeholder="Type a value and press Enter, or paste a list"
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
      {unusedLegal.length > 0 && (
        <div className={styles.legal}>
          <span className={styles.hint}>Legal values:</span>
          {unusedLegal.slice(0, 30).map((legal) => (
            <button key={legal.value} type="button" className={styles.legalValue} title={legal.description ?? undefined} onClick={() => add([legal.value])}>
              + {legal.value}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

const PLACEHOLDER: Record<ValueKind, string> = {
  string: 'a value',
  number: 'e.g. 30',
  date: 'e.g. 2026-01-31T09:00:00Z',
  semver: 'e.g. 1.2.3',
  regex: 'e.g. ^user-[0-9]+$',
};

/** One value of a number, date, semver or regex operator, checked as typed. */
export function SingleValueInput({ label, kind, value, onChange, error }: { label: string; kind: ValueKind; value: string; onChange: (v: string) => void; error?: string }) {
  const id = useId();
  const live = value.trim() === '' ? null : valueMessage(kind, value.trim());
  const shown = live ?? error;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const parsed = kind === 'date' && !live && value.trim() !== '' ? new Date(value.trim()) : null;
  return (
    <div className={styles.values}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className="input"
          value={value}
          inputMode={kind === 'number' ? 'decimal' : undefined}
          placeholder={PLACEHOLDER[kind]}
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint`}
        />
        {kind === 'date' && (
          <button type="button" className="button button-quiet" onClick={() => onChange(new Date().toISOString())}>
            Now
          </button>
        )}
      </div>
      {kind === 'date' && lacksTimeZone(value) && <ZoneChoices value={value.trim()} zone={zone} onChange={onChange} />}
      <p id={`${id}-hint`} className={shown ? styles.error : styles.hint}>
        {shown ??
          (parsed
            ? `${parsed.toLocaleString('en-GB', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' })} in your time zone (${zone}); ${parsed.toISOString()} UTC`
            : kind === 'date'
              ? `ISO 8601 with a time zone (Z for UTC). Your time zone: ${zone}.`
              : kind === 'semver'
                ? 'Three numbers, e.g. 1.2.3 or 2.0.0-beta.1'
                : '')}
      </p>
    </div>
  );
}
