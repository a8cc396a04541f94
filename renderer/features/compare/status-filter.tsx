import { useId } from 'react';
import type { CompareResult } from '../../../shared/schemas';
import { SHOW_OPTIONS, type Show } from './compare-url';
import { plural } from './words';
import styles from './compare.module.css';

const SHOW_LABEL: Record<Show, string> = {
  changed: 'Not the same',
  differs: 'Differs',
  'only-left': 'Only left',
  'only-right': 'Only right',
  same: 'Same',
  all: 'All',
};

function countFor(result: CompareResult, show: Show): number {
  const { same, differs, onlyLeft, onlyRight } = result.totals;
  switch (show) {
    case 'changed':
      return differs + onlyLeft + onlyRight;
    case 'differs':
      return differs;
    case 'only-left':
      return onlyLeft;
    case 'only-right':
      return onlyRight;
    case 'same':
      return same;
    case 'all':
      return same + differs + onlyLeft + onlyRight;
  }
}

/** Which statuses the lists show, each with its count over every kind (the choice lives in the URL). */
interface Props {
  result: CompareResult;
  show: Show;
  onChange: (show: Show) => void;
  query: string;
  onQuery: (text: string) => void;
}

export function StatusFilter({ result, show, onChange, query, onQuery }: Props) {
  const label = useId();
  const search = useId();
  return (
    <div className={styles.filterRow}>
      <div className={styles.filter} role="radiogroup" aria-labelledby={label}>
        <span id={label} className={styles.filterLabel}>
          Show
        </span>
        {SHOW_OPTIONS.map((option) => (
          <label key={option} className={`${styles.filterOption} ${show === option ? styles.filterOn : ''}`}>
            <input type="radio" name="compare-show" value={option} checked={show === option} onChange={() => onChange(option)} />
            {SHOW_LABEL[option]} <span className={styles.filterCount}>{countFor(result, option)}</span>
          </label>
        ))}
      </div>
      <div className={styles.search} role="search">
        <label htmlFor={search} className="sr-only">
          Find by name
        </label>
        <input id={search} type="search" value={query} placeholder="Find by name" onChange={(event) => onQuery(event.target.value)} />
      </div>
    </div>
  );
}

export function totalsLine(result: CompareResult): string {
  const { same, differs, onlyLeft, onlyRight } = result.totals;
  if (differs + onlyLeft + onlyRight === 0) return `${result.left.label} and ${result.right.label} are the same: ${plural(same, 'item')} compared.`;
  return `${plural(differs, 'item')} ${differs === 1 ? 'differs' : 'differ'}, ${onlyLeft} only on ${result.left.label}, ${onlyRight} only on ${result.right.label}, ${same} the same.`;
}
