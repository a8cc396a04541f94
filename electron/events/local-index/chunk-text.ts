import { Utf8Buffer } from '../../backend/demo/events/utf8-buffer';

/**
 * A chunk of the copy on disk as it is gathered (index-sync.ts): each event's line written as UTF-8, with its newline,
 * the moment the index stores the event (local-event-index.ts pushes it), then gzipped whole (index-store.ts). The
 * lines were strings kept until their chunk of 20,000 was written, then joined and encoded in pieces: utf8-buffer.ts
 * says what that cost. Written as bytes at once, a line is garbage before the next collection.
 */
export class ChunkText {
  /**
   * A sync reuses a chunk's buffer for the chunk after the next (clear), whatever its size: a chunk's usual size
   * (20,000 lines of some 600 bytes, 12 MB) is past four times its first megabyte, so the tail's rule of dropping a
   * buffer grown that far would make every chunk's pages fresh again; and a sync's buffers go with it.
   */
  readonly #bytes: Utf8Buffer;
  /** Where each line ends (after its newline): a store that fails takes its lines back (length = n). */
  #ends = new Int32Array(1024);
  #count = 0;

  constructor(bytes = 1 << 20) {
    this.#bytes = new Utf8Buffer(bytes, Infinity);
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
    this.#bytes.end = n === 0 ? 0 : (this.#ends[n - 1] as number);
  }

  push(line: string): void {
    this.#bytes.text(line, 1);
    this.#bytes.byte(NEWLINE);
    if (this.#count === this.#ends.length) {
      const grown = new Int32Array(this.#ends.length * 2);
      grown.set(this.#ends);
      this.#ends = grown;
    }
    this.#ends[this.#count++] = this.#bytes.end;
  }

  /** The lines' bytes: a view, good until the next push, length change or clear. */
  bytes(): Buffer {
    return this.#bytes.written();
  }

  /** Empties it for another chunk, keeping its buffer. */
  clear(): void {
    this.#bytes.clear();
    this.#count = 0;
  }
}

const NEWLINE = 0x0a;
