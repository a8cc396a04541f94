import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time';

describe('isoTime', () => {
  it('is toISOString for any time, in order or not (the hour it keeps never leaks into another)', () => {
    const time = fc.oneof(
      fc.integer({ min: 0, max: 253_402_300_799_999 }),
      fc.integer({ min: -8_640_000_000_000_000, max: 8_640_000_000_000_000 }),
      fc.double({ min: -1e15, max: 1e15, noNaN: true }),
      fc.constantFrom(0, 3_599_999, 3_600_000, 253_402_300_799_999, 253_402_300_800_000, -1, 0.5),
    );
    fc.assert(
      fc.property(fc.array(time, { minLength: 1, maxLength: 20 }), (times) => {
        for (const ms of times) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 500 },
    );
  });

  it('gives each row of an hour its own minutes, seconds and milliseconds', () => {
    const start = Date.parse('2026-03-01T10:00:00.000Z');
    for (const step of [0, 1, 9, 10, 99, 100, 999, 1000, 59_999, 60_000, 3_599_999]) {
      expect(isoTime(start + step)).toBe(new Date(start + step).toISOString());
    }
  });
});
