import { useId } from 'react';
import type { ValueKind } from '../../../shared/domain/operators';
import { lacksTimeZone, valueMessage } from './value-messages';
import { ZoneChoices } from './zone-choices';
import styles from './segment-editor.module.css';

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
