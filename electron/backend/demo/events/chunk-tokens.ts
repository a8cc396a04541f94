// recordAt: the last entry whose start is at or before a byte offset, here over the tokens instead of the records
import { recordAt, type CompiledQuery } from './chunk-search';
import { IS_SEPARATOR } from './chunk-grams';

/**
 * A chunk's word index: its distinct tokens (runs of bytes between JSON punctuation and spaces) and, for each, the
 * records that hold it. A needle without such separators can only occur inside one token, so the records holding it
 * are exactly those of the tokens that contain it: a text search scans the distinct tokens (a few percent of the
 * chunk's bytes, kept in memory) instead of reading the chunk's text back from disk, and needs no check per record.
 * A needle with separators is split into its pieces; a record must hold a token containing each piece, so those
 * records are the only candidates the full text is read for.
 *
 * Postings are record numbers within the chunk (16 bits), or a bitmap of the chunk's records when that is smaller
 * (the common words of a chunk are in most of its records).
 */

/** The most records a chunk may hold: postings are 16-bit. */
export const MAX_CHUNK_RECORDS = 1 << 16;

export interface ChunkTokens {
  /** Records in the chunk. */
  records: number;
  /** Distinct tokens, each followed by a NUL (so no needle runs from one token into the next). */
  text: Buffer;
  /** Where token t begins in `text`; starts[count] is text.length. */
  starts: Int32Array;
  /** Token t's postings are postings[at[t] .. at[t + 1]): ascending record numbers, or a bitmap when counts[t] > words. */
  at: Int32Array;
  counts: Uint16Array;
  postings: Uint16Array;
}

/** 16-bit words of a bitmap over `records` records. */
export function bitmapWords(records: number): number {
  return (records + 15) >>> 4;
}

/** True when `bytes` holds a separator: such a needle spans tokens. */
export function hasSeparator(bytes: Uint8Array): boolean {
  for (const b of bytes) if (IS_SEPARATOR[b] === 1) return true;
  return false;
}

/** The non-empty runs of `bytes` between separators. */
export function piecesOf(bytes: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || IS_SEPARATOR[bytes[i] as number] === 1) {
      if (i > start) pieces.push(bytes.subarray(start, i));
      start = i + 1;
    }
  }
  return pieces;
}

/** Growable typed buffers for the build, reused from chunk to chunk (fresh ones each time fragment the heap). */
class Grow {
  ints = new Int32Array(1024);
  length = 0;
  reset(): this {
    this.length = 0;
    return this;
  }
  push(v: number): void {
    if (this.length === this.ints.length) {
      const next = new Int32Array(this.ints.length * 2);
      next.set(this.ints);
      this.ints = next;
    }
    this.ints[this.length++] = v;
  }
}

const scratch = {
  table: new Int32Array(1 << 12),
  text: new Uint8Array(1 << 16),
  tokenStart: new Grow(),
  tokenHash: new Grow(),
  lastRecord: new Grow(),
  pairToken: new Grow(),
  pairRecord: new Grow(),
};

/**
 * Indexes the JSON part of each record of a chunk: record k is bytes[jsonStarts[k] .. starts[k + 1]). Tokens are
 * hashed straight from the bytes (no string per token), so building it costs about one pass over the chunk.
 */
