/**
 * The bench is a list of small measurement modules (modules.ts); each returns rows, and bench.ts prints them as a
 * table and writes .bench/results.json. Adding a measurement = one file here + one line in modules.ts.
 */

export interface BenchContext {
  /** Event log size for the event measurements (`--events N`, default 1,000,000). */
  events: number;
  /** Minimum timed runs for a percentile row. */
  runs: number;
}

/** A budget (docs/architecture.md#performance-budgets): the value must stay below `max` (at most `max` when `inclusive`), or reach at least `min`. */
export interface Budget {
  max?: number;
  inclusive?: boolean;
  min?: number;
  text: string;
}

export type RowStatus = 'pass' | 'over' | 'info' | 'todo';

export interface BenchRow {
  name: string;
  /** The headline figure, in `unit`; null when it could not be measured (status 'todo'). */
  value: number | null;
  unit: string;
  /** Secondary figures (p95, runs, heap, ...), shown in the note column and kept in the JSON. */
  extra?: Record<string, number>;
  budget?: Budget;
  status: RowStatus;
  note?: string;
}

export interface BenchModule {
  name: string;
  /** `npm run bench -- --only <group>` runs one group's rows alone (ui, events, backend, ipc, remote, ...). */
  group?: string;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}
