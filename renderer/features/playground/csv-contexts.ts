import Papa from 'papaparse';
import { spreadsheetSafe } from '../../../shared/csv/spreadsheet-safe';
import type { EvaluationContext } from '../../../shared/evaluation';

const TOP_LEVEL = new Set(['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime']);
const SHOWN_ERRORS = 5;

export interface ParsedContexts {
  contexts: EvaluationContext[];
  /** The CSV row each context came from (the header is row 1), in the same order. */
  rowNumbers: number[];
  /** One line per problem, naming the row (the header is row 1) and why, in the user's words. */
  errors: string[];
}

function cells(count: number): string {
  return count === 1 ? '1 cell' : `${count} cells`;
}

function columns(count: number): string {
  return count === 1 ? '1 column' : `${count} columns`;
}

/** Each row is its own evaluation: a 20 MB file of short rows would be millions of them. */
export const MAX_CONTEXT_ROWS = 100_000;

/**
 * Contexts from CSV text with a header row: the standard fields by name, every other column a property. Empty cells
 * are left out (an absent field, not an empty string). The rows are mapped here rather than by papaparse's `header`
 * mode, which puts a row's extra cells in an array under `__parsed_extra` and renames repeated headers silently: a
 * row with more cells than the header is a row error (and is left out), one with fewer keeps what it has. At most
 * `maxRows` rows are read; beyond that, the first message says so.
 */
export function parseContextsCsv(text: string, maxRows: number = MAX_CONTEXT_ROWS): ParsedContexts {
  // the header, the rows, and one more to tell "exactly at the cap" from "over it" without reading the rest
  const result = Papa.parse<unknown>(text.trim(), { skipEmptyLines: 'greedy', preview: maxRows + 2 });
  const rows = result.data.map((row) => (Array.isArray(row) ? row.map((cell) => (typeof cell === 'string' ? cell : '')) : []));
  const errors: string[] = [];
  for (const error of result.errors) {
    // Auto-detection falling back to a comma is what a one-column CSV is, not a problem.
    if (error.code === 'UndetectableDelimiter') continue;
    errors.push(error.row === undefined ? error.message : `row ${error.row + 1}: ${error.message}`);
  }
  const [header = [], ...all] = rows;
  const body = all.slice(0, maxRows);
  if (all.length > maxRows) errors.push(`Only the first ${maxRows.toLocaleString('en-US')} rows are used; the rest of the file is left out.`);
  const names = header.map((name) => name.trim());
  const seen = new Set<string>();
  for (const name of names) {
    if (name !== '' && seen.has(name)) errors.push(`row 1: the column "${name}" appears twice; only its last cell counts`);
    seen.add(name);
  }
  const contexts: EvaluationContext[] = [];
  const rowNumbers: number[] = [];
  body.forEach((row, index) => {
    const rowNumber = index + 2;
    if (row.length > names.length) {
      errors.push(`row ${rowNumber}: ${cells(row.length)}, but the header has ${columns(names.length)}; the row is left out`);
      return;
    }
    if (row.length < names.length) {
      errors.push(`row ${rowNumber}: ${cells(row.length)}, but the header has ${columns(names.length)}; the missing ones are empty`);
    }
    contexts.push(toContext(names, row));
    rowNumbers.push(rowNumber);
  });
  const hidden = errors.length - SHOWN_ERRORS;
  return {
    contexts,
    rowNumbers,
    errors: hidden > 0 ? [...errors.slice(0, SHOWN_ERRORS), `and ${hidden} more problems`] : errors,
  };
}

function toContext(names: readonly string[], row: readonly string[]): EvaluationContext {
  const context: Record<string, unknown> = {};
  const properties = new Map<string, string>();
  row.forEach((raw, index) => {
    const column = names[index] ?? '';
    const value = raw.trim();
    if (value === '' || column === '') return;
    if (TOP_LEVEL.has(column)) context[column] = value;
    else properties.set(column, value);
  });
  // A column may be named `__proto__`: define properties instead of assigning them.
  if (properties.size > 0) context.properties = Object.fromEntries(properties);
  return context as EvaluationContext;
}

/** CSV of a batch's outcome, one line per context; the reason quotes server text, so cells are made spreadsheet-safe. */
export function resultsCsv(rows: readonly { row: number; matched: boolean; reason: string }[]): string {
  const safe = rows.map((r) => ({ row: spreadsheetSafe(r.row), matched: spreadsheetSafe(r.matched), reason: spreadsheetSafe(r.reason) }));
  return Papa.unparse(safe, { columns: ['row', 'matched', 'reason'] });
}
