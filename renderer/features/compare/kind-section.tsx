import { useEffect, useId, useRef } from 'react';
import type { CompareItem, CompareKindResult, SideInfo } from '../../../shared/schemas';
import { itemKey, shows, type Show } from './compare-url';
import { SemanticDiffView, diffSummary } from './semantic-diff-view';
import { LiveBehaviourWarning, SegmentUsage } from './segment-usage';
import { KIND_LABEL, KIND_MANY, KIND_ONE, STATUS_LABEL, plural } from './words';
import styles from './compare.module.css';

interface Props {
  entry: CompareKindResult;
  left: SideInfo;
  right: SideInfo;
  show: Show;
  /** Names containing this text (any case); empty shows every name. */
  query: string;
  selected: ReadonlySet<string>;
  onSelect: (keys: string[], on: boolean) => void;
  openKey: string | null;
  onOpen: (key: string | null) => void;
  /** Promotion is possible at all (the right is a profile, not read-only): otherwise no checkboxes. */
  selectable: boolean;
}

function countsLine(entry: CompareKindResult): string {
  const { same, differs, onlyLeft, onlyRight } = entry.counts;
  return `${differs} ${differs === 1 ? 'differs' : 'differ'} · ${onlyLeft} only left · ${onlyRight} only right · ${same} the same`;
}

