import type { BenchRow, Budget } from './types';

/** A measured row, judged against its budget (no budget: informational). */
export function row(
  name: string,
  value: number,
  unit: string,
  budget?: Budget,
  extra?: Record<string, number>,
  note?: string,
): BenchRow {
  let status: BenchRow['status'] = 'info';
  if (budget) {
    const overMax = budget.max !== undefined && !(budget.inclusive ? value <= budget.max : value < budget.max);
    const underMin = budget.min !== undefined && !(value >= budget.min);
    status = overMax || underMin ? 'over' : 'pass';
  }
  return { name, value, unit, status, ...(budget ? { budget } : {}), ...(extra ? { extra } : {}), ...(note ? { note } : {}) };
}

/** A row that could not be measured yet, saying why. */
export function todo(name: string, note: string, budget?: Budget): BenchRow {
  return { name, value: null, unit: '', status: 'todo', note, ...(budget ? { budget } : {}) };
}
