import { useState } from 'react';
import styles from './events.module.css';

interface Preset {
  name: string;
  search: string;
}

const storageKey = (profileId: string) => `flagdesk.eventPresets.${profileId}`;

function load(profileId: string): Preset[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(profileId)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((p): p is Preset => typeof p?.name === 'string' && typeof p?.search === 'string') : [];
  } catch {
    return [];
  }
}

/** Saved filter sets, per profile (kept on this computer: they hold filters, never data). */
export function Presets({ profileId, search, onApply }: { profileId: string; search: URLSearchParams; onApply(search: URLSearchParams): void }) {
  const [presets, setPresets] = useState(() => load(profileId));
  const [name, setName] = useState('');
  const save = (next: Preset[]) => {
    setPresets(next);
    localStorage.setItem(storageKey(profileId), JSON.stringify(next));
  };
  return (
    <div className={styles.presets}>
      {presets.length > 0 && (
        <div className="field">
          <label htmlFor="event-preset">Saved filters</label>
          <select
            id="event-preset"
            value=""
            onChange={(e) => {
              const preset = presets.find((p) => p.name === e.target.value);
              if (preset) onApply(new URLSearchParams(preset.search));
            }}
          >
            <option value="">Choose…</option>
            {presets.map((preset) => (
              <option key={preset.name} value={preset.name}>
                {preset.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <form
        className={styles.presetForm}
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return;
          save([...presets.filter((p) => p.name !== name.trim()), { name: name.trim(), search: search.toString() }]);
          setName('');
        }}
      >
        <div className="field">
          <label htmlFor="event-preset-name">Save these filters as</label>
          <input id="event-preset-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. CORS changes" />
        </div>
        <button type="submit" className="button" disabled={!name.trim()}>
          Save
        </button>
      </form>
    </div>
  );
}
