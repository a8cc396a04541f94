import type { FixturedBackend } from '../../../electron/backend/instance-fixtures';
import { majorVersion } from '../../../shared/schemas';
import { REAL, skipMessage } from './env';
import { startDemoServer } from '../../../scripts/demo-server/spawn';
import type { Opened, SuiteTarget } from './target-suite';

export interface OpenBackend extends Opened {
  backend: FixturedBackend;
}

export type BackendTarget = SuiteTarget<OpenBackend>;

const DEMO_TOKEN = 'flagdesk-behaviour-token';

async function remote(url: string, token: string, stopServer: () => Promise<void>): Promise<OpenBackend> {
  const { createRemoteBackend } = await import('../../../electron/backend/remote/remote-backend');
  const backend = createRemoteBackend({ baseUrl: url, token });
  const close = async (): Promise<void> => {
    await backend.close();
    await stopServer();
  };
  try {
    return { backend, major: majorVersion((await backend.getUiConfig()).version), close };
  } catch (error) {
    await close();
    throw error;
  }
}

const demo: BackendTarget = {
  id: 'demo (in-process)',
  kind: 'demo',
  async open() {
    const { createDemoBackend } = await import('../../../electron/backend/demo/index');
    const backend = createDemoBackend({ dataset: 'empty' });
    return { backend, major: majorVersion((await backend.getUiConfig()).version), close: async () => undefined };
  },
};

const remoteDemo: BackendTarget = {
  id: 'remote -> demo-server',
  kind: 'demo',
  async open() {
    const server = await startDemoServer(DEMO_TOKEN);
    return remote(server.url, server.token, () => server.stop());
  },
};

/** The remote backend against the real server of one major line (5.x to 8.x). */
function remoteReal(major: 5 | 6 | 7 | 8): BackendTarget {
  const server = REAL[major];
  const id = `remote -> real Unleash ${server?.version ?? `${major}.x`} (UNLEASH_URL_${major})`;
  return {
    id,
    kind: 'real',
    ...(server ? {} : { skip: skipMessage(major, id) }),
    open: async () => {
      if (!server) throw new Error(`UNLEASH_URL_${major} is not set`);
      return remote(server.url, server.token, async () => undefined);
    },
  };
}

export const BACKEND_TARGETS: BackendTarget[] = [demo, remoteDemo, remoteReal(5), remoteReal(6), remoteReal(7), remoteReal(8)];
