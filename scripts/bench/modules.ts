import { demoBackendBench } from './demo-backend';
import { eventLogBench } from './event-log';
import { ipcDispatchBench } from './ipc-dispatch';
import { remoteOverheadBench } from './remote-overhead';
import type { BenchModule } from './types';
import { uiBench } from './ui';

/**
 * Every measurement, in run order. Add one: write scripts/bench/<name>.ts exporting a BenchModule, list it here.
 * The 1,000,000-event log goes last: the garbage it leaves made the timing ratios after it noisy.
 */
export const BENCH_MODULES: BenchModule[] = [
  { ...demoBackendBench, group: demoBackendBench.group ?? 'backend' },
  { ...ipcDispatchBench, group: ipcDispatchBench.group ?? 'ipc' },
  { ...remoteOverheadBench, group: remoteOverheadBench.group ?? 'remote' },
  uiBench,
  { ...eventLogBench, group: eventLogBench.group ?? 'events' },
];
