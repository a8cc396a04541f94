import { describe, expect, it } from 'vitest';
import { parseContextsCsv, resultsCsv } from './csv-contexts';

describe('CSV contexts', () => {
  it('maps standard columns to fields and the rest to properties, skipping empty cells', () => {
    const { contexts, errors } = parseContextsCsv('userId,tier,"note, with comma"\nu1,gold,"a, b"\nu2,,\n');
    expect(errors).toEqual([]);
    expect(contexts).toEqual([{ userId: 'u1', properties: { tier: 'gold', 'note, with comma': 'a, b' } }, { userId: 'u2' }]);
  });

  it('exports results with quoting', () => {
    expect(resultsCsv([{ index: 0, matched: false, reason: 'tier "x" is not one of ["gold"]' }])).toBe(
      'row,matched,reason\r\n1,false,"tier ""x"" is not one of [""gold""]"',
    );
  });
});
