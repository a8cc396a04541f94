import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionStatus } from '../../shared/schemas';
import { isApiError } from '../../shared/errors';
import { createConnectionManager } from './connection-manager';
import { fakeCipher, fakeFactories } from './test-support/fakes';
import { createTokenVault } from './token-vault';

const TOKEN = '*:*.very-secret-admin-token';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-conn-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function launch(options: { encryption?: boolean; remote?: Parameters<typeof fakeFactories>[1] } = {}) {
  const factories = fakeFactories({}, options.remote);
  const manager = createConnectionManager({
    userDataDir: dir,
    vault: createTokenVault(join(dir, 'tokens'), fakeCipher(options.encryption ?? true)),
    factories,
  });
  const pushes: ConnectionStatus[] = [];
  manager.onChange((status) => pushes.push(status));
  await manager.start();
  return { manager, factories, pushes };
}

async function addRemote(manager: Awaited<ReturnType<typeof launch>>['manager'], name = 'Staging') {
  const status = await manager.save({ name, baseUrl: 'https://unleash.example.com', token: TOKEN });
  const profile = status.profiles.find((p) => p.name === name);
  if (!profile) throw new Error('profile not saved');
  return profile.id;
}

describe('connection manager', () => {
  it('opens the demo from userData/demo on first launch', async () => {
    const { manager, factories } = await launch();
    const status = await manager.status();
    expect(status.activeProfileId).toBe('demo');
    expect(status.profiles).toEqual([
      { id: 'demo', name: 'Demo', kind: 'demo', hasToken: false, tokenStorage: 'none', allowInsecureHttp: false, insecureHttp: false, protection: 'none' },
    ]);
    expect(factories.opened).toEqual([`demo:${join(dir, 'demo')}`]);
  });

  it('saves a remote profile without ever showing its token', async () => {
    const { manager, pushes } = await launch();
    await addRemote(manager);
    const status = await manager.status();
    expect(status.profiles[1]).toMatchObject({ kind: 'remote', name: 'Staging', hasToken: true, tokenStorage: 'encrypted' });
    expect(JSON.stringify(status)).not.toContain(TOKEN);
    expect(JSON.stringify(pushes)).not.toContain(TOKEN);
    expect(await readFile(join(dir, 'profiles.json'), 'utf8')).not.toContain(TOKEN);
  });

  it('switches backends, closing the previous one, and announces each change', async () => {
    const { manager, factories, pushes } = await launch();
    const id = await addRemote(manager);
    const before = pushes.length;
    const status = await manager.activate({ id });
    expect(status.activeProfileId).toBe(id);
    expect(factories.demoStores[0]?.closed).toBe(true);
    expect(factories.remotes[0]?.settings).toEqual({ baseUrl: 'https://unleash.example.com', token: TOKEN });
    expect(await manager.backend()).toBe(factories.remotes[0]?.backend);
    expect(pushes.length).toBe(before + 1);
    expect(pushes.at(-1)?.activeProfileId).toBe(id);

    await manager.activate({ id: 'demo' });
    expect(factories.remotes[0]?.backend.closed).toBe(true);
    expect(await manager.backend()).toBe(factories.demoStores[1]?.backend);
  });

  it('shows what the active server supports once it is known, and nothing for the demo', async () => {
    const caps = { version: '5.12.8', eventSearch: 'events-search', seedEventSearch: true, corsWrite: 'ui-config', archive: true, revive: true, playground: true, advancedPlayground: true };
    const { manager, pushes } = await launch({ remote: { capabilities: caps } });
    const id = await addRemote(manager);
    await manager.activate({ id });
    await vi.waitFor(() => expect(pushes.at(-1)?.capabilities).toEqual(caps));
    expect((await manager.status()).capabilities).toEqual(caps);
    expect((await manager.activate({ id: 'demo' })).capabilities).toBeUndefined();
  });

  it('restores the last used profile at the next launch', async () => {
    const first = await launch();
    const id = await addRemote(first.manager);
    await first.manager.activate({ id });
    await first.manager.close();

    const second = await launch();
    expect((await second.manager.status()).activeProfileId).toBe(id);
    expect(second.factories.opened).toEqual(['remote:https://unleash.example.com']);
  });

  it('falls back to the demo, with a notice, when a memory-only token is gone after a restart', async () => {
    const first = await launch({ encryption: false });
    const id = await addRemote(first.manager);
    expect((await first.manager.activate({ id })).encryptionAvailable).toBe(false);
    expect((await first.manager.status()).profiles[1]?.tokenStorage).toBe('memory');
    await first.manager.close();

    const second = await launch({ encryption: false });
    const status = await second.manager.status();
    expect(status.activeProfileId).toBe('demo');
    expect(status.notice).toMatch(/Staging/);
    expect(status.profiles[1]).toMatchObject({ hasToken: false, tokenStorage: 'none' });
    await expect(second.manager.activate({ id })).rejects.toMatchObject({ status: 409, name: 'TokenMissingError' });
  });

  it('keeps the stored token when a profile is edited without one (same origin), and reconnects the active profile', async () => {
    const { manager, factories } = await launch();
    const id = await addRemote(manager);
    await manager.activate({ id });
    await manager.save({ id, name: 'Staging EU', baseUrl: 'https://unleash.example.com/eu' });
    expect(factories.remotes.at(-1)?.settings).toEqual({ baseUrl: 'https://unleash.example.com/eu', token: TOKEN });
    expect(factories.remotes[0]?.backend.closed).toBe(true);
  });

  it('leaves no trace of an edit it could not apply: profile, token and connection stay as they were', async () => {
    const { manager, factories } = await launch();
    const id = await addRemote(manager);
    await manager.activate({ id });
    const working = factories.createRemote;
    factories.createRemote = async (settings) => {
      if (settings.baseUrl.includes('broken')) throw new Error('cannot open');
      return working(settings);
    };
    await expect(manager.save({ id, name: 'Renamed', baseUrl: 'https://broken.example.com', token: 'new-token' })).rejects.toThrow();
    const status = await manager.status();
    expect(status.profiles.find((p) => p.id === id)).toMatchObject({ name: 'Staging', baseUrl: 'https://unleash.example.com' });
    expect(status.activeProfileId).toBe(id);
    expect(factories.remotes.at(-1)?.settings).toEqual({ baseUrl: 'https://unleash.example.com', token: TOKEN });
    expect(await readFile(join(dir, 'profiles.json'), 'utf8')).not.toContain('broken');
    // and the next launch opens the profile as it was saved before
    const next = await launch();
    expect(next.factories.remotes.at(-1)?.settings).toEqual({ baseUrl: 'https://unleash.example.com', token: TOKEN });
  });

  it('removes a profile and its token; removing the active one returns to the demo', async () => {
    const { manager } = await launch();
    const id = await addRemote(manager);
    await manager.activate({ id });
    const status = await manager.remove({ id });
    expect(status.activeProfileId).toBe('demo');
    expect(status.profiles.map((p) => p.id)).toEqual(['demo']);
    await expect(manager.activate({ id })).rejects.toMatchObject({ status: 404 });
  });

  it('refuses to edit or remove the demo, and unknown ids', async () => {
    const { manager } = await launch();
    await expect(manager.remove({ id: 'demo' })).rejects.toMatchObject({ status: 403 });
    await expect(manager.save({ id: 'demo', name: 'x', baseUrl: 'http://x' })).rejects.toMatchObject({ status: 403 });
    await expect(manager.save({ id: 'nope', name: 'x', baseUrl: 'http://x' })).rejects.toMatchObject({ status: 404 });
  });

  it('resets only the demo', async () => {
    const { manager, factories } = await launch();
    await manager.resetDemo();
    expect(factories.demoStores[0]?.resets).toBe(1);
    await manager.activate({ id: await addRemote(manager) });
    const error = await manager.resetDemo().catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(409);
    expect(String((error as Error).message)).toMatch(/Staging/);
  });

  it('tests a saved profile with its stored token and unsaved settings as typed, never echoing the token', async () => {
    const { manager } = await launch();
    const id = await addRemote(manager);
    const saved = await manager.test({ id });
    expect(saved).toMatchObject({ ok: true, version: '6.10.1' });
    expect(saved.message).toContain('https://unleash.example.com');
    expect(saved.message).not.toContain(TOKEN);
    const typed = await manager.test({ baseUrl: 'http://127.0.0.1:1', token: 'other-token-xyz' });
    expect(typed.message).not.toContain('other-token-xyz');
    expect((await manager.test({ id: 'demo' })).ok).toBe(true);
  });

  it('lets a newer test of the same profile or form cancel the one still running, and no other', async () => {
    const { manager, factories } = await launch();
    const id = await addRemote(manager);
    const signals = new Map<string, AbortSignal>();
    let profileTestStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (profileTestStarted = resolve));
    // A test that runs until the manager cancels it, or answers at once when its URL says so.
    factories.testConnection = (settings, signal) => {
      if (!signal) throw new Error('no signal passed');
      signals.set(settings.baseUrl, signal);
      if (settings.baseUrl === 'https://unleash.example.com') profileTestStarted();
      if (settings.baseUrl.includes('quick')) return Promise.resolve({ ok: true, reachable: true, message: 'quick' });
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve({ ok: false, reachable: false, message: 'x' })));
    };
    const oldProfileTest = manager.test({ id });
    const oldFormTest = manager.test({ baseUrl: 'https://slow.example', token: 'typed-token' });
    const newFormTest = manager.test({ baseUrl: 'https://quick.example', token: 'typed-token' });

    expect(await oldFormTest).toEqual({ ok: false, reachable: false, message: 'A newer test of this connection replaced this one.' });
    expect(await newFormTest).toMatchObject({ ok: true, message: 'quick' });
    await started;
    const aborted = Object.fromEntries([...signals].map(([url, signal]) => [url, signal.aborted]));
    expect(aborted).toEqual({ 'https://unleash.example.com': false, 'https://slow.example': true, 'https://quick.example': false });

    // Closing the app cancels what is still running.
    await manager.close();
    expect(await oldProfileTest).toMatchObject({ ok: false, message: 'A newer test of this connection replaced this one.' });
  });

  it('scrubs known tokens from texts', async () => {
    const { manager } = await launch();
    await addRemote(manager);
    expect(manager.redact(`401 for ${TOKEN}`)).toBe('401 for [hidden token]');
  });

  it('runs one switch at a time', async () => {
    const { manager } = await launch();
    const id = await addRemote(manager);
    const results = await Promise.all([manager.activate({ id }), manager.activate({ id: 'demo' }), manager.activate({ id })]);
    expect(results.map((s) => s.activeProfileId)).toEqual([id, 'demo', id]);
    expect((await manager.status()).activeProfileId).toBe(id);
  });
});

