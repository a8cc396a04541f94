import { describe, expect, it } from 'vitest';
import { outcomeFor, type Versioned } from './target-suite';

/** Which column of a Versioned row each server line is held to. */
describe('outcomeFor: the 5.x and 7.x columns', () => {
  const row: Versioned<string> = { name: 'r', expect: 'six', v8: 'eight' };

  it('5.x and 6.x take `expect`, 7.x and 8.x take `v8`, unless a line has its own column', () => {
    expect([5, 6, 7, 8].map((major) => outcomeFor(row, 'real', major))).toEqual(['six', 'six', 'eight', 'eight']);
    const own: Versioned<string> = { ...row, v5: 'five', v7: 'seven' };
    expect([5, 6, 7, 8].map((major) => outcomeFor(own, 'real', major))).toEqual(['five', 'six', 'seven', 'eight']);
  });

  it("'skip' in a line's column leaves the row out on that line only", () => {
    const skipped: Versioned<string> = { ...row, v5: 'skip' };
    expect(outcomeFor(skipped, 'real', 5)).toBeUndefined();
    expect(outcomeFor(skipped, 'real', 6)).toBe('six');
  });
});
