import type { FixturedBackend } from '../../../electron/backend/instance-fixtures';
import { majorVersion } from '../../../shared/schemas';
import { REAL_6, REAL_8, skipMessage, type LiveServer } from './env';
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

function remoteReal(id: string, variable: string, server: LiveServer | undefined): BackendTarget {
  return {
    id,
    kind: 'real',
    ...(server ? {} : { skip: skipMessage(variable, id) }),
    open: async () => {
      if (!server) throw new Error(`${variable} is not set`);
      return remote(server.url, server.token, async () => undefined);
    },
  };
}

export const BACKEND_TARGETS: BackendTarget[] = [
  demo,
  remoteDemo,
  remoteReal('remote -> real Unleash 6 (UNLEASH_URL_6)', 'UNLEASH_URL_6', REAL_6),
  remoteReal('remote -> real Unleash 8 (UNLEASH_URL_8)', 'UNLEASH_URL_8', REAL_8),
];
