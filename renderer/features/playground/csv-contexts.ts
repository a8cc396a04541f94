import Papa from 'papaparse';
import { spreadsheetSafe } from '../../../shared/csv/spreadsheet-safe';
import type { EvaluationContext } from '../../../shared/evaluation';

const TOP_LEVEL = new Set(['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime']);

/** Each row is its own evaluation: a 20 MB file of short rows would be millions of them. */
export const MAX_CONTEXT_ROWS = 100_000;

/**
 * Contexts from CSV text with a header row: the standard fields by name, every other column a property. Empty cells
 * are left out (an absent field, not an empty string). At most MAX_CONTEXT_ROWS rows are read; beyond that, the
 * first message says so.
 */
export function parseContextsCsv(text: string, maxRows: number = MAX_CONTEXT_ROWS): { contexts: EvaluationContext[]; errors: string[] } {
  // one row past the cap tells "exactly at the cap" from "over it" without reading the rest
  const result = Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true, transformHeader: (h) => h.trim(), preview: maxRows + 1 });
  const capped = result.data.length > maxRows;
  const contexts = result.data.slice(0, maxRows).map((row) => {
    const context: EvaluationContext = {};
    const properties: Record<string, string> = {};
    for (const [column, raw] of Object.entries(row)) {
      const value = (raw ?? '').trim();
      if (value === '' || column === '') continue;
      if (TOP_LEVEL.has(column)) (context as Record<string, unknown>)[column] = value;
      else properties[column] = value;
    }
    if (Object.keys(properties).length > 0) context.properties = properties;
    return context;
  });
  const errors = result.errors.slice(0, 5).map((e) => `row ${(e.row ?? 0) + 2}: ${e.message}`);
  const cap = `Only the first ${maxRows.toLocaleString('en-US')} rows are used; the rest of the file is left out.`;
  return { contexts, errors: capped ? [cap, ...errors] : errors };
}

/** CSV of a batch's outcome, one line per context; the reason quotes server text, so cells are made spreadsheet-safe. */
export function resultsCsv(rows: readonly { index: number; matched: boolean; reason: string }[]): string {
  const safe = rows.map((r) => ({ row: spreadsheetSafe(r.index + 1), matched: spreadsheetSafe(r.matched), reason: spreadsheetSafe(r.reason) }));
  return Papa.unparse(safe, { columns: ['row', 'matched', 'reason'] });
}
