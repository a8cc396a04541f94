import { afterAll, afterEach, beforeAll } from 'vitest';
import { createRemoteBackend, type RemoteBackend, type RemoteOptions } from '../remote-backend';
import { TOKEN } from './fixtures';
import { startStub, type Stub } from './stub-server';

export interface StubBackend {
  /** The file's stub server; valid inside tests (it starts in beforeAll). */
  stub: Stub;
  /** A remote backend on the stub (or on `baseUrl`) with the test token; closed after the test. */
  connect(baseUrl?: string, extra?: Partial<RemoteOptions>): RemoteBackend;
}

/**
 * One stub server for the test file, its recorded requests cleared and the test's backend closed after each test.
 * Call once at the top of a test file.
 */
export function useStubBackend(): StubBackend {
  let server: Stub | undefined;
  let backend: RemoteBackend | undefined;
  const started = (): Stub => {
    if (!server) throw new Error('the stub server starts in beforeAll: use it inside a test');
    return server;
  };

  beforeAll(async () => {
    server = await startStub();
  });
  afterAll(() => server?.close());
  afterEach(async () => {
    await backend?.close();
    started().requests.length = 0;
  });

  // Delegates to the server started in beforeAll, so a test file can take `stub` at its top level.
  const stub: Stub = {
    get url() {
      return started().url;
    },
    get requests() {
      return started().requests;
    },
    handle: (handler) => started().handle(handler),
    close: () => started().close(),
  };
  return {
    stub,
    connect(baseUrl = stub.url, extra = {}) {
      backend = createRemoteBackend({ baseUrl, token: TOKEN, ...extra });
      return backend;
    },
  };
}
