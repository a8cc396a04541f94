import { useId } from 'react';
import type { ProfileView } from '../../../shared/schemas';
import { PROTECTION_INFO } from '../../../shared/domain/protection';
import styles from './compare.module.css';

interface Props {
  profiles: readonly ProfileView[];
  left: string | null;
  right: string | null;
  onChange: (sides: { left: string | null; right: string | null }) => void;
  /** Why a side could not be read, said under its picker. */
  problems: { left?: string; right?: string };
}

function describe(profile: ProfileView | undefined): string {
  if (!profile) return '';
  const kind = profile.kind === 'demo' ? 'Embedded demo' : 'Remote server';
  return `${kind} · ${PROTECTION_INFO[profile.protection].label}`;
}

/** Left (the source) and right (the target) from the connection profiles, and a swap. */
export function SidePicker({ profiles, left, right, onChange, problems }: Props) {
  const ids = { left: useId(), right: useId(), leftHint: useId(), rightHint: useId() };
  const find = (id: string | null) => profiles.find((profile) => profile.id === id);
  const picker = (side: 'left' | 'right') => {
    const value = side === 'left' ? left : right;
    const problem = problems[side];
    return (
      <div className={styles.side} data-side={side}>
        <label htmlFor={ids[side]} className={styles.sideLabel}>
          {side === 'left' ? 'Left (from)' : 'Right (to)'}
        </label>
        <select
          id={ids[side]}
          value={value ?? ''}
          aria-describedby={side === 'left' ? ids.leftHint : ids.rightHint}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => onChange(side === 'left' ? { left: event.target.value, right } : { left, right: event.target.value })}
        >
          {profiles.map((profile) => (
            <option key={profile.id} value={profile.id}>
              {profile.name}
            </option>
          ))}
        </select>
        <p id={side === 'left' ? ids.leftHint : ids.rightHint} className={problem ? styles.sideProblem : styles.sideHint}>
          {problem ?? describe(find(value))}
        </p>
      </div>
    );
  };
  return (
    <div className={styles.sides} role="group" aria-label="Sides">
      {picker('left')}
      <button type="button" className={`button ${styles.swap}`} onClick={() => onChange({ left: right, right: left })} aria-label="Swap left and right" title="Swap left and right">
        <span aria-hidden="true">⇄</span>
      </button>
      {picker('right')}
    </div>
  );
}
