import { DemoBackend, type DemoOptions } from './demo-backend';

export { DemoBackend, type DemoOptions } from './demo-backend';
export type { DemoSnapshot } from './model/snapshot';
export { openDemoStore, type DemoStore } from './persistence/snapshot-store';

export function createDemoBackend(options?: DemoOptions): DemoBackend {
  return DemoBackend.create(options);
}
