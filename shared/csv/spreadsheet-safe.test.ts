import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import owasp from './fixtures/owasp-csv-injection.json';
import { cellText, spreadsheetSafe, spreadsheetSafeRow } from './spreadsheet-safe';

const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];

describe('spreadsheetSafe', () => {
  it.each(owasp.payloads)('prefixes the OWASP payload %j with a quote and keeps the rest as it was', (payload) => {
    expect(spreadsheetSafe(payload)).toBe(`'${payload}`);
  });

  it.each(TRIGGERS)('prefixes a cell starting with %j, and only at the start', (trigger) => {
    expect(spreadsheetSafe(`${trigger}x`)).toBe(`'${trigger}x`);
    expect(spreadsheetSafe(`x${trigger}`)).toBe(`x${trigger}`);
  });

  it('leaves ordinary text, a quote already there, a leading space or newline, and positive numbers alone', () => {
    for (const text of ['flag-a', "'=1+1", ' =1+1', '\n=1', 'a=b', '5', '', 'ümlaut', '#hash']) expect(spreadsheetSafe(text)).toBe(text);
    expect(spreadsheetSafe(42)).toBe('42');
    expect(spreadsheetSafe(true)).toBe('true');
  });

  it('prefixes a negative number too (the documented choice: it opens as the text -5)', () => {
    expect(spreadsheetSafe(-5)).toBe("'-5");
    expect(spreadsheetSafe('-0.5')).toBe("'-0.5");
  });

  it('writes null and undefined as empty cells and objects as JSON, checked after conversion', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
    expect(spreadsheetSafe({ a: '=1' })).toBe('{"a":"=1"}');
    expect(spreadsheetSafe(['=1'])).toBe('["=1"]');
  });

  it('makes a whole row safe', () => {
    expect(spreadsheetSafeRow(['=1', 2, null, '@x'])).toEqual(["'=1", '2', '', "'@x"]);
  });

  it('never yields a cell a spreadsheet reads as a formula, and removing the prefix gives the text back', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const safe = spreadsheetSafe(text);
        expect(TRIGGERS.includes(safe.charAt(0))).toBe(false);
        expect(safe === text || safe === `'${text}`).toBe(true);
        expect(safe !== text).toBe(TRIGGERS.includes(text.charAt(0)));
      }),
    );
  });
});
