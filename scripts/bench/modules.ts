import { demoBackendBench } from './demo-backend';
import { eventLogBench } from './event-log';
import { eventsBench } from './events';
import { uiEventsBench } from './ui-events';
import { ipcDispatchBench } from './ipc-dispatch';
import { playgroundBench } from './playground';
import { remoteOverheadBench } from './remote-overhead';
import { rendererBundleBench } from './renderer-bundle';
import type { BenchModule } from './types';

/**
 * Every measurement, in run order. Add one: write scripts/bench/<name>.ts exporting a BenchModule, list it here.
 * The 1,000,000-event log goes last: the garbage it leaves made the timing ratios after it noisy.
 */
export const BENCH_MODULES: BenchModule[] = [
  demoBackendBench,
  ipcDispatchBench,
  remoteOverheadBench,
  rendererBundleBench,
  playgroundBench,
  uiEventsBench,
  eventsBench,
  eventLogBench,
];
