import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHANNELS, contract } from '../../shared/contract';
import { fakeCipher } from '../connections/test-support/fakes';
import { createMainCore } from '../core';

const SENDER = { webContentsId: 3, frameUrl: 'app://flagdesk/index.html', isMainFrame: true };
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-readonly-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function start() {
  const core = await createMainCore({ userDataDir: dir, cipher: fakeCipher() });
  core.senders.trust(SENDER.webContentsId);
  return core;
}

describe('read-only profiles, enforced by dispatch', () => {
  it('refuses every write channel while the active profile is read-only, and changes nothing', async () => {
    const core = await start();
    const before = await core.dispatch('segments.list', {}, SENDER);
    expect(await core.dispatch('connections.setProtection', { id: 'demo', protection: 'read-only' }, SENDER)).toMatchObject({
      ok: true,
      data: { profiles: [expect.objectContaining({ id: 'demo', protection: 'read-only' })] },
    });
    const writes = CHANNELS.filter((channel) => contract[channel].effect === 'write');
    expect(writes).toEqual(expect.arrayContaining(['segments.create', 'segments.delete', 'segments.setForStrategy', 'uiConfig.setOrigins', 'demo.reset']));
    for (const channel of writes) {
      expect(await core.dispatch(channel, contract[channel].sample, SENDER), channel).toMatchObject({
        ok: false,
        error: {
          status: 403,
          name: 'ReadOnlyProfileError',
          // The refusal says what happened and where the level is changed.
          message: expect.stringMatching(/read-only.*protection level in Connections/),
        },
      });
    }
    // Reads still answer, and nothing changed.
    expect(await core.dispatch('segments.list', {}, SENDER)).toEqual(before);
    await core.close();
  });

  it('lets writes through again once the level is lowered, and keeps the level across restarts', async () => {
    let core = await start();
    await core.dispatch('connections.setProtection', { id: 'demo', protection: 'read-only' }, SENDER);
    await core.close();
    core = await start();
    const status = await core.dispatch('connections.status', {}, SENDER);
    expect(status).toMatchObject({ ok: true, data: { profiles: [expect.objectContaining({ protection: 'read-only' })] } });
    await core.dispatch('connections.setProtection', { id: 'demo', protection: 'type-name' }, SENDER);
    const created = await core.dispatch('segments.create', { name: 'after-unlock', constraints: [] }, SENDER);
    expect(created).toMatchObject({ ok: true, data: { name: 'after-unlock' } });
    await core.close();
  });

  it('gives the demo no protection and remote profiles "confirm" by default', async () => {
    const core = await start();
    const saved = await core.dispatch('connections.save', { name: 'Prod', baseUrl: 'https://unleash.example.com', token: 't' }, SENDER);
    expect(saved).toMatchObject({
      ok: true,
      data: { profiles: [expect.objectContaining({ protection: 'none' }), expect.objectContaining({ name: 'Prod', protection: 'confirm' })] },
    });
    await core.close();
  });
});
