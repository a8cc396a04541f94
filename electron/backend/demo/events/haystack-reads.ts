import { FIELD_SEPARATOR } from '../../event-query/like-pattern';
import type { Sealed } from './sealed-chunk';
import type { SpillFile } from './spill-file';

/**
 * The read side of the haystack (haystack.ts): the stored bodies of a page of rows, read back from the tail still in
 * memory or from the sealed chunks in the spill file (sealed-chunk.ts), and split into their columns' texts. Apart
 * from haystack.ts, which stores the records and searches them.
 */

/** An event's bodies as the texts stored (null: the column is null). */
export interface ColumnTexts {
  data: string | null;
  preData: string | null;
  tags: string | null;
}

/**
 * The walk of textsOf and originalsOf: the rows of the tail (the newest, in memory: `tail`, its parts back to back)
 * and of the sealed chunks (read from the spill file) go to `visit` as bytes.
 */
export function visitOriginals(
  file: SpillFile,
  sealed: readonly Sealed[],
  tail: { bytes: Buffer; starts: Int32Array },
  chunkEvents: number,
  indexes: readonly number[],
  visit: (j: number, bytes: Buffer, from: number, to: number) => void,
): void {
  let start = 0;
  while (start < indexes.length) {
    const c = Math.floor((indexes[start] as number) / chunkEvents);
    let end = start + 1;
    while (end < indexes.length && Math.floor((indexes[end] as number) / chunkEvents) === c) end++;
    const s = sealed[c];
    if (s === undefined) {
      for (let j = start; j < end; j++) {
        const k = (indexes[j] as number) - c * chunkEvents;
        visit(j, tail.bytes, tail.starts[k] as number, tail.starts[k + 1] as number);
      }
    } else readRun(file, s, c * chunkEvents, indexes, start, end, visit);
    start = end;
  }
}

/**
 * Visits [start, end) of one sealed chunk, whose first event is `base`: one read of the span when the rows are
 * close, else a read each.
 */
function readRun(
  file: SpillFile,
  s: Sealed,
  base: number,
  indexes: readonly number[],
  start: number,
  end: number,
  visit: (j: number, bytes: Buffer, from: number, to: number) => void,
): void {
  let low = Infinity;
  let high = -1;
  let needed = 0;
  for (let j = start; j < end; j++) {
    const k = (indexes[j] as number) - base;
    low = Math.min(low, k);
    high = Math.max(high, k);
    needed += (s.originals[k + 1] as number) - (s.originals[k] as number);
  }
  const from = s.originals[low] as number;
  const span = (s.originals[high + 1] as number) - from;
  // rows scattered over a chunk (a filtered page) are read one by one rather than the megabytes between them
  if (end - start === 1 || (span > SPAN_READ_MIN && span > needed * SPAN_READ_SLACK)) {
    for (let j = start; j < end; j++) {
      const k = (indexes[j] as number) - base;
      const at = s.originals[k] as number;
      const length = (s.originals[k + 1] as number) - at;
      visit(j, file.read(s.originalAt + at, length, Buffer.allocUnsafe(length)), 0, length);
    }
    return;
  }
  const bytes = file.read(s.originalAt + from, span, Buffer.allocUnsafe(span));
  for (let j = start; j < end; j++) {
    const k = (indexes[j] as number) - base;
    visit(j, bytes, (s.originals[k] as number) - from, (s.originals[k + 1] as number) - from);
  }
}

/** A span read for a page is worth it up to this size whatever it skips, and beyond it while mostly rows. */
const SPAN_READ_MIN = 64 * 1024;
const SPAN_READ_SLACK = 4;

export function splitTexts(json: string): ColumnTexts {
  const first = json.indexOf(FIELD_SEPARATOR);
  const second = json.indexOf(FIELD_SEPARATOR, first + 1);
  return {
    data: first === 0 ? null : json.slice(0, first),
    preData: second === first + 1 ? null : json.slice(first + 1, second),
    tags: second === json.length - 1 ? null : json.slice(second + 1),
  };
}
