import { compareBench } from './compare';
import { demoBackendBench } from './demo-backend';
import { eventLogBench } from './event-log';
import { eventsBench } from './events';
import { uiEventsBench } from './ui-events';
import { ipcDispatchBench } from './ipc-dispatch';
import { playgroundBench } from './playground';
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
  { ...uiEventsBench, group: 'ui' },
  { ...playgroundBench, group: 'playground' },
  compareBench,
  { ...eventsBench, group: 'events' },
  { ...eventLogBench, group: eventLogBench.group ?? 'events' },
];
