import Papa from 'papaparse';
import { spreadsheetSafe } from '../../../shared/csv/spreadsheet-safe';
import type { EvaluationContext } from '../../../shared/evaluation';

const TOP_LEVEL = new Set(['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime']);

/**
 * Contexts from CSV text with a header row: the standard fields by name, every other column a property. Empty cells
 * are left out (an absent field, not an empty string).
 */
export function parseContextsCsv(text: string): { contexts: EvaluationContext[]; errors: string[] } {
  const result = Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true, transformHeader: (h) => h.trim() });
  const contexts = result.data.map((row) => {
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
  return { contexts, errors: result.errors.slice(0, 5).map((e) => `row ${(e.row ?? 0) + 2}: ${e.message}`) };
}

/** CSV of a batch's outcome, one line per context; the reason quotes server text, so cells are made spreadsheet-safe. */
export function resultsCsv(rows: readonly { index: number; matched: boolean; reason: string }[]): string {
  const safe = rows.map((r) => ({ row: spreadsheetSafe(r.index + 1), matched: spreadsheetSafe(r.matched), reason: spreadsheetSafe(r.reason) }));
  return Papa.unparse(safe, { columns: ['row', 'matched', 'reason'] });
}
