/**
 * Which byte trigrams a chunk of the haystack holds, hashed into a fixed bit set (32 KB a chunk, ~8 MB at a million
 * events). A needle one of whose trigrams is absent cannot be in the chunk, so a text search skips reading that chunk
 * from disk at all: rare terms and misses touch a few chunks instead of every one. A set bit may be a collision, so
 * "may contain" is only ever a hint and the chunk is still searched.
 *
 * Only trigrams without a separator (a byte that ends a word of the word index, chunk-tokens.ts) are kept and asked
 * for. Every such trigram of a record's JSON part lies inside one of its words, so the set is made from the chunk's
 * distinct words (a few percent of its bytes) and each record's type and createdBy, not from every byte of the chunk.
 */

const BITS = 18;
const WORDS = 1 << (BITS - 5);

const SEPARATORS = '\u0000 "{}[],:\t\n\r';
/** 1 for the bytes that separate the words of the index (chunk-tokens.ts splits on the same). */
export const IS_SEPARATOR = new Uint8Array(256);
for (const ch of SEPARATORS) IS_SEPARATOR[ch.charCodeAt(0)] = 1;

function gram(a: number, b: number, c: number): number {
  return Math.imul((a << 16) | (b << 8) | c, 0x9e3779b1) >>> (32 - BITS);
}

/** Adds the trigrams of bytes[from, to) to `set` (those holding a separator too: never asked, so harmless). */
function addGrams(set: Uint32Array, bytes: Uint8Array, from: number, to: number): void {
  if (to - from < 3) return;
  let a = bytes[from] as number;
  let b = bytes[from + 1] as number;
  for (let i = from + 2; i < to; i++) {
    const c = bytes[i] as number;
    const g = gram(a, b, c);
    set[g >>> 5] = (set[g >>> 5] as number) | (1 << (g & 31));
    a = b;
    b = c;
  }
}

/**
 * The trigrams of a chunk's records (record k is bytes[starts[k], starts[k + 1]), its JSON part from jsonStarts[k]),
 * from `words`, the distinct words of the JSON parts (any bytes between them), and each record's part before its JSON.
 */
export function gramsOf(bytes: Uint8Array, starts: Int32Array, jsonStarts: Int32Array, words: Uint8Array): Uint32Array {
  const set = new Uint32Array(WORDS);
  addGrams(set, words, 0, words.length);
  for (let k = 0; k < jsonStarts.length; k++) addGrams(set, bytes, starts[k] as number, jsonStarts[k] as number);
  return set;
}

/** False when `needle` cannot occur in the records `set` was made from; needles under 3 bytes always may. */
export function mayContain(set: Uint32Array, needle: Uint8Array): boolean {
  for (let i = 2; i < needle.length; i++) {
    const a = needle[i - 2] as number;
    const b = needle[i - 1] as number;
    const c = needle[i] as number;
    if (IS_SEPARATOR[a] === 1 || IS_SEPARATOR[b] === 1 || IS_SEPARATOR[c] === 1) continue;
    const g = gram(a, b, c);
    if (((set[g >>> 5] as number) & (1 << (g & 31))) === 0) return false;
  }
  return true;
}
