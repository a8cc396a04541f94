import type { Range, VirtualItem } from '@tanstack/react-virtual';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rowSlots, useFocusedRowKept } from './virtual-rows';

/** Items of 50 px from `offset`, as the virtualizer gives them (their start counts the list's offset in its scroller). */
const items = (indexes: number[], offset = 0): VirtualItem[] =>
  indexes.map((index) => ({ index, key: index, start: offset + index * 50, end: offset + (index + 1) * 50, size: 50, lane: 0 }));

describe('rowSlots', () => {
  it('puts a gap for the rows above the view and one for those below, their heights summing to the list', () => {
    expect(rowSlots(items([10, 11, 12]), 100 * 50)).toEqual([
      { kind: 'gap', key: 'gap-0', height: 500 },
      { kind: 'row', index: 10 },
      { kind: 'row', index: 11 },
      { kind: 'row', index: 12 },
      { kind: 'gap', key: 'gap-end', height: 87 * 50 },
    ]);
  });

  it('leaves a gap between the rows in view and a focused row far away, and none where there is nothing to stand for', () => {
    const slots = rowSlots(items([0, 1, 2, 90], 200), 91 * 50, 200);
    expect(slots).toEqual([
      { kind: 'row', index: 0 },
      { kind: 'row', index: 1 },
      { kind: 'row', index: 2 },
      { kind: 'gap', key: 'gap-0', height: 87 * 50 },
      { kind: 'row', index: 90 },
    ]);
  });
});

describe('useFocusedRowKept', () => {
  afterEach(() => document.body.replaceChildren());

  /** A list whose rows 40 and 41 are in the page, the focus on row 41's link (or on `elsewhere`). */
  function list(focusOnRow: boolean) {
    const container = document.createElement('ul');
    for (const index of [40, 41]) {
      const row = document.createElement('li');
      row.dataset.index = String(index);
      row.innerHTML = `<a href="#/x/${index}">row ${index}</a>`;
      container.append(row);
    }
    const elsewhere = document.createElement('button');
    document.body.append(container, elsewhere);
    (focusOnRow ? (container.querySelector('[data-index="41"] a') as HTMLElement) : elsewhere).focus();
    const { result } = renderHook(() => useFocusedRowKept({ current: container }));
    return result.current;
  }
  const range: Range = { startIndex: 0, endIndex: 4, overscan: 1, count: 100 };

  it('adds the row holding the focus to the rows in view, in order', () => {
    expect(list(true)(range)).toEqual([0, 1, 2, 3, 4, 5, 41]);
  });

  it('adds nothing when the focus is outside the list, or the list is shorter now', () => {
    expect(list(false)(range)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(list(true)({ ...range, count: 30 })).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
