import { closeSync, mkdtempSync, openSync, readSync, rmSync, unlinkSync, write, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A scratch file for the event bodies, appended to (and rewound only when the events written last are taken back):
 * they are read only when a row is returned or a text search scans them, so keeping them out of the heap is what
 * holds a million events to a fraction of the memory (RSS counts neither the file nor the page cache that serves it).
 * The file is private (0600) and unlinked as soon as it is open, so nothing is left behind whatever way the process
 * ends; where unlinking an open file is refused (Windows), it is removed at exit. Its descriptor is closed when its
 * owner is garbage-collected.
 *
 * Appends are written behind, on libuv's thread pool, one at a time in order: written on the caller's thread, they
 * took ~1.4 s of the 1M-event sync's thread (the sync's bodies, ~650 MB). Until its write is done an append's bytes
 * are a copy in memory (QUEUE_BYTES of them at most, unless they rewrite bytes still queued), and a read sees them
 * over what the file holds, so the file reads as if every append were done. A write that fails is kept, with the ones
 * after it, and written again, synchronously, by the next append, whose failure then throws as a synchronous write's
 * would.
 */

/** A write's callback form (fs.write) and its synchronous form (fs.writeSync); tests give ones that fail. */
export type WriteBehind = (fd: number, bytes: Uint8Array, offset: number, length: number, position: number, done: (error: Error | null, written: number) => void) => void;
export type WriteNow = (fd: number, bytes: Uint8Array, offset: number, length: number, position: number) => number;

interface Pending {
  at: number;
  /** The copy (a view of `buffer`, which goes back to the pool once written). */
  bytes: Buffer;
  buffer: Buffer;
  /** Bytes of `bytes` already on disk (a short write goes on from there). */
  done: number;
}

/** Copies kept for reuse once written: a sync appends two buffers of ~1-2 MB per chunk, so a few suffice. */
const POOL = 4;
/**
 * The most bytes waiting to be written; past it an append is written at once. A history loaded in one synchronous run
 * (the demo's million events) never lets a write run: queued whole, its bodies held ~600 MB of memory.
 */
const QUEUE_BYTES = 8 * 1024 * 1024;

const leftOver = new Set<string>();
let exitHookSet = false;
const closer = new FinalizationRegistry<{ fd: number; path: string | undefined }>(({ fd, path }) => {
  try {
    closeSync(fd);
    if (path !== undefined) {
      rmSync(path, { force: true, recursive: true });
      leftOver.delete(path);
    }
  } catch {
    // already closed or removed: nothing to release
  }
});

export class SpillFile {
  #fd: number | undefined;
  #size = 0;
  /** Appends not yet on disk, oldest first; the first is being written unless `#failed`. */
  readonly #queue: Pending[] = [];
  /** Bytes in `#queue`. */
  #queued = 0;
  #writing = false;
  #failed = false;
  readonly #pool: Buffer[] = [];
  readonly #write: WriteBehind;
  readonly #writeNow: WriteNow;

  constructor({ writeBehind = write as WriteBehind, writeNow = writeSync as WriteNow }: { writeBehind?: WriteBehind; writeNow?: WriteNow } = {}) {
    this.#write = writeBehind;
    this.#writeNow = writeNow;
  }

  /** Bytes written so far. */
  get size(): number {
    return this.#size;
  }

