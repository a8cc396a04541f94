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
    const [{ createRemoteBackend }, { trustedCertificates }] = await Promise.all([
      import('../backend/remote/remote-backend'),
      import('../backend/remote/tls-trust'),
    ]);
    return createRemoteBackend({ ...settings, ca: await trustedCertificates(settings.caFile) });
  },
  async testConnection(settings, signal) {
    const [{ testConnection }, { trustedCertificates }] = await Promise.all([
      import('../backend/remote/test-connection'),
      import('../backend/remote/tls-trust'),
    ]);
    let ca: string[];
    try {
      ca = await trustedCertificates(settings.caFile);
    } catch (error) {
      // An unreadable CA file is the answer to the test, in its own words.
      return { ok: false, reachable: false, message: error instanceof Error ? error.message : 'The CA file could not be read.' };
    }
    return testConnection({ ...settings, ca }, signal);
  },
};
