import { closeSync, mkdtempSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A scratch file for the event bodies, appended to (and rewound only when the events written last are taken back):
 * they are read only when a row is returned or a text search scans them, so keeping them out of the heap is what
 * holds a million events to a fraction of the memory (RSS counts neither the file nor the page cache that serves it).
 * The file is private (0600) and unlinked as soon as it is open, so nothing is left behind whatever way the process
 * ends; where unlinking an open file is refused (Windows), it is removed at exit. Its descriptor is closed when its
 * owner is garbage-collected.
 */

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

  /** Bytes written so far. */
  get size(): number {
    return this.#size;
  }

  /** Appends `bytes` and returns the offset they were written at. */
  append(bytes: Uint8Array): number {
    const fd = this.#open();
    const at = this.#size;
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, at + done);
    this.#size += bytes.length;
    return at;
  }

  /** Forgets what was written from `size` on: the next append writes there. */
  truncate(size: number): void {
    this.#size = Math.min(this.#size, size);
  }

  /** Reads `length` bytes at `offset` into `into` (from its start); returns the filled view. */
  read(offset: number, length: number, into: Buffer): Buffer {
    if (length > into.length) throw new RangeError(`SpillFile.read: ${length} bytes do not fit in ${into.length}`);
    const fd = this.#fd;
    if (fd === undefined || offset + length > this.#size) throw new RangeError('SpillFile.read: beyond what was written');
    let done = 0;
    while (done < length) {
      const n = readSync(fd, into, done, length - done, offset + done);
      if (n === 0) throw new Error('SpillFile.read: the file ended early');
      done += n;
    }
    return into.subarray(0, length);
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
