import { defaultRangeExtractor, type Range, type VirtualItem } from '@tanstack/react-virtual';
import { useCallback, useRef, type FocusEvent, type RefObject } from 'react';

/**
 * Keeps the row that holds the focus rendered while a virtualised list scrolls it out of view. Unmounted, its
 * focused control would drop the focus to the page, and the keyboard user's place with it. Rows carry their index
 * as `data-index`; the returned handlers go on the list's container, the extractor to `useVirtualizer`.
 */
export function useFocusedRowKept(container: RefObject<HTMLElement | null>) {
  const focused = useRef<number | null>(null);
  const rowIndexOf = (target: EventTarget | null): number | null => {
    if (!(target instanceof Element) || !container.current?.contains(target)) return null;
    const index = target.closest<HTMLElement>('[data-index]')?.dataset.index;
    return index === undefined ? null : Number(index);
  };
  const onFocus = (event: FocusEvent) => {
    focused.current = rowIndexOf(event.target);
  };
  const onBlur = (event: FocusEvent) => {
    if (rowIndexOf(event.relatedTarget) === null) focused.current = null;
  };
  // the rows near the view, and the focused one wherever it is (read when the range changes, as on a scroll)
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const keep = focused.current;
    if (keep === null || keep >= range.count || indexes.includes(keep)) return indexes;
    return [...indexes, keep].sort((a, b) => a - b);
  }, []);
  const forget = useCallback(() => {
    focused.current = null;
  }, []);
  return { handlers: { onFocus, onBlur }, rangeExtractor, forget };
}

/** One run of rendered rows or the gap before it: the gaps are what spacer elements stand for. */
export type RowSlot = { kind: 'gap'; key: string; height: number } | { kind: 'row'; index: number };

/**
 * The virtualizer's items as rows with a gap before each run (a focused row far away leaves one between) and one
 * after the last. `offset` is where the list starts in its scroller (the virtualizer's scrollMargin). Empty gaps are
 * left out, so a list's last row stays its last child.
 */
export function rowSlots(items: readonly VirtualItem[], totalSize: number, offset = 0): RowSlot[] {
  const slots: RowSlot[] = [];
  let end = offset;
  for (const item of items) {
    if (item.start > end) slots.push({ kind: 'gap', key: `gap-${item.index}`, height: item.start - end });
    slots.push({ kind: 'row', index: item.index });
    end = item.end;
  }
  const after = totalSize - (end - offset);
  if (after > 0) slots.push({ kind: 'gap', key: 'gap-end', height: after });
  return slots;
}
