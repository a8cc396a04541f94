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

  it('exports results with quoting', () => {
    expect(resultsCsv([{ index: 0, matched: false, reason: 'tier "x" is not one of ["gold"]' }])).toBe(
      'row,matched,reason\r\n1,false,"tier ""x"" is not one of [""gold""]"',
    );
  });

  it('exports the OWASP CSV-injection payloads (a reason quotes what the server sent) as text, never as formulas', () => {
    const rows = owasp.payloads.map((payload, index) => ({ index, matched: false, reason: payload }));
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
