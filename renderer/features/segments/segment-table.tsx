import { defaultRangeExtractor, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminSegment } from '../../../shared/schemas';
import { ProjectName } from '../instance';
import { ConstraintLine } from './constraint-line';
import styles from './segments.module.css';
import { plural } from '../../lib/plural';

/**
 * From this many rows only those near the view are rendered. The server allows 300 segments; rendered whole, their
 * rows took ~350 ms to style, lay out and paint after the answer (a trace of the list opening).
 */
export const VIRTUAL_FROM = 100;
/** A row with a description and two constraint lines, as drawn at 1280 px; rows are measured once rendered. */
const ESTIMATED_ROW = 94;

interface RowProps {
  segment: AdminSegment;
  index: number;
  measure?: ((row: HTMLTableRowElement | null) => void) | undefined;
  /** Which of its constraints show all their values: kept by the table, so a row scrolled away and back keeps them. */
  expanded: ReadonlySet<string>;
  onExpand: (key: string) => void;
}

function SegmentRow({ segment, index, measure, expanded, onExpand }: RowProps) {
  const flags = segment.usedInFeatures ?? 0;
  const projects = segment.usedInProjects ?? 0;
  return (
    // the header row is row 1
    <tr ref={measure} data-index={index} aria-rowindex={index + 2}>
      <td className={styles.nameCell}>
        <Link to={`/segments/${segment.id}`} className={styles.name} title={segment.name} data-row-link>
          {segment.name}
        </Link>
        {segment.description ? <div className={styles.description}>{segment.description}</div> : null}
      </td>
      <td>{segment.project ? <span className={styles.nowrap}><ProjectName id={segment.project} /></span> : <span className="muted">Global</span>}</td>
      <td className={styles.constraintsCell}>
        {segment.constraints.length === 0 ? (
          <span className="muted">None: matches everyone</span>
        ) : (
          <ul className={styles.constraints}>
            {segment.constraints.map((constraint, key) => (
              <li key={key}>
                <ConstraintLine constraint={constraint} open={expanded.has(`${segment.id}:${key}`)} onToggle={() => onExpand(`${segment.id}:${key}`)} />
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className={styles.usage}>
        {segment.usedInFeatures == null ? (
          <span className="muted">–</span>
        ) : flags === 0 ? (
          <span className="muted">Unused</span>
        ) : (
          <>
            {plural(flags, 'flag')}
            <div className={styles.description}>{plural(projects, 'project')}</div>
          </>
        )}
      </td>
    </tr>
  );
}

/**
 * Rows out of view, as one empty row: sized by an SVG height attribute, since the CSP refuses inline styles. None
 * when there is nothing to stand for, so the last real row keeps the table's closing border.
 */
function SpacerRow({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true" className={styles.spacer}>
      <td colSpan={4}>
        <svg width="1" height={Math.max(0, height)} focusable="false" />
      </td>
    </tr>
  );
}

/**
 * What scrolls the rows: the shell's content area (`main`). The table's own frame scrolls too, but only sideways: it
 * grows with its rows, so every row would count as in view.
 */
function scrollParent(element: HTMLElement): HTMLElement | null {
  return element.closest('main');
}

/** Where the table's body starts in its scroller's content (the header, toolbar and notices above it vary). */
function offsetIn(scroller: HTMLElement, body: HTMLElement): number {
  return body.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
}

const KEYS = ['ArrowDown', 'ArrowUp', 'Home', 'End'];

/**
 * Up/Down move between the rows' links, Home/End to the first/last: the table reads like a list. A row out of view
 * (a long list renders only those near it) is scrolled to first and its link focused once rendered. The focused row
 * is remembered so the list keeps it rendered while it is scrolled away (focus would otherwise fall to the page).
 */
function useRowKeys(count: number, virtualizer: () => Virtualizer<HTMLElement, HTMLTableRowElement> | undefined) {
  const body = useRef<HTMLTableSectionElement>(null);
  const pending = useRef<number | null>(null);
  const focused = useRef<number | null>(null);
  const linkAt = (index: number) => body.current?.querySelector<HTMLAnchorElement>(`tr[data-index="${index}"] a[data-row-link]`) ?? null;
  // a new list (a search, a refresh) leaves nothing to focus from the old one
  useLayoutEffect(() => {
    pending.current = null;
    focused.current = null;
  }, [count]);
  useLayoutEffect(() => {
    if (pending.current === null) return;
    const link = linkAt(pending.current);
    if (!link) return;
    pending.current = null;
    link.focus();
  });
  const rowOf = (element: EventTarget | null) => (element instanceof Element && body.current?.contains(element) ? element.closest('tr') : null);
  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const row = rowOf(event.target);
    focused.current = row?.dataset.index ? Number(row.dataset.index) : null;
  };
  const onBlur = (event: FocusEvent<HTMLTableElement>) => {
    if (!rowOf(event.relatedTarget)) focused.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (!KEYS.includes(event.key)) return;
    const active = document.activeElement;
    const row = active instanceof HTMLAnchorElement && active.matches('a[data-row-link]') ? rowOf(active) : null;
    if (!row) return;
    event.preventDefault();
    const index = Number(row.dataset.index);
    const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: count - 1 }[event.key] ?? index;
    const target = Math.max(0, Math.min(count - 1, next));
    const link = linkAt(target);
    if (link) {
      link.focus();
      return;
    }
    pending.current = target;
    virtualizer()?.scrollToIndex(target, { align: 'auto' });
  };
  return { body, focused, handlers: { onFocus, onBlur, onKeyDown } };
}

/** The segments shown, one row each; from VIRTUAL_FROM rows only those near the view are in the page. */
export function SegmentTable({ segments }: { segments: readonly AdminSegment[] }) {
  const virtual = segments.length >= VIRTUAL_FROM;
  const [margin, setMargin] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const onExpand = useCallback((key: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  const { body, focused, handlers } = useRowKeys(segments.length, () => (virtual ? virtualizer : undefined));
  // after every render: what sits above the table (a notice, a banner) moves where its rows start
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the set is guarded by a change, so it settles at once
  useLayoutEffect(() => {
    const parent = virtual && body.current ? scrollParent(body.current) : null;
    if (!parent || !body.current) return;
    const offset = offsetIn(parent, body.current);
    if (Math.abs(offset - margin) > 1) setMargin(offset);
  });
  // sizes are kept per segment, not per position: after a search or a sort a row is not given another's height
  const getItemKey = useCallback((index: number) => segments[index]?.id ?? index, [segments]);
  // the rows near the view, and the focused one wherever it is
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const keep = focused.current;
      if (keep === null || keep >= range.count || indexes.includes(keep)) return indexes;
      return [...indexes, keep].sort((a, b) => a - b);
    },
    [focused],
  );
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<HTMLElement, HTMLTableRowElement>({
    count: virtual ? segments.length : 0,
    // read once the rows are in the page (the virtualizer asks in its layout effect)
    getScrollElement: () => (body.current ? scrollParent(body.current) : null),
    // the first rows are rendered for a window's height before the scroller is measured (no empty first frame)
    initialRect: { width: 0, height: window.innerHeight },
    estimateSize: () => ESTIMATED_ROW,
    getItemKey,
    rangeExtractor,
    overscan: 6,
    scrollMargin: margin,
  });
  const rowOf = (segment: AdminSegment, index: number, measure?: (row: HTMLTableRowElement | null) => void) => (
    <SegmentRow key={segment.id} segment={segment} index={index} measure={measure} expanded={expanded} onExpand={onExpand} />
  );
  let rows: ReactNode[];
  if (virtual) {
    // rows in the page, with a spacer for each run of rows that is not (a focused row far away leaves a gap)
    rows = [];
    let end = margin;
    for (const item of virtualizer.getVirtualItems()) {
      rows.push(<SpacerRow key={`gap-${item.index}`} height={item.start - end} />);
      rows.push(rowOf(segments[item.index] as AdminSegment, item.index, virtualizer.measureElement));
      end = item.end;
    }
    rows.push(<SpacerRow key="gap-end" height={virtualizer.getTotalSize() - (end - margin)} />);
  } else {
    rows = segments.map((segment, index) => rowOf(segment, index));
  }
  return (
    <div className="table-wrap">
      <table className={styles.table} aria-label="Segments" aria-rowcount={segments.length + 1} {...handlers}>
        <colgroup>
          <col className={styles.nameColumn} />
          <col className={styles.scopeColumn} />
          <col />
          <col className={styles.usageColumn} />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Name</th>
            <th scope="col">Scope</th>
            <th scope="col">Constraints</th>
            <th scope="col">Used in</th>
          </tr>
        </thead>
        <tbody ref={body}>{rows}</tbody>
      </table>
    </div>
  );
}
