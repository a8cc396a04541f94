import { useId } from 'react';
import type { BundleSummary, ProfileView } from '../../../shared/schemas';
import { PROTECTION_INFO } from '../../../shared/domain/protection';
import { sideParam } from './compare-url';
import styles from './compare.module.css';

interface Props {
  profiles: readonly ProfileView[];
  bundles: readonly BundleSummary[];
  /** The URL's values: a profile id or `bundle:<id>`. */
  left: string;
  right: string;
  onChange: (sides: { left: string; right: string }) => void;
  /** Why a side could not be read, said under its picker. */
  problems: { left?: string; right?: string };
  onOpenBundle: () => void;
  opening: boolean;
  /** A promotion runs: the sides stay as they are. */
  busy?: boolean;
}

function bundleValue(bundle: BundleSummary): string {
  return sideParam({ type: 'bundle', bundleId: bundle.bundleId });
}

function describeProfile(profile: ProfileView): string {
  const kind = profile.kind === 'demo' ? 'Embedded demo' : 'Remote server';
  return `${kind} · ${PROTECTION_INFO[profile.protection].label}`;
}

function describeBundle(bundle: BundleSummary): string {
  const from = bundle.serverVersion ? `${bundle.sourceName} (Unleash ${bundle.serverVersion})` : bundle.sourceName;
  return `Bundle file ${bundle.fileName}, exported from ${from} on ${bundle.exportedAt.slice(0, 10)}`;
}

/** Left (the source) and right (the target): connection profiles or bundles opened this session, and a swap. */
export function SidePicker({ profiles, bundles, left, right, onChange, problems, onOpenBundle, opening, busy = false }: Props) {
  const ids = { left: useId(), right: useId(), leftHint: useId(), rightHint: useId() };
  const describe = (value: string): string => {
    const profile = profiles.find((candidate) => candidate.id === value);
    if (profile) return describeProfile(profile);
    const bundle = bundles.find((candidate) => bundleValue(candidate) === value);
    return bundle ? describeBundle(bundle) : 'A bundle opened earlier';
  };
  const picker = (side: 'left' | 'right') => {
    const value = side === 'left' ? left : right;
    const problem = problems[side];
    const hint = side === 'left' ? ids.leftHint : ids.rightHint;
    const unknownBundle = value.startsWith('bundle:') && !bundles.some((bundle) => bundleValue(bundle) === value);
    return (
      <div className={styles.side} data-side={side}>
        <label htmlFor={ids[side]} className={styles.sideLabel}>
          {side === 'left' ? 'Left (from)' : 'Right (to)'}
        </label>
        <select
          id={ids[side]}
          value={value}
          aria-describedby={hint}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => onChange(side === 'left' ? { left: event.target.value, right } : { left, right: event.target.value })}
        >
          <optgroup label="Connections">
            {profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.name}
              </option>
            ))}
          </optgroup>
          {(bundles.length > 0 || unknownBundle) && (
            <optgroup label="Bundles">
              {bundles.map((bundle) => (
                <option key={bundle.bundleId} value={bundleValue(bundle)}>
                  {bundle.fileName}
                </option>
              ))}
              {unknownBundle && <option value={value}>{value.slice('bundle:'.length)}</option>}
            </optgroup>
          )}
        </select>
        <p id={hint} className={problem ? styles.sideProblem : styles.sideHint}>
          {problem ?? describe(value)}
        </p>
      </div>
    );
  };
  return (
    <fieldset className={styles.sidesBox} disabled={busy} title={busy ? 'A promotion is running' : undefined}>
      <legend className="sr-only">Sides</legend>
      <div className={styles.sides}>
        {picker('left')}
        <button type="button" className={`button ${styles.swap}`} onClick={() => onChange({ left: right, right: left })} aria-label="Swap left and right" title="Swap left and right">
          <span aria-hidden="true">⇄</span>
        </button>
        {picker('right')}
      </div>
      <p className={styles.bundleLine}>
        A server you cannot reach from here?{' '}
        <button type="button" className="button" onClick={onOpenBundle} disabled={opening}>
          {opening ? 'Opening…' : 'Open a bundle file as the left side…'}
        </button>
      </p>
    </fieldset>
  );
}
