/**
 * A chunk of the copy on disk as it is gathered (index-sync.ts): each event's line written as UTF-8, with its newline,
 * the moment the index stores the event (local-event-index.ts pushes it), then gzipped whole (index-store.ts).
 *
 * The lines were strings kept until their chunk of 20,000 was written. Kept that long, V8 copied each out of its young
 * generation into the old one (some 600 bytes an event), and the chunk was then joined and encoded in pieces. Written
 * as bytes at once, a line is garbage before the next collection. A sync reuses a chunk's buffer for the chunk after
 * the next (ChunkText.clear): a buffer of that size is pages fresh from the kernel, which on the 2-core machines this
 * is measured on cost ~5 ms a megabyte.
 */
export class ChunkText {
  #buffer: Buffer;
  #end = 0;
  /** Where each line ends (after its newline): a store that fails takes its lines back (length = n). */
  #ends = new Int32Array(1024);
  #count = 0;

  constructor(bytes = 1 << 20) {
    this.#buffer = Buffer.allocUnsafeSlow(bytes);
  }

  static of(lines: readonly string[]): ChunkText {
    let units = 0;
    for (const line of lines) units += line.length + 1;
    const text = new ChunkText(units);
    for (const line of lines) text.push(line);
    return text;
  }

  /** Lines held. */
  get length(): number {
    return this.#count;
  }

  /** Keeps the first `n` lines (a store taken back); a larger `n` is refused. */
  set length(n: number) {
    if (!Number.isInteger(n) || n < 0 || n > this.#count) throw new RangeError(`ChunkText: cannot hold ${n} of its ${this.#count} lines`);
    this.#count = n;
    this.#end = n === 0 ? 0 : (this.#ends[n - 1] as number);
  }

  push(line: string): void {
    // a UTF-16 unit never takes more than 3 bytes of UTF-8: only when that might not fit is the exact size asked
    if (this.#end + line.length * 3 + 1 > this.#buffer.length) {
      const room = Buffer.byteLength(line, 'utf8') + 1;
      if (this.#end + room > this.#buffer.length) {
        const grown = Buffer.allocUnsafeSlow(Math.max(this.#buffer.length * 2, this.#end + room));
        this.#buffer.copy(grown, 0, 0, this.#end);
        this.#buffer = grown;
      }
    }
    this.#end += this.#buffer.write(line, this.#end);
    this.#buffer[this.#end++] = NEWLINE;
    if (this.#count === this.#ends.length) {
      const grown = new Int32Array(this.#ends.length * 2);
      grown.set(this.#ends);
      this.#ends = grown;
    }
    this.#ends[this.#count++] = this.#end;
  }

  /** The lines' bytes: a view, good until the next push, length change or clear. */
  bytes(): Buffer {
    return this.#buffer.subarray(0, this.#end);
  }

  /** Empties it for another chunk, keeping its buffer. */
  clear(): void {
    this.#end = 0;
    this.#count = 0;
  }
}

const NEWLINE = 0x0a;
