import { describe, expect, it } from 'vitest';
import { ownString } from './own-string';

describe('ownString', () => {
  it('gives the same characters, short or long, a lone surrogate kept as it is', () => {
    const page = `${'x'.repeat(1000)}[\ud800 a lone high, \udc00 a lone low, é€😀 and more]${'y'.repeat(1000)}`;
    for (const value of ['', 'a', page.slice(1000, 1012), page.slice(1000, 1013), page.slice(1000, 1060), page]) {
      const own = ownString(value);
      expect(own).toBe(value);
      expect(own.length).toBe(value.length);
    }
    expect(ownString('\ud800').charCodeAt(0)).toBe(0xd800);
  });
});
