import { isAscii, isUtf8 } from 'node:buffer';
import { ownString } from '../../backend/demo/events/own-string';
import { Unscannable } from './json-text-scanner';

/**
 * An answer's UTF-8 bytes decoded a piece at a time, for the page scanner (page-scan.ts). A page of 1,000 events is
 * most of a megabyte; decoded whole, it was a string V8 gives pages of their own, fresh from the kernel, which on the
 * 2-core machines this is measured on took ~5 ms a megabyte (~3 s of a 1M-event sync), where a string under V8's
 * large-object size (128 KiB) is made in its young generation for a fraction of that.
 */

/** Bytes a piece is decoded from: under 128 KiB as a string also when every character takes two bytes in V8. */
export const PIECE_BYTES = 60 * 1024;

export class AnswerPieces {
  #start = 0;
  #ascii = true;
  #final = false;
  /** The last character of a piece not ASCII that byteAt was asked for, and its byte: the next is counted from it. */
  #mark = 0;
  #markByte = 0;

  constructor(readonly bytes: Buffer) {}

  /** Whether the piece last decoded runs to the answer's end. */
  get final(): boolean {
    return this.#final;
  }

  /**
   * The piece that starts at byte `start`, about `length` bytes long (to the end when that is closer), cut between
   * two characters. Bytes that are not UTF-8 are Unscannable: the whole answer is then decoded as before, its bad
   * bytes replaced as any answer's are.
   */
  at(start: number, length = PIECE_BYTES): string {
    const bytes = this.bytes;
    let end = Math.min(bytes.length, start + length);
    // back to the first byte of a character (UTF-8's continuation bytes are 10xxxxxx)
    while (end > start && end < bytes.length && ((bytes[end] as number) & 0xc0) === 0x80) end--;
    const view = bytes.subarray(start, end);
    this.#ascii = isAscii(view);
    if (!this.#ascii && !isUtf8(view)) throw new Unscannable('not UTF-8');
    this.#start = start;
    this.#final = end === bytes.length;
    this.#mark = 0;
    this.#markByte = start;
    return view.toString(this.#ascii ? 'latin1' : 'utf8');
  }

  /**
   * Characters [from, to) of the piece last decoded (`text`) as a string that is not a slice of it (V8 slices any
   * substring of 13 characters or more): an ASCII piece's decoded again from its bytes; otherwise ownString's copy.
   */
  own(text: string, from: number, to: number): string {
    if (to - from < 13) return text.slice(from, to);
    if (this.#ascii) return this.bytes.toString('latin1', this.#start + from, this.#start + to);
    return ownString(text.slice(from, to));
  }

  /**
   * Where character `i` of the piece last decoded (`text`) starts in the answer's bytes. `i` is never inside a
   * surrogate pair (it is between two JSON tokens); asked in order, as the events are read, each is counted from the
   * one before, not from the piece's start.
   */
  byteAt(text: string, i: number): number {
    if (this.#ascii) return this.#start + i;
    if (i < this.#mark) {
      this.#mark = 0;
      this.#markByte = this.#start;
    }
    this.#markByte += Buffer.byteLength(text.slice(this.#mark, i), 'utf8');
    this.#mark = i;
    return this.#markByte;
  }
}
