import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import owasp from '../../../shared/csv/fixtures/owasp-csv-injection.json';
import { parseContextsCsv, resultsCsv } from './csv-contexts';

describe('CSV contexts', () => {
  it('maps standard columns to fields and the rest to properties, skipping empty cells', () => {
    const { contexts, errors } = parseContextsCsv('userId,tier,"note, with comma"\nu1,gold,"a, b"\nu2,,\n');
    expect(errors).toEqual([]);
    expect(contexts).toEqual([{ userId: 'u1', properties: { tier: 'gold', 'note, with comma': 'a, b' } }, { userId: 'u2' }]);
  });

  it('makes a row with more cells than the header a row error that names the row, and leaves it out', () => {
    const { contexts, errors, rowNumbers } = parseContextsCsv('userId\nu1,\nu2');
    expect(errors).toEqual(['row 2: 2 cells, but the header has 1 column; the row is left out']);
    expect(contexts).toEqual([{ userId: 'u2' }]);
    expect(rowNumbers).toEqual([3]);
  });

  it('keeps a row with fewer cells than the header and says which', () => {
    const { contexts, errors } = parseContextsCsv('userId,tier\nu1');
    expect(errors).toEqual(['row 2: 1 cell, but the header has 2 columns; the missing ones are empty']);
    expect(contexts).toEqual([{ userId: 'u1' }]);
  });

  it('says a repeated column, and takes no spurious delimiter warning for one column', () => {
    expect(parseContextsCsv('tier,tier\na,b').errors).toEqual(['row 1: the column "tier" appears twice; only its last cell counts']);
    expect(parseContextsCsv('userId\nu1').errors).toEqual([]);
  });

  it('keeps a column named __proto__ as a property', () => {
    const { contexts } = parseContextsCsv('__proto__\nx');
    expect(Object.keys(contexts[0]?.properties ?? {})).toEqual(['__proto__']);
  });

  it('exports results with quoting', () => {
    expect(resultsCsv([{ row: 2, matched: false, reason: 'tier "x" is not one of ["gold"]' }])).toBe(
      'row,matched,reason\r\n2,false,"tier ""x"" is not one of [""gold""]"',
    );
  });

  const csvish = fc.array(
    fc.oneof(fc.constantFrom(',', '\n', '\r\n', '"', '""', ' ', '\t', ';', '__parsed_extra', '__proto__', 'userId', 'properties'), fc.string(), fc.string({ unit: 'grapheme' })),
    { maxLength: 60 },
  ).map((parts) => parts.join(''));

  it('never throws on any text, and every context comes with its row', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), csvish), (text) => {
        const parsed = parseContextsCsv(text);
        expect(parsed.rowNumbers).toHaveLength(parsed.contexts.length);
        expect(parsed.errors.length).toBeLessThanOrEqual(6);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('never throws on a huge line', () => {
    expect(() => parseContextsCsv(`userId\n${'x,'.repeat(100_000)}`)).not.toThrow();
  });

  it('exports the OWASP CSV-injection payloads (a reason quotes what the server sent) as text, never as formulas', () => {
    const rows = owasp.payloads.map((payload, index) => ({ row: index + 2, matched: false, reason: payload }));
    const parsed = Papa.parse<string[]>(resultsCsv(rows), { newline: '\r\n' }).data;
    expect(parsed[0]).toEqual(['row', 'matched', 'reason']);
    expect(parsed.slice(1).map((row) => row[2])).toEqual(owasp.payloads.map((payload) => `'${payload}`));
  });

  it('reads at most the row cap and says so; at the cap exactly, nothing is said', () => {
    const rows = (n: number) => 'userId,tier\n' + Array.from({ length: n }, (_, i) => `u${i},gold`).join('\n');
    const over = parseContextsCsv(rows(12), 10);
    expect(over.contexts).toHaveLength(10);
    expect(over.contexts.at(-1)).toEqual({ userId: 'u9', properties: { tier: 'gold' } });
    expect(over.errors).toEqual(['Only the first 10 rows are used; the rest of the file is left out.']);
    expect(parseContextsCsv(rows(10), 10)).toMatchObject({ errors: [] });
    expect(parseContextsCsv(rows(10), 10).contexts).toHaveLength(10);
  });

  it('caps a large file at 100,000 contexts by default', () => {
    const { contexts, errors } = parseContextsCsv('userId,tier\n' + 'u,g\n'.repeat(100_050));
    expect(contexts).toHaveLength(100_000);
    expect(errors[0]).toBe('Only the first 100,000 rows are used; the rest of the file is left out.');
  });
});
