import { describe, expect, it } from 'vitest';
import { jsonbText, jsonDeepEqual } from './pg-json-text';

describe('jsonbText', () => {
  it('renders like Postgres jsonb::text: keys by length then bytes, ", " and ": " separators', () => {
    expect(jsonbText({ name: 'a', id: 1, constraints: [], createdAt: 'x', description: null })).toBe(
      '{"id": 1, "name": "a", "createdAt": "x", "constraints": [], "description": null}',
    );
    expect(jsonbText({ b: [1, { z: true, y: 'q' }], a: 'é"' })).toBe('{"a": "é\\"", "b": [1, {"y": "q", "z": true}]}');
  });

  it('keeps every member whatever key lists came before: no keys and one empty key, keys that hold NUL', () => {
    // each pair once in each order: a list's cached key order must never stand for another list
    const pairs: [Record<string, unknown>, Record<string, unknown>][] = [
      [{}, { '': 1 }],
      [{ 'a\u0000b': 1 }, { a: 1, b: 2 }],
      [{ 'a\u0000b': 1, c: 2 }, { a: 1, 'b\u0000c': 2 }],
    ];
    for (const [first, second] of pairs) {
      for (const [x, y] of [
        [first, second],
        [second, first],
      ]) {
        jsonbText(x);
        expect(JSON.parse(jsonbText(y))).toEqual(y);
      }
    }
  });

  it('orders keys of one UTF-8 length by their bytes, astral characters after U+E000..U+FFFF, as PostgreSQL 15 does', () => {
    // jsonb_build_object over these keys, ::text, on PostgreSQL 15.18 (keys listed in their order there)
    const postgres = ['éa', '\uE000', 'abcd', 'éé', '\uE000a', '\uFFFDb', '𝄞', '😀', '€cd'];
    const values = [9, 8, 5, 7, 2, 3, 6, 1, 4];
    const expected = `{${postgres.map((key, i) => `${JSON.stringify(key)}: ${values[i]}`).join(', ')}}`;
    const entries = postgres.map((key, i) => [key, values[i]] as const);
    for (const order of [entries, [...entries].reverse()]) expect(jsonbText(Object.fromEntries(order))).toBe(expected);
  });

  it('compares deeply, ignoring key order', () => {
    expect(jsonDeepEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(jsonDeepEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });
});

describe('jsonDeepEqual edge cases', () => {
  it('compares dates by their JSON and ignores undefined keys', () => {
    expect(jsonDeepEqual({ at: new Date(0) }, { at: new Date(0) })).toBe(true);
    expect(jsonDeepEqual({ at: new Date(0) }, { at: new Date(1) })).toBe(false);
    expect(jsonDeepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonDeepEqual({ a: null }, { a: 0 })).toBe(false);
  });
});
