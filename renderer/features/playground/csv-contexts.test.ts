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
});
