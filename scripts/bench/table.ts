import type { BenchRow } from './types';

/** A plain-text table: measurement, value, budget, status, details. */
export function formatTable(rows: { module: string; row: BenchRow }[]): string {
  const lines = rows.map(({ module, row }) => [
    `${module}: ${row.name}`,
    row.value === null ? '-' : `${formatNumber(row.value)} ${row.unit}`,
    row.budget?.text ?? '-',
    row.status === 'over' ? 'OVER' : row.status,
    [
      ...Object.entries(row.extra ?? {}).map(([k, v]) => `${k}=${formatNumber(v)}`),
      ...(row.note ? [row.note] : []),
    ].join(', '),
  ]);
  const header = ['measurement', 'value', 'budget', 'status', 'details'];
  const widths = header.map((h, c) => Math.max(h.length, ...lines.map((l) => (l[c] as string).length)));
  const fmt = (cells: string[]) => cells.map((cell, c) => cell.padEnd(widths[c] as number)).join(' | ').trimEnd();
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(fmt)].join('\n');
}

function formatNumber(x: number): string {
  if (Number.isInteger(x)) return x.toLocaleString('en-US');
  if (Math.abs(x) >= 100) return Math.round(x).toLocaleString('en-US');
  if (Math.abs(x) >= 1) return x.toFixed(2);
  return x.toFixed(3);
}
