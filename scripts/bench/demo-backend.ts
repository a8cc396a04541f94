import { createDemoBackend } from '../../electron/backend/demo/index';
import { row } from './rows';
import { timeRunsAsync } from './stats';
import type { BenchContext, BenchModule, BenchRow, Budget } from './types';

const READY_BUDGET: Budget = { max: 150, text: '< 150 ms' };
const READY_NAME = 'demo backend ready (default dataset)';
const CRUD_NAME = 'segment CRUD on the demo backend';

/** Startup of the demo backend with its default dataset, and segment create/get/update/delete throughput. */
export const demoBackendBench: BenchModule = {
  name: 'demo backend',
  async run(ctx: BenchContext): Promise<BenchRow[]> {
    // "Ready" = constructed and able to answer a first read.
    const ready = await timeRunsAsync(async () => {
      const backend = createDemoBackend();
      await backend.listSegments();
    }, ctx.runs);
    const rows = [row(READY_NAME, ready.p50, 'ms', READY_BUDGET, { p95: round(ready.p95), runs: ready.runs })];

    const backend = createDemoBackend();
    const constraints = [
      { contextName: 'userId', operator: 'IN' as const, values: ['u1', 'u2', 'u3'] },
      { contextName: 'appName', operator: 'STR_STARTS_WITH' as const, values: ['web'], caseInsensitive: true },
    ];
    let ops = 0;
    let cycle = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 1000) {
      const name = `bench-segment-${cycle++}`;
      const created = await backend.createSegment({ name, description: 'bench', constraints });
      await backend.getSegment({ id: created.id });
      await backend.updateSegment({ id: created.id, segment: { name, description: 'bench, updated', constraints: constraints.slice(0, 1) } });
      await backend.deleteSegment({ id: created.id });
      ops += 4;
    }
    const seconds = (performance.now() - t0) / 1000;
    rows.push(row(CRUD_NAME, ops / seconds, 'ops/s', undefined, { cycles: cycle }, 'create+get+update+delete, each one op'));
    return rows;
  },
};

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
