import { ORIGIN_PROBLEM_TEXT, type OriginRow } from '../../../shared/domain/origin';
import styles from './cors.module.css';

export interface EditableRow {
  key: number;
  value: string;
}

interface Props {
  rows: readonly EditableRow[];
  review: readonly OriginRow[];
  onChange: (key: number, value: string) => void;
  onRemove: (key: number) => void;
}

/** One row per origin, each checked with the server's rules as typed: reasons, a fix-it, duplicates flagged. */
export function OriginRows({ rows, review, onChange, onRemove }: Props) {
  return (
    <ol className={styles.rows} aria-label="Allowed origins">
      {rows.map((row, index) => {
        const checked = review[index];
        const check = checked?.check;
        const invalid = check !== undefined && !check.valid;
        const duplicateOf = checked?.duplicateOf;
        const className = `${styles.row} ${invalid ? styles.rowInvalid : duplicateOf !== undefined ? styles.rowDuplicate : ''}`;
        const label = `Origin ${index + 1}`;
        return (
          <li key={row.key} className={className} aria-label={label}>
            <span className={styles.index} aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <input
                className={styles.input}
                aria-label={label}
                aria-invalid={invalid || duplicateOf !== undefined}
                value={row.value}
                spellCheck={false}
                autoComplete="off"
                placeholder="https://app.example.com"
                onChange={(event) => onChange(row.key, event.target.value)}
              />
              {(invalid || duplicateOf !== undefined) && (
                <ul className={styles.problems}>
                  {invalid && check.problems.map((problem) => <li key={problem}>{ORIGIN_PROBLEM_TEXT[problem]}</li>)}
                  {duplicateOf !== undefined && <li>Same as origin {duplicateOf + 1}: the server would store it twice.</li>}
                </ul>
              )}
            </div>
            <div className={styles.rowActions}>
              {invalid && check.fix !== undefined && (
                <button
                  type="button"
                  className="button"
                  onClick={() => onChange(row.key, check.fix ?? row.value)}
                  aria-label={`Change to ${check.fix} (origin ${index + 1})`}
                >
                  {/* the reasons above say what is wrong; the button says what the row becomes */}
                  Change to <code>{check.fix}</code>
                </button>
              )}
              <button type="button" className="button button-danger-quiet" onClick={() => onRemove(row.key)} aria-label={`Remove origin ${index + 1}`}>
                Remove
              </button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
