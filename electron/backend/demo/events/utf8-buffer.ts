/**
 * A growable UTF-8 byte buffer: strings written as UTF-8 from its start, grown (doubled) when full, and kept for the
 * next batch after clear(). Its users gather thousands of events' text before it is sealed or written: the haystack's
 * tail (haystack-tail.ts) and a chunk of the local copy on disk (electron/events/local-index/chunk-text.ts).
 *
 * Both were strings, joined and encoded at the end. Kept that long, V8 copied each out of its young generation into
 * the old one (600-700 bytes an event), and the joins made strings of a megabyte or more, which V8 gives pages of
 * their own, fresh from the kernel: on the 2-core machines this is measured on, making a 1 MB string took ~5 ms, a
 * 120 KB one 0.02 ms. Bytes written in place cost neither, and a buffer kept for the next batch is not fresh pages
 * again.
 */
export class Utf8Buffer {
  buffer: Buffer;
  /** Bytes written: buffer[0, end). Setting it back cuts what follows. */
  end = 0;

  /**
   * `size` bytes at first. clear() drops a buffer grown past `keepUpTo` (four times `size` unless told): one batch
   * that held a text of megabytes would otherwise keep it that large for good.
   */
  constructor(
    readonly size: number,
    readonly keepUpTo = size * 4,
  ) {
    this.buffer = Buffer.allocUnsafeSlow(size);
  }

  /** Empties it for the next batch. */
  clear(): void {
    this.end = 0;
    if (this.buffer.length > this.keepUpTo) this.buffer = Buffer.allocUnsafeSlow(this.size);
  }

  /** Makes room for `n` more bytes. */
  room(n: number): void {
    if (this.end + n <= this.buffer.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.buffer.length * 2, this.end + n));
    this.buffer.copy(grown, 0, 0, this.end);
    this.buffer = grown;
  }

  /** Writes `text` as UTF-8, with room made for `spare` bytes more after it (a line's newline). */
  text(text: string, spare = 0): void {
    // a UTF-16 unit never takes more than 3 bytes of UTF-8: only when that might not fit is the exact size asked
    if (this.end + text.length * 3 + spare > this.buffer.length) this.room(Buffer.byteLength(text, 'utf8') + spare);
    this.end += this.buffer.write(text, this.end);
  }

  byte(b: number): void {
    this.room(1);
    this.buffer[this.end++] = b;
  }

  /** The bytes written: a view, good until the next write, cut or clear. */
  written(): Buffer {
    return this.buffer.subarray(0, this.end);
  }
}
