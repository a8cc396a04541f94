/**
 * Which byte trigrams a chunk of the haystack holds, hashed into a fixed bit set (32 KB a chunk, ~8 MB at a million
 * events). A needle one of whose trigrams is absent cannot be in the chunk, so a text search skips reading that chunk
 * from disk at all: rare terms and misses touch a few chunks instead of every one. A set bit may be a collision, so
 * "may contain" is only ever a hint and the chunk is still searched.
 */

const BITS = 18;
const WORDS = 1 << (BITS - 5);

function gram(a: number, b: number, c: number): number {
  return Math.imul((a << 16) | (b << 8) | c, 0x9e3779b1) >>> (32 - BITS);
}

export function gramsOf(bytes: Uint8Array): Uint32Array {
  const set = new Uint32Array(WORDS);
  if (bytes.length < 3) return set;
  let a = bytes[0] as number;
  let b = bytes[1] as number;
  for (let i = 2; i < bytes.length; i++) {
    const c = bytes[i] as number;
    const g = gram(a, b, c);
    set[g >>> 5] = (set[g >>> 5] as number) | (1 << (g & 31));
    a = b;
    b = c;
  }
  return set;
}

/** False when `needle` cannot occur in the bytes `set` was made from; needles under 3 bytes always may. */
export function mayContain(set: Uint32Array, needle: Uint8Array): boolean {
  for (let i = 2; i < needle.length; i++) {
    const g = gram(needle[i - 2] as number, needle[i - 1] as number, needle[i] as number);
    if (((set[g >>> 5] as number) & (1 << (g & 31))) === 0) return false;
  }
  return true;
}
