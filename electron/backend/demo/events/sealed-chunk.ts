import type { JsonChunkText } from './chunk-search';
import { mayContain } from './chunk-grams';
import { bitmapWords, markContaining, type TokenPlan } from './chunk-tokens';
import { indexChunk, type ChunkIndex, type ChunkIndexer } from './chunk-index';
import type { SpillFile } from './spill-file';

/**
 * A haystack chunk once full (haystack.ts): what memory keeps of it while its bytes sit in the spill file (Sealed),
 * how the tail becomes one and turns back into a tail, its bodies read back whole, and the rows its word index holds
 * a query's pieces in. Apart from haystack.ts, which keeps the chunks in order and answers over all of them.
 */

export interface Sealed {
  /** The lower-cased records: `length` bytes at `at` in the spill file; offsets as in JsonChunkText. */
  at: number;
  length: number;
  starts: Int32Array;
  jsonStarts: Int32Array;
  /** The original JSON parts, back to back: record k is bytes originals[k] .. originals[k+1] after originalAt. */
  originalAt: number;
  originals: Int32Array;
  /**
   * Its trigrams (chunk-grams.ts: a chunk that cannot hold the needle is not read) and its word index over the JSON
   * parts (chunk-tokens.ts: most text searches are answered from it alone). Undefined while an indexer makes them on
   * another thread: indexOf() makes them here should a search need them first.
   */
  index: ChunkIndex | undefined;
}

/** A sealed chunk's bytes read back, with its offsets: what the haystack's tail held of it (HaystackTail.load). */
export interface Unsealed {
  records: Buffer;
  starts: Int32Array;
  jsonStarts: Int32Array;
  originals: Buffer;
  originalStarts: Int32Array;
}

/**
 * Writes a full tail to the spill file (its records' text `tail`, then its original JSON parts), and returns what
 * memory keeps of it: the offsets (the tail's arrays, which it then replaces) and the word index and trigrams.
 */
export function sealChunk(file: SpillFile, tail: JsonChunkText, originals: { bytes: Buffer; starts: Int32Array }, indexer?: ChunkIndexer): Sealed {
  const { bytes, starts, jsonStarts } = tail;
  const at = file.append(bytes);
  const originalAt = file.append(originals.bytes);
  const s: Sealed = { at, length: bytes.length, starts, jsonStarts, originalAt, originals: originals.starts, index: undefined };
  if (indexer === undefined) s.index = indexChunk(tail);
  else indexer.index(tail, (index) => (s.index ??= index));
  return s;
}

/** Sealed chunk `s`'s index, made now from its bytes in the spill file when its indexer has not given it yet. */
export function indexOf(file: SpillFile, s: Sealed): ChunkIndex {
  s.index ??= indexChunk({ bytes: file.read(s.at, s.length, Buffer.allocUnsafe(s.length)), starts: s.starts, jsonStarts: s.jsonStarts });
  return s.index;
}

/** Sealed chunk `s` read back from the spill file (a failed read throws before anything is made). */
export function unsealChunk(file: SpillFile, s: Sealed): Unsealed {
  const records = file.read(s.at, s.length, Buffer.allocUnsafe(s.length));
  return { records, starts: s.starts, jsonStarts: s.jsonStarts, originals: readOriginals(file, s), originalStarts: s.originals };
}

/** Bytes of a sealed chunk's original JSON parts. */
export function originalsLength(s: Sealed): number {
  return s.originals[s.originals.length - 1] as number;
}

/** The original JSON parts of a sealed chunk, back to back (record k at originals[k] .. originals[k + 1]). */
export function readOriginals(file: SpillFile, s: Sealed): Buffer {
  const length = originalsLength(s);
  return file.read(s.originalAt, length, Buffer.allocUnsafe(length));
}

/**
 * The chunk's records that hold a token containing each piece (a bitmap), or undefined when there are none. The
 * trigrams rule most chunks out for a rare needle or a miss before the tokens are looked at.
 */
export function candidates(file: SpillFile, s: Sealed, plan: TokenPlan): Uint16Array | undefined {
  const { grams, tokens } = indexOf(file, s);
  for (const piece of plan.pieces) if (!mayContain(grams, piece)) return undefined;
  let hits: Uint16Array | undefined;
  for (const piece of plan.pieces) {
    const marked = new Uint16Array(bitmapWords(tokens.records));
    markContaining(tokens, piece, marked);
    if (hits === undefined) hits = marked;
    else for (let w = 0; w < hits.length; w++) hits[w] = (hits[w] as number) & (marked[w] as number);
  }
  return hits !== undefined && hits.some((word) => word !== 0) ? hits : undefined;
}
