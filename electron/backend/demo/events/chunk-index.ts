import { gramsOf } from './chunk-grams';
import { buildTokens, type ChunkTokens } from './chunk-tokens';

/**
 * What memory keeps to search a sealed chunk of the haystack without reading it: its word index and its trigrams
 * (sealed-chunk.ts). Made from the chunk's bytes alone, so it can be made on another thread (chunk-index-thread.ts).
 */
export interface ChunkIndex {
  tokens: ChunkTokens;
  grams: Uint32Array;
}

/** A chunk's records as sealed: bytes[jsonStarts[k] .. starts[k + 1]) is record k's JSON part (JsonChunkText). */
export interface ChunkBytes {
  bytes: Uint8Array;
  starts: Int32Array;
  jsonStarts: Int32Array;
}

export function indexChunk({ bytes, starts, jsonStarts }: ChunkBytes): ChunkIndex {
  const tokens = buildTokens(bytes, starts, jsonStarts);
  return { tokens, grams: gramsOf(bytes, starts, jsonStarts, tokens.text) };
}

/**
 * Makes sealed chunks' indexes off the caller's thread. `index` reads the chunk's bytes during the call only (they
 * are written again by the next chunk) and calls `done` with the index later, or never when the indexer has stopped
 * (the haystack then makes the index itself when a search needs it).
 */
export interface ChunkIndexer {
  index(chunk: ChunkBytes, done: (index: ChunkIndex) => void): void;
  /**
   * Resolves once every chunk given so far has had its `done` (or never will: the indexer stopped). For the end of a
   * batch (a sync, a copy loaded): the indexer may then give back what it holds until the next chunk.
   */
  settle(): Promise<void>;
}
