import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { ConnectionStatus } from '../../../shared/schemas';
import { fakeCipher } from '../../connections/test-support/fakes';
import { createMainCore, type MainCore } from '../../core';
import { createRemoteBackend } from './remote-backend';
import { failure, json, startStub, type Stub } from './test-support/stub-server';

/** An id never re-routes a request (the stub records the raw request target, as sent). */
const SENDER = { webContentsId: 1, frameUrl: 'app://flagdesk/index.html', isMainFrame: true };
let stub: Stub;
let core: MainCore;
let dir: string;

beforeAll(async () => {
  stub = await startStub((_req, res) => json(res, 200, { parentsWithChildFeatures: [], hasDeletedDependencies: false }));
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-paths-'));
  core = await createMainCore({ userDataDir: dir, cipher: fakeCipher() });
  core.senders.trust(SENDER.webContentsId);
  const saved = await core.dispatch('connections.save', { name: 'Stub', baseUrl: stub.url, token: 'path-test-token' }, SENDER);
  const id = saved.ok ? (saved.data as ConnectionStatus).profiles[1]?.id : undefined;
  expect((await core.dispatch('connections.activate', { id }, SENDER)).ok).toBe(true);
  // Activation reads the server's capabilities in the background: GET /ui-config, whose answer here is no ui-config,
  // so detection stops there. Forget it, so the tests below see only the requests they cause.
  await vi.waitFor(() => expect(stub.requests.map((r) => r.url)).toContain('/api/admin/ui-config'));
  stub.requests.length = 0;
});
afterAll(async () => {
  await core.close();
  await stub.close();
  await rm(dir, { recursive: true, force: true });
});

it('refuses dot segments and slashes in ids at the IPC boundary: nothing reaches the server', async () => {
  const hostile = ['..', '.', 'a/..', '../archive', 'a\\b', ' '];
  for (const projectId of hostile) {
    const archive = await core.dispatch('archive.run', { projectId, features: ['f'] }, SENDER);
    expect(archive, projectId).toMatchObject({ ok: false, error: { status: 400, name: 'ValidationError' } });
    const feature = await core.dispatch('instance.feature', { projectId: 'default', featureName: projectId }, SENDER);
    expect(feature, projectId).toMatchObject({ ok: false, error: { status: 400 } });
  }
  const strategy = await core.dispatch('strategyTypes.update', { name: '..', update: { parameters: [] } }, SENDER);
  expect(strategy).toMatchObject({ ok: false, error: { status: 400 } });
  expect(stub.requests).toHaveLength(0);
});

it('the remote backend itself never sends a dot segment, and encodes what could split a path', async () => {
  const backend = createRemoteBackend({ baseUrl: stub.url, token: 'path-test-token', retries: 0 });
  for (const id of ['..', '.']) {
    const error = await failure(backend.validateArchive({ projectId: id, features: ['f'] }));
    expect(error).toMatchObject({ status: 400, name: 'ValidationError' });
  }
  expect(stub.requests).toHaveLength(0);
  await backend.validateArchive({ projectId: 'a/../b', features: ['f'] });
  await backend.validateArchive({ projectId: '%2E%2E', features: ['f'] });
  expect(stub.requests.map((r) => r.url)).toEqual([
    '/api/admin/projects/a%2F..%2Fb/archive/validate',
    '/api/admin/projects/%252E%252E/archive/validate',
  ]);
  await backend.close();
});
