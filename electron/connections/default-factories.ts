import type { BackendFactories } from './backend-factories';

/**
 * The real backends, imported on first use: the demo's seeded dataset is only built when the demo is opened, and
 * the remote client only when a remote profile is used. (esbuild still bundles them into main.cjs.)
 */
export const defaultFactories: BackendFactories = {
  async openDemo(dir) {
    const { openDemoStore } = await import('../backend/demo/persistence/snapshot-store');
    return openDemoStore(dir);
  },
  async createRemote(settings) {
    const { createRemoteBackend } = await import('../backend/remote/remote-backend');
    return createRemoteBackend(settings);
  },
  async testConnection(settings, signal) {
    const { testConnection } = await import('../backend/remote/test-connection');
    return testConnection(settings, signal);
  },
};
