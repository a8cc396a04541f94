import { FIELD_SEPARATOR } from '../../event-query/like-pattern';
import type { JsonChunkText } from './chunk-search';
import type { ColumnTexts } from './haystack-reads';
import { Utf8Buffer } from './utf8-buffer';

/**
 * The haystack's chunk being filled (haystack.ts): each event's record and original JSON part written as UTF-8 into
 * two buffers as it is pushed, which the next chunk reuses once this one is sealed. They were strings (a record and an
 * original an event), joined and encoded when the chunk of 4,096 events was sealed: utf8-buffer.ts says what it cost.
 */

const SEPARATOR = FIELD_SEPARATOR.charCodeAt(0);
const UPPER_A = 0x41;
const UPPER_Z = 0x5a;

export class HaystackTail {
  /** Records back to back, each ending with the separator: as a chunk's text (JsonChunkText). */
  readonly records: Utf8Buffer;
  /** Original JSON parts back to back (data SEP preData SEP tags). */
  readonly originals: Utf8Buffer;
  starts!: Int32Array;
  jsonStarts!: Int32Array;
  originalStarts!: Int32Array;
  count = 0;

  constructor(private readonly capacity: number) {
    // about 400 bytes of each an event on the seeded log
    this.records = new Utf8Buffer(capacity * 512);
    this.originals = new Utf8Buffer(capacity * 512);
    this.reset();
  }

  /** Appends the next event: lower(type) SEP lower(createdBy) SEP lower(json) SEP, and its original json. */
  push(type: string, createdBy: string, texts: ColumnTexts): void {
    const k = this.count;
    const { records, originals } = this;
    const from = originals.end;
    originals.text(texts.data ?? '');
    originals.byte(SEPARATOR);
    originals.text(texts.preData ?? '');
    originals.byte(SEPARATOR);
    originals.text(texts.tags ?? '');
    const to = originals.end;
    records.text(`${stripSeparator(type)}${FIELD_SEPARATOR}${stripSeparator(createdBy)}${FIELD_SEPARATOR}`.toLowerCase());
    this.jsonStarts[k] = records.end;
    records.room(to - from + 1);
    if (!lowerAscii(originals.buffer, from, to, records)) {
      records.text(`${texts.data ?? ''}${FIELD_SEPARATOR}${texts.preData ?? ''}${FIELD_SEPARATOR}${texts.tags ?? ''}`.toLowerCase());
    }
    records.byte(SEPARATOR);
    this.starts[k + 1] = records.end;
    this.originalStarts[k + 1] = to;
    this.count = k + 1;
  }

  /** The records as a chunk's text: views of the tail's own buffers, good until the next push, truncate or reset. */
  chunk(): JsonChunkText {
    return {
      bytes: this.records.written(),
      starts: this.starts.subarray(0, this.count + 1),
      jsonStarts: this.jsonStarts.subarray(0, this.count),
    };
  }

  /** The original JSON parts, back to back (record k at starts[k] .. starts[k + 1]): views, as chunk()'s. */
  originalParts(): { bytes: Buffer; starts: Int32Array } {
    return { bytes: this.originals.written(), starts: this.originalStarts.subarray(0, this.count + 1) };
  }

  /** Empties the tail for the next chunk. The offset arrays are new: the sealed chunk keeps the old ones. */
  reset(): void {
    this.starts = new Int32Array(this.capacity + 1);
    this.jsonStarts = new Int32Array(this.capacity);
    this.originalStarts = new Int32Array(this.capacity + 1);
    this.records.clear();
    this.originals.clear();
    this.count = 0;
  }

  /** Keeps the first `keep` events only. */
  truncate(keep: number): void {
    if (keep >= this.count) return;
    this.count = keep;
    this.records.end = this.starts[keep] as number;
    this.originals.end = this.originalStarts[keep] as number;
  }

  /**
   * Makes a sealed chunk the tail again (a rollback into it): its bytes as read back from the spill file and its
   * offsets, which the tail takes over (the chunk is no longer sealed).
   */
  load(chunk: { records: Buffer; starts: Int32Array; jsonStarts: Int32Array; originals: Buffer; originalStarts: Int32Array }): void {
    this.reset();
    this.records.room(chunk.records.length);
    chunk.records.copy(this.records.buffer, 0);
    this.records.end = chunk.records.length;
    this.originals.room(chunk.originals.length);
    chunk.originals.copy(this.originals.buffer, 0);
    this.originals.end = chunk.originals.length;
    this.starts.set(chunk.starts);
    this.jsonStarts.set(chunk.jsonStarts);
    this.originalStarts.set(chunk.originalStarts);
    this.count = chunk.jsonStarts.length;
  }

  /** Bytes held (bench figures). */
  get bytes(): number {
    return this.records.buffer.length + this.originals.buffer.length + this.starts.byteLength * 3;
  }
}

/**
 * Copies bytes[from, to) to the end of `into` with A-Z lowered, as toLowerCase writes an ASCII text. False (nothing
 * kept) when the bytes hold anything else: Unicode lower-casing is then left to toLowerCase. `into` has the room.
 */
function lowerAscii(bytes: Buffer, from: number, to: number, into: Utf8Buffer): boolean {
  const out = into.buffer;
  let at = into.end;
  for (let i = from; i < to; i++) {
    const b = bytes[i] as number;
    if (b >= 0x80) return false;
    out[at++] = b >= UPPER_A && b <= UPPER_Z ? b + 32 : b;
  }
  into.end = at;
  return true;
}

/** type and createdBy are free strings; a NUL in them must not shift the record's fields. */
function stripSeparator(s: string): string {
  return s.includes(FIELD_SEPARATOR) ? s.replaceAll(FIELD_SEPARATOR, ' ') : s;
}
