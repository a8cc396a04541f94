import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeCipher, fakeFactories } from './connections/test-support/fakes';
import { createMainCore } from './core';

const SENDER = { webContentsId: 3, frameUrl: 'app://flagdesk/index.html', isMainFrame: true };
const TOKEN = '*:*.core-test-secret-token';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-core-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function start(demo: Parameters<typeof fakeFactories>[0] = {}) {
  const factories = fakeFactories(demo);
  const logs: string[] = [];
  const core = await createMainCore({ userDataDir: dir, cipher: fakeCipher(), factories, log: (m) => logs.push(m) });
  core.senders.trust(SENDER.webContentsId);
  return { core, factories, logs };
}

describe('main core (headless)', () => {
  it('answers backend channels from the active demo, writes as null', async () => {
    const { core } = await start({ listSegments: [], updateSegment: () => undefined });
    expect(await core.dispatch('segments.list', {}, SENDER)).toEqual({ ok: true, data: [] });
    const segment = { name: 'x', constraints: [] };
    expect(await core.dispatch('segments.update', { id: 1, segment }, SENDER)).toEqual({ ok: true, data: null });
    await core.close();
  });

  it('refuses callers that are not the trusted window', async () => {
    const { core } = await start({ listSegments: [] });
    const result = await core.dispatch('segments.list', {}, { ...SENDER, webContentsId: 99 });
    expect(result).toMatchObject({ ok: false, error: { status: 403 } });
    await core.close();
  });

  it('pushes connections.changed on every change and routes calls to the new backend', async () => {
    const { core, factories } = await start();
    const pushes: unknown[] = [];
    core.onPush((event, payload) => pushes.push([event, 'activeProfileId' in payload ? payload.activeProfileId : undefined]));
    const saved = await core.dispatch('connections.save', { name: 'Prod', baseUrl: 'https://u.example', token: TOKEN }, SENDER);
    if (!saved.ok) throw new Error(saved.error.message);
    const id = (saved.data as { profiles: { id: string }[] }).profiles[1]?.id ?? '';
    await core.dispatch('connections.activate', { id }, SENDER);
    expect(pushes).toEqual([
      ['connections.changed', 'demo'],
      ['connections.changed', id],
    ]);
    expect(JSON.stringify(saved)).not.toContain(TOKEN);
    await core.dispatch('segments.list', {}, SENDER);
    expect(factories.remotes[0]?.backend.calls).toEqual(['listSegments']);
    const reset = await core.dispatch('demo.reset', {}, SENDER);
    expect(reset).toMatchObject({ ok: false, error: { status: 409, name: 'NotDemoError' } });
    await core.close();
  });

  it('logs unexpected failures without the token and answers a generic 500', async () => {
    const { core, logs } = await start({
      listSegments: () => {
        throw new Error(`request with ${TOKEN} blew up`);
      },
    });
    await core.dispatch('connections.save', { name: 'P', baseUrl: 'https://u.example', token: TOKEN }, SENDER);
    const result = await core.dispatch('segments.list', {}, SENDER);
    expect(result).toMatchObject({ ok: false, error: { status: 500, name: 'InternalError' } });
    expect(JSON.stringify(result)).not.toContain(TOKEN);
    expect(logs.join('\n')).toContain('[hidden token]');
    expect(logs.join('\n')).not.toContain(TOKEN);
    await core.close();
  });
});
