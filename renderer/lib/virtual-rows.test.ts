import type { VirtualItem } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { rowSlots } from './virtual-rows';

/** Items of 50 px from `offset`, as the virtualizer gives them (their start counts the list's offset in its scroller). */
const items = (indexes: number[], offset = 0): VirtualItem[] =>
  indexes.map((index) => ({ index, key: index, start: offset + index * 50, end: offset + (index + 1) * 50, size: 50, lane: 0 }));

describe('rowSlots', () => {
  it('puts a gap for the rows above the view and one for those below, their heights summing to the list', () => {
    expect(rowSlots(items([10, 11, 12]), 100 * 50)).toEqual([
      { kind: 'gap', key: 'gap-10', height: 500 },
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
      { kind: 'gap', key: 'gap-90', height: 87 * 50 },
      { kind: 'row', index: 90 },
    ]);
  });
});
