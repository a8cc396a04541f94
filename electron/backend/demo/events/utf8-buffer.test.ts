import { describe, expect, it } from 'vitest';
import { Utf8Buffer } from './utf8-buffer';

const text = (b: Utf8Buffer): string => b.written().toString('utf8');

describe('Utf8Buffer', () => {
  it('keeps the bytes written before it grows', () => {
    const b = new Utf8Buffer(4);
    b.text('abc');
    b.text('defgh');
    b.byte(0x2e);
    expect(text(b)).toBe('abcdefgh.');
    expect(b.buffer.length).toBeGreaterThanOrEqual(9);
  });

  it('does not grow for a text whose UTF-8 fits though three bytes a unit would not', () => {
    const b = new Utf8Buffer(10);
    const first = b.buffer;
    b.text('abcdefgh', 2);
    b.byte(0x0a);
    b.byte(0x0a);
    expect(b.buffer).toBe(first);
    expect(text(b)).toBe('abcdefgh\n\n');
  });

  it('writes a multi-byte text that ends at the buffer end whole, and grows for one a byte longer', () => {
    const exact = new Utf8Buffer(10);
    exact.text('abc');
    exact.text('é€é'); // 2 + 3 + 2 bytes: the 7 left
    expect(exact.buffer.length).toBe(10);
    expect(text(exact)).toBe('abcé€é');

    const over = new Utf8Buffer(10);
    over.text('abcd');
    over.text('é€é'); // 7 bytes where 6 are left
    expect(over.buffer.length).toBe(20);
    expect(text(over)).toBe('abcdé€é');
  });

  it('reserves the spare bytes: a text that fits only without them grows the buffer first', () => {
    const b = new Utf8Buffer(10);
    b.text('abcdefghij', 1);
    expect(b.buffer.length).toBe(20);
    b.byte(0x0a);
    expect(text(b)).toBe('abcdefghij\n');

    // three bytes a unit fit, the spare bytes do not
    const spare = new Utf8Buffer(4);
    spare.text('a', 5);
    expect(spare.buffer.length).toBe(8);
  });

  it('cuts what follows when its end is set back', () => {
    const b = new Utf8Buffer(16);
    b.text('abc');
    b.text('def');
    b.end = 3;
    b.text('xy');
    expect(text(b)).toBe('abcxy');
  });

  it('keeps its buffer on clear up to four times its size, and drops one grown past that', () => {
    const kept = new Utf8Buffer(4);
    kept.text('x'.repeat(16));
    const grown = kept.buffer;
    kept.clear();
    expect(kept.buffer).toBe(grown);
    expect(kept.written().length).toBe(0);

    const dropped = new Utf8Buffer(4);
    dropped.text('x'.repeat(17));
    expect(dropped.buffer.length).toBe(17);
    dropped.clear();
    expect(dropped.buffer.length).toBe(4);
    expect(dropped.written().length).toBe(0);
  });

  it('keeps any buffer on clear when told to keep up to Infinity', () => {
    const b = new Utf8Buffer(4, Infinity);
    b.text('x'.repeat(1000));
    const grown = b.buffer;
    b.clear();
    expect(b.buffer).toBe(grown);
  });
});
