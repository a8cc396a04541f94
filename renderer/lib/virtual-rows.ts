import { defaultRangeExtractor, type Range, type VirtualItem } from '@tanstack/react-virtual';
import { useCallback, type RefObject } from 'react';

/**
 * Keeps the row that holds the focus rendered while a virtualised list scrolls it out of view. Unmounted, its
 * focused control would drop the focus to the page, and the keyboard user's place with it. The focus is read from
 * the document when the range is worked out (on a scroll, a new length): it stays on the row while the window is
 * in the background, and it names the row as rendered now, after a new order. Rows carry their index as
 * `data-index`; the extractor goes to `useVirtualizer`.
 */
export function useFocusedRowKept(container: RefObject<HTMLElement | null>): (range: Range) => number[] {
  return useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const active = document.activeElement;
      const row = active && container.current?.contains(active) ? active.closest<HTMLElement>('[data-index]') : null;
      const keep = row?.dataset.index === undefined ? null : Number(row.dataset.index);
      if (keep === null || !Number.isInteger(keep) || keep >= range.count || indexes.includes(keep)) return indexes;
      return [...indexes, keep].sort((a, b) => a - b);
    },
    [container],
  );
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
  // keyed by place, not by the row after them: the gap above the view stays one element while the list scrolls
  let gaps = 0;
  for (const item of items) {
    if (item.start > end) slots.push({ kind: 'gap', key: `gap-${gaps++}`, height: item.start - end });
    slots.push({ kind: 'row', index: item.index });
    end = item.end;
  }
  const after = totalSize - (end - offset);
  if (after > 0) slots.push({ kind: 'gap', key: 'gap-end', height: after });
  return slots;
}