describe('leaving a demo whose saves fail', () => {
  async function launchWithFailingDemo(saveWorks: () => boolean) {
    const launched = await launch();
    const store = launched.factories.demoStores[0];
    if (!store) throw new Error('no demo store');
    let unsaved = true;
    Object.assign(store, {
      hasUnsavedChanges: () => unsaved,
      saveStatus: () => (unsaved ? { ok: false, message: 'The disk is full.' } : { ok: true }),
      save: async () => {
        if (!saveWorks()) throw new Error('ENOSPC');
        unsaved = false;
      },
    });
    return { ...launched, store };
  }

  it('refuses the switch, says why, and keeps the demo open with its changes', async () => {
    const { manager, store, factories } = await launchWithFailingDemo(() => false);
    const id = await addRemote(manager);
    const error = await manager.activate({ id }).catch((e: unknown) => e);
    expect(isApiError(error) && error.name).toBe('UnsavedChangesError');
    expect((error as Error).message).toContain('The disk is full');
    expect(store.closed).toBe(false);
    expect(factories.remotes).toHaveLength(0);
    expect((await manager.status()).activeProfileId).toBe('demo');
  });

  it('switches once the last save succeeds', async () => {
    const { manager, store } = await launchWithFailingDemo(() => true);
    const id = await addRemote(manager);
    expect((await manager.activate({ id })).activeProfileId).toBe(id);
    expect(store.closed).toBe(true);
  });
});
