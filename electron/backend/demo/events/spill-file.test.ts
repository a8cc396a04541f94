import { write, writeSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SpillFile, type WriteBehind, type WriteNow } from './spill-file';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const readText = (file: SpillFile, offset: number, length: number) => file.read(offset, length, Buffer.alloc(length)).toString('utf8');

/** A write behind that holds each write until `release()`, then does it (or fails it while `refuse` is set). */
function heldWrites() {
  const held: (() => void)[] = [];
  let refuse = false;
  const writeBehind: WriteBehind = (fd, data, offset, length, position, done) => {
    held.push(() => (refuse ? done(new Error('ENOSPC: no space left on device'), 0) : write(fd, data, offset, length, position, done)));
  };
  return {
    writeBehind,
    refuse: (on: boolean) => (refuse = on),
    held: () => held.length,
    /** Lets the writes go, each as it comes, until none has come for 50 ms. */
    async release() {
      for (let quiet = 0; quiet < 10; ) {
        const next = held.shift();
        if (next) next();
        quiet = next ? 0 : quiet + 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

describe('SpillFile', () => {
  it('reads back what was appended before its write is done, and the same once it is', async () => {
    const writes = heldWrites();
    const file = new SpillFile({ writeBehind: writes.writeBehind });
    expect(file.append(bytes('alpha'))).toBe(0);
    expect(file.append(bytes('beta'))).toBe(5);
    expect(writes.held()).toBe(1); // one write at a time: beta waits for alpha's
    expect(readText(file, 3, 4)).toBe('habe');
    await writes.release();
    await file.settled();
    expect(readText(file, 0, 9)).toBe('alphabeta');
  });

  it('keeps its copy: the caller may reuse the buffer it appended at once', async () => {
    const file = new SpillFile();
    const reused = bytes('first');
    file.append(reused);
    reused.write('xxxxx');
    file.append(reused);
    expect(readText(file, 0, 10)).toBe('firstxxxxx');
    await file.settled();
    expect(readText(file, 0, 10)).toBe('firstxxxxx');
  });

  it('after a truncate, the bytes appended in its place win over the ones written before', async () => {
    const writes = heldWrites();
    const file = new SpillFile({ writeBehind: writes.writeBehind });
    file.append(bytes('kept'));
    file.append(bytes('undone'));
    file.truncate(4);
    expect(file.append(bytes('again!'))).toBe(4);
    expect(readText(file, 0, 10)).toBe('keptagain!');
    await writes.release();
    await file.settled();
    expect(readText(file, 0, 10)).toBe('keptagain!');
    expect(() => readText(file, 0, 11)).toThrow(RangeError);
  });

  it('a write that fails is written again by the next append, which throws while the disk still refuses', async () => {
    const writes = heldWrites();
    let full = true;
    const writeNow: WriteNow = (fd, data, offset, length, position) => {
      if (full) throw new Error('ENOSPC: no space left on device');
      return writeSync(fd, data, offset, length, position);
    };
    const file = new SpillFile({ writeBehind: writes.writeBehind, writeNow });
    file.append(bytes('one'));
    writes.refuse(true);
    await writes.release();
    await file.settled();
    // still readable: the bytes stay in memory until written
    expect(readText(file, 0, 3)).toBe('one');
    expect(() => file.append(bytes('two'))).toThrow('ENOSPC');
    expect(file.size).toBe(3);
    full = false;
    writes.refuse(false);
    expect(file.append(bytes('two'))).toBe(3);
    await writes.release();
    await file.settled();
    expect(readText(file, 0, 6)).toBe('onetwo');
    expect(file.size).toBe(6);
  });

  it('past what it may hold, writes at once what a run that never lets the writes go appends, and reads all of it back', async () => {
    const writes = heldWrites();
    const file = new SpillFile({ writeBehind: writes.writeBehind });
    const pieces = Array.from({ length: 12 }, (_, k) => Buffer.alloc(1 << 20, 65 + k));
    for (const piece of pieces) file.append(piece);
    expect(file.read(0, 12 << 20, Buffer.alloc(12 << 20)).equals(Buffer.concat(pieces))).toBe(true);
    await writes.release();
    await file.settled();
    expect(file.read(0, 12 << 20, Buffer.alloc(12 << 20)).equals(Buffer.concat(pieces))).toBe(true);
  });

  it('bytes past that limit that rewrite bytes still queued wait behind them, so the older write never lands over them', async () => {
    const writes = heldWrites();
    const file = new SpillFile({ writeBehind: writes.writeBehind });
    file.append(Buffer.alloc(6 << 20, 'a'));
    file.append(Buffer.alloc(1 << 20, 'b'));
    file.truncate(0);
    const again = Buffer.alloc(9 << 20, 'c');
    file.append(again);
    await writes.release();
    await file.settled();
    expect(file.read(0, 9 << 20, Buffer.alloc(9 << 20)).equals(again)).toBe(true);
  });
});
