import { ownString } from './own-string';

/**
 * Compact column storage for the event log: a million events must fit well under the 1 GB budget, so repeated
 * strings (types, actors, projects, flags, environments) are interned once and rows hold small integers.
 */

type NumberArray = Int32Array | Float64Array;

/** An append-only list of numbers in a typed array that doubles as it grows. */
class TypedList<A extends NumberArray> {
  private buf: A;
  private len = 0;

  constructor(private readonly make: (size: number) => A, capacity: number) {
    this.buf = make(capacity);
  }

  get length(): number {
    return this.len;
  }

  push(value: number): void {
    if (this.len === this.buf.length) {
      const next = this.make(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.len++] = value;
  }

  at(i: number): number {
    return this.buf[i] as number;
  }

  toArray(): number[] {
    return Array.from(this.buf.subarray(0, this.len));
  }

  /** Bytes held, with the room reserved for growth. */
  get byteLength(): number {
    return this.buf.byteLength;
  }

  last(): number | undefined {
    return this.len === 0 ? undefined : this.buf[this.len - 1];
  }

  /** Keeps the first `length` values (an append undone). */
  truncate(length: number): void {
    this.len = Math.min(this.len, length);
  }
}

/** int32 rows: interned string ids, positions. */
export class IntList extends TypedList<Int32Array> {
  constructor(capacity = 16) {
    super((size) => new Int32Array(size), capacity);
  }
}

/** float64 rows: timestamps in ms. */
export class FloatList extends TypedList<Float64Array> {
  constructor(capacity = 1024) {
    super((size) => new Float64Array(size), capacity);
  }
}

/**
 * Interned ids of one column, in the narrowest typed array that holds every id so far: most columns have under 256
 * or 65,536 distinct values, so a million rows take 1 or 2 MB instead of 4. It widens (once) when an id outgrows it.
 */
export class IdList {
  private buf: Uint8Array | Uint16Array | Int32Array;
  private max = 0xff;
  private len = 0;

  constructor(capacity = 1024) {
    this.buf = new Uint8Array(capacity);
  }

  get length(): number {
    return this.len;
  }

  /** Bytes held, with the room reserved for growth. */
  get byteLength(): number {
    return this.buf.byteLength;
  }

  push(id: number): void {
    if (id > this.max || this.len === this.buf.length) this.grow(id);
    this.buf[this.len++] = id;
  }

  at(i: number): number {
    return this.buf[i] as number;
  }

  toArray(): number[] {
    return Array.from(this.buf.subarray(0, this.len));
  }

  /** Keeps the first `length` ids (an append undone); the width stays. */
  truncate(length: number): void {
    this.len = Math.min(this.len, length);
  }

  private grow(id: number): void {
    const size = this.len === this.buf.length ? this.buf.length * 2 : this.buf.length;
    if (id > this.max) this.max = id <= 0xffff ? 0xffff : 0x7fffffff;
    const next = this.max === 0xff ? new Uint8Array(size) : this.max === 0xffff ? new Uint16Array(size) : new Int32Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }
}

/** Interns values; id 0 is reserved for null so that "absent" costs nothing. */
export class Interner<T extends string | number> {
  readonly values: (T | null)[] = [null];
  private readonly ids = new Map<T, number>();

  id(value: T | null | undefined): number {
    if (value === null || value === undefined) return 0;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      // held for good: a value sliced from a page must not keep the page
      const held = (typeof value === 'string' ? ownString(value) : value) as T;
      this.values.push(held);
      this.ids.set(held, id);
    }
    return id;
  }

  /** The id of a value already seen, or undefined (a filter on an unknown value matches nothing). */
  find(value: T): number | undefined {
    return this.ids.get(value);
  }

  value(id: number): T | null {
    return this.values[id] ?? null;
  }

  /** Values interned, null's id included: where truncate() goes back to. */
  get count(): number {
    return this.values.length;
  }

  /** Forgets the values interned after the first `count` (an append undone). */
  truncate(count: number): void {
    for (let id = this.values.length - 1; id >= Math.max(1, count); id--) this.ids.delete(this.values[id] as T);
    this.values.length = Math.max(1, Math.min(this.values.length, count));
  }
}

/** Newest-first position indexes: for each interned value, the ascending list of event indexes that carry it. */
export class PositionIndex {
  private readonly lists: IntList[] = [];

  add(valueId: number, index: number): void {
    if (valueId === 0) return;
    let list = this.lists[valueId];
    if (!list) {
      list = new IntList(8);
      this.lists[valueId] = list;
    }
    list.push(index);
  }

  get(valueId: number): IntList | undefined {
    return this.lists[valueId];
  }

  /** Drops every position from `size` on (an append undone): they are each list's last, lists being ascending. */
  truncate(size: number): void {
    for (const list of this.lists) {
      if (!list) continue;
      let length = list.length;
      while (length > 0 && list.at(length - 1) >= size) length--;
      list.truncate(length);
    }
  }

  /** Bytes held by the lists (bench figures). */
  get byteLength(): number {
    let bytes = 0;
    for (const list of this.lists) if (list) bytes += list.byteLength;
    return bytes;
  }
}
