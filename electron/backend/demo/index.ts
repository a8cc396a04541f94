export { createDemoBackend, type DemoBackend, type DemoOptions } from './demo-backend';
export type { DemoSnapshot } from './model/snapshot';
export { openDemoStore, type DemoStore } from './persistence/snapshot-store';
