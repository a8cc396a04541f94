/**
 * The one CSV-injection neutraliser: every CSV the app writes passes each cell through `spreadsheetSafe` first, so
 * text a server sent (a flag named `=HYPERLINK(...)`, a user `@SUM(...)`) is never run as a formula by a spreadsheet.
 *
 * The rule is OWASP's: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, which
 * spreadsheets read as "this cell is text" and do not display. The test is on the cell's text, whatever its type, so
 * a negative number (`-5`) is prefixed too and opens as the text `-5`: OWASP's advice, because `-2+3+cmd|...` starts
 * the same way, and telling a harmless number from a formula by parsing is exactly what an attacker would probe.
 * JSON and JSON Lines never pass through here: they keep every value as it is.
 */

/** The text a spreadsheet cell gets: `''` for null and undefined, objects as JSON, the rest as their text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The cell's text, with a leading `'` when a spreadsheet would otherwise read it as a formula. */
export function spreadsheetSafe(value: unknown): string {
  const text = cellText(value);
  // The pattern stays inside the function so mutation testing exercises it (a module-level constant is a static
  // mutant, which the mutation run skips).
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A whole row made safe, cell by cell. */
export function spreadsheetSafeRow(values: readonly unknown[]): string[] {
  return values.map(spreadsheetSafe);
}
