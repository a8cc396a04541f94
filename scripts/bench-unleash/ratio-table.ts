/** One measurement, both sides: for times and memory alike, ratio = Unleash / Flagdesk (above 1: Flagdesk faster or smaller). */
export interface RatioRow {
  name: string;
  unit: 'ms' | 's' | 'MiB';
  unleash: number | null;
  flagdesk: number | null;
  ratio: number | null;
  /** Every run's figure and how it was taken. */
  details: string;
}

export function ratioRow(name: string, unit: RatioRow['unit'], unleash: number | null, flagdesk: number | null, details: string): RatioRow {
  const ratio = unleash !== null && flagdesk !== null && flagdesk > 0 ? unleash / flagdesk : null;
  return { name, unit, unleash, flagdesk, ratio, details };
}

export function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const fmt = (value: number | null, unit: string) => {
  if (value === null) return '-';
  const digits = Math.abs(value) >= 100 ? 0 : 1;
  return `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${unit}`;
};

/** A plain-text table: measurement, Unleash, Flagdesk, ratio, details. */
export function formatRatioTable(rows: RatioRow[], unleashLabel: string): string {
  const header = ['measurement', unleashLabel, 'Flagdesk', 'ratio', 'details'];
  const lines = rows.map((r) => [r.name, fmt(r.unleash, r.unit), fmt(r.flagdesk, r.unit), r.ratio === null ? '-' : `${r.ratio.toFixed(2)}x`, r.details]);
  const widths = header.map((h, c) => Math.max(h.length, ...lines.map((l) => (l[c] as string).length)));
  const line = (cells: string[]) => cells.map((cell, c) => (c === 1 || c === 2 || c === 3 ? cell.padStart(widths[c] as number) : cell.padEnd(widths[c] as number))).join(' | ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(line)].join('\n');
}