export function buildTokens(bytes: Uint8Array, starts: Int32Array, jsonStarts: Int32Array): ChunkTokens {
  const records = starts.length - 1;
  if (records > MAX_CHUNK_RECORDS) throw new RangeError(`buildTokens: ${records} records exceed ${MAX_CHUNK_RECORDS}`);
  let mask = scratch.table.length - 1;
  let table = scratch.table.fill(-1);
  let text = scratch.text;
  let textLength = 0;
  const tokenStart = scratch.tokenStart.reset();
  const tokenHash = scratch.tokenHash.reset();
  const lastRecord = scratch.lastRecord.reset();
  const pairToken = scratch.pairToken.reset();
  const pairRecord = scratch.pairRecord.reset();

  const find = (from: number, to: number, hash: number): number => {
    const length = to - from;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = table[slot] as number;
      if (id === -1) {
        const token = tokenStart.length;
        table[slot] = token;
        if (textLength + length + 1 > text.length) {
          const next = new Uint8Array(Math.max(text.length * 2, textLength + length + 1));
          next.set(text.subarray(0, textLength));
          text = next;
        }
        tokenStart.push(textLength);
        tokenHash.push(hash);
        lastRecord.push(-1);
        for (let i = from; i < to; i++) text[textLength++] = bytes[i] as number;
        text[textLength++] = 0;
        if (tokenStart.length * 2 > mask) grow();
        return token;
      }
      if (tokenHash.ints[id] !== hash) continue;
      const at = tokenStart.ints[id] as number;
      if (text[at + length] !== 0) continue;
      let same = true;
      for (let i = 0; i < length; i++) {
        if (text[at + i] !== bytes[from + i]) {
          same = false;
          break;
        }
      }
      if (same) return id;
    }
  };
  const grow = (): void => {
    mask = mask * 2 + 1;
    table = new Int32Array(mask + 1).fill(-1);
    for (let id = 0; id < tokenStart.length; id++) {
      let slot = (tokenHash.ints[id] as number) & mask;
      while (table[slot] !== -1) slot = (slot + 1) & mask;
      table[slot] = id;
    }
  };

  for (let k = 0; k < records; k++) {
    const end = starts[k + 1] as number;
    let p = jsonStarts[k] as number;
    while (p < end) {
      while (p < end && IS_SEPARATOR[bytes[p] as number] === 1) p++;
      if (p >= end) break;
      const from = p;
      let hash = 0x811c9dc5;
      while (p < end && IS_SEPARATOR[bytes[p] as number] !== 1) {
        hash = Math.imul(hash ^ (bytes[p] as number), 16777619);
        p++;
      }
      const token = find(from, p, hash >>> 1);
      if (lastRecord.ints[token] !== k) {
        lastRecord.ints[token] = k;
        pairToken.push(token);
        pairRecord.push(k);
      }
    }
  }

  scratch.table = table;
  scratch.text = text;
  const count = tokenStart.length;
  const words = bitmapWords(records);
  // counts per token first (in scratch), to size the one allocation everything kept lives in
  const fill = scratch.lastRecord.reset();
  for (let t = 0; t < count; t++) fill.push(0);
  for (let j = 0; j < pairToken.length; j++) {
    const t = pairToken.ints[j] as number;
    fill.ints[t] = (fill.ints[t] as number) + 1;
  }
  let postingWords = 0;
  for (let t = 0; t < count; t++) postingWords += Math.min(fill.ints[t] as number, words);
  // One buffer per chunk for what is kept: many small ones per chunk fragmented the heap (RSS grew by ~4x the data).
  const int32Bytes = (count + 1) * 4 * 2;
  const uint16Bytes = (count + postingWords) * 2;
  const block = new ArrayBuffer(int32Bytes + uint16Bytes + textLength);
  const starts2 = new Int32Array(block, 0, count + 1);
  const at = new Int32Array(block, (count + 1) * 4, count + 1);
  const counts = new Uint16Array(block, int32Bytes, count);
  const postings = new Uint16Array(block, int32Bytes + count * 2, postingWords);
  const kept = Buffer.from(block, int32Bytes + uint16Bytes, textLength);
  kept.set(text.subarray(0, textLength));
  for (let t = 0; t < count; t++) {
    counts[t] = fill.ints[t] as number;
    at[t + 1] = (at[t] as number) + Math.min(counts[t] as number, words);
    fill.ints[t] = at[t] as number;
  }
  for (let j = 0; j < pairToken.length; j++) {
    const t = pairToken.ints[j] as number;
    const record = pairRecord.ints[j] as number;
    if ((counts[t] as number) > words) {
      const w = (at[t] as number) + (record >>> 4);
      postings[w] = (postings[w] as number) | (1 << (record & 15));
    } else postings[(fill.ints[t] as number)++] = record;
  }
  starts2.set(tokenStart.ints.subarray(0, count));
  starts2[count] = textLength;
  return { records, text: kept, starts: starts2, at, counts, postings };
}

/** ORs into `into` (a bitmap over the chunk's records) every record holding a token that contains `needle`. */
export function markContaining(t: ChunkTokens, needle: Buffer, into: Uint16Array): void {
  const words = bitmapWords(t.records);
  let pos = t.text.indexOf(needle);
  while (pos !== -1) {
    const token = recordAt(t.starts, pos);
    const from = t.at[token] as number;
    const to = t.at[token + 1] as number;
    if ((t.counts[token] as number) > words) {
      for (let w = 0; w < words; w++) into[w] = (into[w] as number) | (t.postings[from + w] as number);
    } else {
      for (let j = from; j < to; j++) {
        const record = t.postings[j] as number;
        into[record >>> 4] = (into[record >>> 4] as number) | (1 << (record & 15));
      }
    }
    pos = t.text.indexOf(needle, t.starts[token + 1] as number);
  }
}

/** Bytes the index holds (memory figures). */
export function tokenBytes(t: ChunkTokens): number {
  return t.text.length + t.starts.byteLength + t.at.byteLength + t.counts.byteLength + t.postings.byteLength;
}

/**
 * How a JSON-only search uses the word index: the pieces of its needle (or of its pattern's anchor) between
 * separators, and whether the index's answer is exact (one piece, the whole needle) or only the candidates.
 */
export interface TokenPlan {
  pieces: Buffer[];
  exact: boolean;
}

const plans = new WeakMap<CompiledQuery, TokenPlan | null>();

/** The query's use of the word index, or undefined when it has no literal to look up (then the text is scanned). */
export function tokenPlan(q: CompiledQuery): TokenPlan | undefined {
  let plan = plans.get(q);
  if (plan === undefined) {
    plan = null;
    const literal = q.matcher.kind === 'substring' ? q.matcher.needle : q.matcher.kind === 'regex' ? q.matcher.anchor : '';
    const bytes = Buffer.from(literal, 'utf8');
    const pieces = piecesOf(bytes);
    if (pieces.length > 0) plan = { pieces, exact: q.matcher.kind === 'substring' && !hasSeparator(bytes) };
    plans.set(q, plan);
  }
  return plan ?? undefined;
}