  /** Appends `bytes` and returns the offset they were written at. */
  append(bytes: Uint8Array): number {
    const fd = this.#open();
    if (this.#failed) this.#writeQueueNow(fd);
    const at = this.#size;
    if (bytes.length === 0) return at;
    if (this.#queued + bytes.length > QUEUE_BYTES && !this.#queue.some((p) => p.at < at + bytes.length && at < p.at + p.bytes.length)) {
      // the thread has not let the writes run (a history loaded in one go): written here, so memory stays bounded;
      // no queued write overlaps these bytes, so none lands over them later
      for (let done = 0; done < bytes.length; ) done += this.#writeNow(fd, bytes, done, bytes.length - done, at + done);
    } else {
      this.#queue.push(this.#copy(at, bytes));
      this.#queued += bytes.length;
      this.#pump(fd);
    }
    this.#size += bytes.length;
    return at;
  }

  /** Forgets what was written from `size` on: the next append writes there. */
  truncate(size: number): void {
    this.#size = Math.min(this.#size, size);
  }

  /** Resolves once every append so far is on disk (or a write has failed; the next append writes it again). */
  settled(): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (this.#queue.length === 0 || this.#failed ? resolve() : setImmediate(check));
      check();
    });
  }

  /** Reads `length` bytes at `offset` into `into` (from its start); returns the filled view. */
  read(offset: number, length: number, into: Buffer): Buffer {
    if (length > into.length) throw new RangeError(`SpillFile.read: ${length} bytes do not fit in ${into.length}`);
    const fd = this.#fd;
    if (fd === undefined || offset + length > this.#size) throw new RangeError('SpillFile.read: beyond what was written');
    let done = 0;
    while (done < length) {
      const n = readSync(fd, into, done, length - done, offset + done);
      if (n === 0) break;
      done += n;
    }
    // the appends still in memory, in order, over what the file holds: the newest bytes of each offset win
    const spans: [number, number][] = [[0, done]];
    for (const p of this.#queue) {
      const from = Math.max(offset, p.at);
      const to = Math.min(offset + length, p.at + p.bytes.length);
      if (from >= to) continue;
      p.bytes.copy(into, from - offset, from - p.at, to - p.at);
      spans.push([from - offset, to - offset]);
    }
    if (done < length && coveredFrom0(spans) < length) throw new Error('SpillFile.read: the file ended early');
    return into.subarray(0, length);
  }

  /** A copy of `bytes` that stays as it is until written (the caller reuses its buffer), in a pooled buffer when one fits. */
  #copy(at: number, bytes: Uint8Array): Pending {
    const k = this.#pool.findIndex((b) => b.length >= bytes.length);
    const buffer = k === -1 ? Buffer.allocUnsafeSlow(bytes.length) : (this.#pool.splice(k, 1)[0] as Buffer);
    buffer.set(bytes);
    return { at, bytes: buffer.subarray(0, bytes.length), buffer, done: 0 };
  }

  #release(p: Pending): void {
    this.#queued -= p.bytes.length;
    if (this.#pool.length < POOL) this.#pool.push(p.buffer);
  }

  /** Writes the first queued append behind, then the next once it is done. */
  #pump(fd: number): void {
    const p = this.#queue[0];
    if (this.#writing || this.#failed || p === undefined) return;
    this.#writing = true;
    this.#write(fd, p.bytes, p.done, p.bytes.length - p.done, p.at + p.done, (error, written) => {
      this.#writing = false;
      if (error) {
        this.#failed = true;
        return;
      }
      p.done += written;
      if (p.done >= p.bytes.length) this.#release(this.#queue.shift() as Pending);
      this.#pump(fd);
    });
  }

  /** After a failed write: the queue written here and now, in order; throws (leaving it queued) when the disk still refuses. */
  #writeQueueNow(fd: number): void {
    for (let p = this.#queue[0]; p !== undefined; p = this.#queue[0]) {
      while (p.done < p.bytes.length) p.done += this.#writeNow(fd, p.bytes, p.done, p.bytes.length - p.done, p.at + p.done);
      this.#release(this.#queue.shift() as Pending);
    }
    this.#failed = false;
  }

  #open(): number {
    if (this.#fd !== undefined) return this.#fd;
    const dir = mkdtempSync(join(tmpdir(), 'flagdesk-events-'));
    const path = join(dir, 'bodies');
    const fd = openSync(path, 'wx+', 0o600);
    let kept: string | undefined;
    try {
      unlinkSync(path);
      rmSync(dir, { recursive: true, force: true });
    } catch {
      kept = dir;
      leftOver.add(dir);
      if (!exitHookSet) {
        exitHookSet = true;
        process.once('exit', () => {
          for (const path of leftOver) rmSync(path, { recursive: true, force: true });
        });
      }
    }
    closer.register(this, { fd, path: kept });
    this.#fd = fd;
    return fd;
  }
}

/** How far from 0 the spans (start, end) cover without a gap. */
function coveredFrom0(spans: [number, number][]): number {
  let end = 0;
  for (const [from, to] of spans.sort((a, b) => a[0] - b[0])) {
    if (from > end) break;
    end = Math.max(end, to);
  }
  return end;
}
