import { demoBackendBench } from './demo-backend';
import { eventLogBench } from './event-log';
import type { BenchModule } from './types';

/** Every measurement, in run order. Add one: write scripts/bench/<name>.ts exporting a BenchModule, list it here. */
export const BENCH_MODULES: BenchModule[] = [
  demoBackendBench,
  eventLogBench,
];
