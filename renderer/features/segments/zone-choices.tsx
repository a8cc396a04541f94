import styles from './segment-editor.module.css';

/** The offset of `zone` at the wall-clock time `local` (read as if it were in that zone), e.g. "+01:00". */
export function offsetAt(local: string, zone: string): string {
  const asUtc = new Date(`${local}Z`);
  if (Number.isNaN(asUtc.getTime())) return 'Z';
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(asUtc);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return match ? `${match[1]}:${match[2] ?? '00'}` : 'Z';
}

/** A date-time without seconds gets them, so the value reads as the ISO 8601 the SDKs parse alike. */
const withSeconds = (value: string) => (/[Tt ]\d{2}:\d{2}$/.test(value) ? `${value}:00` : /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value);

/** For a date typed without a time zone: the two readings it could mean, one click each. */
export function ZoneChoices({ value, zone, onChange }: { value: string; zone: string; onChange: (value: string) => void }) {
  const local = withSeconds(value).replace(' ', 'T');
  const utc = `${local}Z`;
  const offset = offsetAt(local, zone);
  const mine = `${local}${offset}`;
  return (
    <div className={styles.row} role="group" aria-label="Choose a time zone">
      <button type="button" className="button button-quiet" onClick={() => onChange(utc)}>
        Read as UTC: {utc}
      </button>
      {/* A zone at UTC's offset would offer the same instant twice. */}
      {offset !== '+00:00' && offset !== 'Z' && (
        <button type="button" className="button button-quiet" onClick={() => onChange(mine)}>
          Read as {zone}: {mine}
        </button>
      )}
    </div>
  );
}
