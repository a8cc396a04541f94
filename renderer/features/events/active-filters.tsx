import type { EventFilters } from './event-filters';
import styles from './events.module.css';

type Single = Exclude<keyof EventFilters, 'types'>;

const LABELS: Record<Single, string> = {
  text: 'Text',
  project: 'Project',
  feature: 'Flag',
  environment: 'Environment',
  createdBy: 'Created by',
  from: 'From',
  to: 'To',
};
const ORDER: Single[] = ['text', 'project', 'feature', 'environment', 'createdBy', 'from', 'to'];

/**
 * Every filter in force as a removable chip, so the ones folded away under "More filters" still show and each can
 * be dropped with one click (or Enter); "Clear filters" drops them all.
 */
export function ActiveFilters({
  filters,
  onChange,
  projectName,
  creatorName,
}: {
  filters: EventFilters;
  onChange(next: EventFilters): void;
  projectName(id: string): string;
  /** A user id's name, where the instance lists it (else the id is shown). */
  creatorName(id: string): string;
}) {
  const singles = ORDER.filter((key) => filters[key]);
  if (filters.types.length === 0 && singles.length === 0) return null;
  const shown = (key: Single, value: string) =>
    key === 'project' ? projectName(value) : key === 'createdBy' ? creatorName(value) : key === 'text' ? `“${value}”` : value;
  return (
    <div className={styles.activeFilters}>
      <ul className={styles.chips} aria-label="Active filters">
        {filters.types.map((type) => (
          <li key={`type-${type}`}>
            <button type="button" className={styles.chip} onClick={() => onChange({ ...filters, types: filters.types.filter((t) => t !== type) })} aria-label={`Remove type ${type}`}>
              <span className={styles.chipKey}>Type</span> {type} <span aria-hidden="true">✕</span>
            </button>
          </li>
        ))}
        {singles.map((key) => (
          <li key={key}>
            <button type="button" className={styles.chip} onClick={() => onChange({ ...filters, [key]: undefined })} aria-label={`Remove filter ${LABELS[key]} ${filters[key]}`}>
              <span className={styles.chipKey}>{LABELS[key]}</span> {shown(key, filters[key] as string)} <span aria-hidden="true">✕</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button button-quiet" onClick={() => onChange({ types: [] })}>
        Clear filters
      </button>
    </div>
  );
}