/** One kind of the comparison: its counts, its items (as the filter shows them), each with its diff on demand. */
export function KindSection({ entry, left, right, show, query, selected, onSelect, openKey, onOpen, selectable }: Props) {
  const headingId = useId();
  const label = KIND_LABEL[entry.kind];
  const needle = query.trim().toLowerCase();
  const visible = entry.items.filter((item) => shows(show, item.status) && (needle === '' || item.name.toLowerCase().includes(needle)));
  // A whole kind is every item of it: the plan leaves what is already the same (or only on the right) and says so.
  const candidates = entry.items.map((item) => itemKey(item.kind, item.name));
  const chosen = candidates.filter((key) => selected.has(key)).length;
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = chosen > 0 && chosen < candidates.length;
  }, [chosen, candidates.length]);

  return (
    <section className={styles.kind} aria-labelledby={headingId}>
      <div className={styles.kindHeader}>
        <h2 id={headingId} className={styles.kindTitle}>
          {label}
        </h2>
        <p className={styles.kindCounts}>{entry.unavailable ? 'Not compared' : countsLine(entry)}</p>
        {selectable && candidates.length > 0 && (
          <label className={styles.selectAll}>
            <input
              ref={all}
              type="checkbox"
              checked={chosen === candidates.length}
              onChange={(event) => onSelect(candidates, event.target.checked)}
            />
            Select all {candidates.length}
            <span className="sr-only"> {KIND_MANY[entry.kind]}</span>
          </label>
        )}
      </div>
      {entry.unavailable && <p className={styles.unavailable}>{entry.unavailable}</p>}
      {entry.kind === 'corsOrigins' && entry.origins && <OriginsSummary origins={entry.origins} left={left} right={right} />}
      {!entry.unavailable && visible.length === 0 && (
        <p className="muted">{entry.items.length === 0 ? `Neither side has any ${KIND_ONE[entry.kind]}s.` : `No ${KIND_ONE[entry.kind]} shown by this filter.`}</p>
      )}
      {visible.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.items} aria-label={label}>
            <thead>
              <tr>
                <th scope="col" className={styles.checkCell}>
                  <span className="sr-only">Selected</span>
                </th>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">What differs</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((item) => {
                const key = itemKey(item.kind, item.name);
                return (
                  <ItemRows
                    key={key}
                    item={item}
                    left={left}
                    right={right}
                    open={openKey === key}
                    onOpen={(open) => onOpen(open ? key : null)}
                    checked={selected.has(key)}
                    onCheck={(on) => onSelect([key], on)}
                    selectable={selectable}
                  />
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function whatDiffers(item: CompareItem, left: SideInfo, right: SideInfo): string {
  switch (item.status) {
    case 'same':
      return '';
    case 'only-left':
      return `Not on ${right.label}: promoting creates it`;
    case 'only-right':
      return `Not on ${left.label}: promotion leaves it`;
    case 'differs':
      return diffSummary(item.diff);
  }
}

interface RowProps {
  item: CompareItem;
  left: SideInfo;
  right: SideInfo;
  open: boolean;
  onOpen: (open: boolean) => void;
  checked: boolean;
  onCheck: (on: boolean) => void;
  selectable: boolean;
}

function ItemRows({ item, left, right, open, onOpen, checked, onCheck, selectable }: RowProps) {
  const detailId = useId();
  const usageRight = item.usage?.right ?? [];
  return (
    <>
      <tr className={open ? styles.openRow : undefined} data-status={item.status}>
        <td className={styles.checkCell}>
          {selectable ? <input type="checkbox" checked={checked} onChange={(event) => onCheck(event.target.checked)} aria-label={`Select ${item.name}`} /> : null}
        </td>
        <th scope="row" className={styles.itemName}>
          <button type="button" className={styles.disclosure} aria-expanded={open} aria-controls={open ? detailId : undefined} onClick={() => onOpen(!open)}>
            <span aria-hidden="true" className={styles.caret}>
              {open ? '▾' : '▸'}
            </span>
            <span className={styles.nameText}>{item.name}</span>
          </button>
        </th>
        <td>
          <span className={`${styles.status} ${styles[`status-${item.status}`] ?? ''}`}>{STATUS_LABEL[item.status]}</span>
          {usageRight.length > 0 && (
            <span className={styles.liveBadge} title={`Used by ${plural(usageRight.length, 'strategy', 'strategies')} on ${right.label}`}>
              live on right
            </span>
          )}
        </td>
        <td className={styles.whatCell}>{whatDiffers(item, left, right)}</td>
      </tr>
      {open && (
        <tr className={styles.detailRow}>
          <td colSpan={4} id={detailId}>
            <ItemDetail item={item} left={left} right={right} />
          </td>
        </tr>
      )}
    </>
  );
}

function ItemDetail({ item, left, right }: { item: CompareItem; left: SideInfo; right: SideInfo }) {
  return (
    <div className={styles.detail} role="region" aria-label={`${KIND_ONE[item.kind]} ${item.name}`}>
      {item.status === 'differs' && item.diff && (
        <SemanticDiffView diff={item.diff} caption={`Differences in ${item.name}`} before={`On ${right.label} (right)`} after={`On ${left.label} (left)`} />
      )}
      {item.status === 'same' && <p className="muted">The same on both sides.</p>}
      {(item.status === 'only-left' || item.status === 'only-right') && (
        <Properties value={item.status === 'only-left' ? item.left : item.right} caption={`${item.name} on ${item.status === 'only-left' ? left.label : right.label}`} />
      )}
      {item.usage && (
        <div className={styles.usageSides}>
          <SegmentUsage uses={item.usage.left} side={`${left.label} (left)`} label={`Strategies using ${item.name} on the left`} />
          <SegmentUsage uses={item.usage.right} side={`${right.label} (right)`} label={`Strategies using ${item.name} on the right`} />
        </div>
      )}
      {item.usage && <LiveBehaviourWarning uses={item.usage.right} side={right.label} />}
    </div>
  );
}

function Properties({ value, caption }: { value: Record<string, unknown> | null; caption: string }) {
  if (!value) return null;
  const entries = Object.entries(value);
  if (entries.length === 0) return null;
  return (
    <dl className={styles.properties} aria-label={caption}>
      {entries.map(([key, field]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{typeof field === 'string' ? field || '(empty)' : JSON.stringify(field)}</dd>
        </div>
      ))}
    </dl>
  );
}

const MEANING: Record<'everyone' | 'listed', string> = {
  everyone: 'every origin may call the front-end API',
  listed: 'only the listed origins',
};

function OriginsSummary({ origins, left, right }: { origins: NonNullable<CompareKindResult['origins']>; left: SideInfo; right: SideInfo }) {
  const list = (values: string[]) => (values.length === 0 ? '(empty list)' : values.join(', '));
  return (
    <div className={styles.origins}>
      <dl className={styles.properties}>
        <div>
          <dt>{left.label} (left)</dt>
          <dd>
            {list(origins.left)} <span className="muted">— {MEANING[origins.leftMeaning]}</span>
          </dd>
        </div>
        <div>
          <dt>{right.label} (right)</dt>
          <dd>
            {list(origins.right)} <span className="muted">— {MEANING[origins.rightMeaning]}</span>
          </dd>
        </div>
      </dl>
      {origins.behaviour && (
        <p className={styles.behaviour} role="note">
          {origins.behaviour}
        </p>
      )}
    </div>
  );
}
