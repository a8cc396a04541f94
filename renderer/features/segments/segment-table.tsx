import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { AdminSegment } from '../../../shared/schemas';
import { ProjectName } from '../instance';
import { ConstraintLine } from './constraint-line';
import styles from './segments.module.css';
import { plural } from '../../lib/plural';
import { rowSlots, useFocusedRowKept } from '../../lib/virtual-rows';

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
            {segment.constraints.map((constraint, key) => {
              const line = `${segment.id}:${key}`;
              return (
                <li key={key}>
                  <ConstraintLine constraint={constraint} open={expanded.has(line)} onToggle={() => onExpand(line)} />
                </li>
              );
            })}
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

/** Rows out of view, as one empty row: sized by an SVG height attribute, since the CSP refuses inline styles. */
function SpacerRow({ height }: { height: number }) {
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
 * (a long list renders only those near it) is scrolled to first and its link focused once rendered.
 */
function useRowKeys(count: number, virtualizer: () => Virtualizer<HTMLElement, HTMLTableRowElement> | undefined) {
  const body = useRef<HTMLTableSectionElement>(null);
  const pending = useRef<number | null>(null);
  const rangeExtractor = useFocusedRowKept(body);
  const linkAt = (index: number) => body.current?.querySelector<HTMLAnchorElement>(`tr[data-index="${index}"] a[data-row-link]`) ?? null;
  // a new list (a search, a refresh) leaves nothing to focus from the old one
  useLayoutEffect(() => {
    pending.current = null;
  }, [count]);
  useLayoutEffect(() => {
    if (pending.current === null) return;
    const link = linkAt(pending.current);
    if (!link) return;
    pending.current = null;
    link.focus();
  });
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (!KEYS.includes(event.key)) return;
    const active = document.activeElement;
    const row = active instanceof HTMLAnchorElement && active.matches('a[data-row-link]') && body.current?.contains(active) ? active.closest('tr') : null;
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
  return { body, rangeExtractor, onKeyDown };
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
  const { body, rangeExtractor, onKeyDown } = useRowKeys(segments.length, () => (virtual ? virtualizer : undefined));
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
  const rows = virtual
    ? rowSlots(virtualizer.getVirtualItems(), virtualizer.getTotalSize(), margin).map((slot) =>
        slot.kind === 'gap' ? <SpacerRow key={slot.key} height={slot.height} /> : rowOf(segments[slot.index] as AdminSegment, slot.index, virtualizer.measureElement),
      )
    : segments.map((segment, index) => rowOf(segment, index));
  return (
    <div className="table-wrap">
      <table className={styles.table} aria-label="Segments" aria-rowcount={segments.length + 1} onKeyDown={onKeyDown}>
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
