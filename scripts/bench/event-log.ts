import { runChild } from './child';
import type { BenchContext, BenchModule, BenchRow } from './types';

/**
 * The demo event log at bench scale: seeding, memory, list, filtered and free-text search. Measured in a process of
 * its own (event-log-child.ts), so the memory row is the log's and not what earlier modules left in this one.
 */
export const eventLogBench: BenchModule = {
  name: 'event log',
  async run(ctx: BenchContext): Promise<BenchRow[]> {
    return runChild<BenchRow[]>('event-log-child.ts', [String(ctx.events), String(ctx.runs)]);
  },
};
