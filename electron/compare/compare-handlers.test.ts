import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompareResult, PromotePlan, PromoteResult } from '../../shared/schemas';
import { startDemoServer, type RunningDemoServer } from '../../scripts/demo-server/spawn';
import { createDemoBackend } from '../backend/demo';
import { fakeCipher } from '../connections/test-support/fakes';
import { createMainCore, type MainCore } from '../core';

/**
 * The window's path: the compare channels through dispatch, the demo active on the left and a saved remote
 * profile (a demo server) on the right, opened beside the active one. The right's protection is held in main
 * whatever the page sends, and the active profile's level does not decide a promotion to another profile.
 */
const SENDER = { webContentsId: 1, frameUrl: 'app://flagdesk/index.html', isMainFrame: true };

describe('compare channels through the main core', () => {
  let server: RunningDemoServer;
  let core: MainCore;
  let dir: string;
  let rightId = '';
  let chosenFile: string | null = null;
  const demoOpens = { opened: 0, closed: 0 };
  const pushes: [string, unknown][] = [];
  const call = async <T>(channel: Parameters<MainCore['dispatch']>[0], input: unknown): Promise<T> => {
    const result = await core.dispatch(channel, input, SENDER);
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error);
    return result.data as T;
  };

  beforeAll(async () => {
    server = await startDemoServer('handlers-right-token-secret');
    dir = await mkdtemp(join(tmpdir(), 'flagdesk-compare-core-'));
    const demo = createDemoBackend({});
    core = await createMainCore({
      userDataDir: dir,
      cipher: fakeCipher(),
      factories: {
        openDemo: async () => {
          demoOpens.opened += 1;
          return { backend: demo, reset: async () => undefined, close: async () => void (demoOpens.closed += 1) };
        },
      },
      shell: { chooseSaveFile: async () => chosenFile, chooseOpenFile: async () => chosenFile, notify: () => undefined },
    });
    core.senders.trust(SENDER.webContentsId);
    core.onPush((event, payload) => pushes.push([event, payload]));
    const status = await call<{ profiles: { id: string; name: string }[] }>('connections.save', { name: 'Staging', baseUrl: server.url, token: server.token });
    rightId = status.profiles.find((profile) => profile.name === 'Staging')?.id ?? '';
    await call('segments.create', { name: 'window-only-left', constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }] });
  }, 120_000);
  afterAll(async () => {
    await core?.close();
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const sides = () => ({ left: { type: 'profile', profileId: 'demo' }, right: { type: 'profile', profileId: rightId } });

  it('compares the active demo with another profile without switching the active one, and no token crosses', async () => {
    const result = await core.dispatch('compare.run', { ...sides(), kinds: ['segments'] }, SENDER);
    if (!result.ok) throw new Error(result.error.message);
    const data = result.data as CompareResult;
    expect(data.right).toMatchObject({ label: 'Staging', kind: 'remote', protection: 'confirm', version: expect.any(String) });
    expect(data.kinds[0]?.items.find((item) => item.name === 'window-only-left')?.status).toBe('only-left');
    expect(JSON.stringify(result)).not.toContain(server.token);
    expect((await call<{ activeProfileId: string }>('connections.status', {})).activeProfileId).toBe('demo');
  });

  it("holds the right's level in main: read-only refused, type-the-name wants its name, though the active demo is read-only", async () => {
    await call('connections.setProtection', { id: 'demo', protection: 'read-only' });
    await call('connections.setProtection', { id: rightId, protection: 'read-only' });
    const items = [{ kind: 'segments', name: 'window-only-left' }];
    const blocked = await call<PromotePlan>('compare.plan', { ...sides(), items });
    expect(blocked.blocked).toContain('"Staging" is read-only');
    const refused = await core.dispatch('compare.apply', { planId: blocked.planId, onFailure: 'stop', confirmation: { confirmed: true } }, SENDER);
    expect(refused).toMatchObject({ ok: false, error: { status: 403, name: 'ReadOnlyProfileError' } });

    await call('connections.setProtection', { id: rightId, protection: 'type-name' });
    const plan = await call<PromotePlan>('compare.plan', { ...sides(), items });
    expect(plan).toMatchObject({ blocked: null, protection: 'type-name', counts: { create: 1 } });
    const wrong = await core.dispatch('compare.apply', { planId: plan.planId, onFailure: 'stop', confirmation: { confirmed: true, typedName: 'staging' } }, SENDER);
    expect(wrong).toMatchObject({ ok: false, error: { status: 403, name: 'ConfirmationRequiredError' } });
    pushes.length = 0;
    const done = await call<PromoteResult>('compare.apply', { planId: plan.planId, onFailure: 'stop', confirmation: { confirmed: true, typedName: 'Staging' } });
    expect(done.counts.done).toBe(1);
    expect(pushes.filter(([event]) => event === 'compare.progress').map(([, payload]) => (payload as { state: string }).state)).toEqual(['running', 'done']);
    const again = await call<{ kinds: { items: { name: string; status: string }[] }[] }>('compare.run', { ...sides(), kinds: ['segments'] });
    expect(again.kinds[0]?.items.find((item) => item.name === 'window-only-left')?.status).toBe('same');

    const revertRefused = await core.dispatch('compare.revert', { runId: done.runId, onFailure: 'stop', confirmation: { confirmed: true } }, SENDER);
    expect(revertRefused).toMatchObject({ ok: false, error: { status: 403 } });
    const reverted = await call<PromoteResult>('compare.revert', { runId: done.runId, onFailure: 'stop', confirmation: { confirmed: true, typedName: 'Staging' } });
    expect(reverted.steps).toEqual([{ kind: 'segments', name: 'window-only-left', action: 'delete', outcome: 'done' }]);
  });

  it('exports a bundle through the save dialog (no token, no ids) and compares from it after opening it', async () => {
    chosenFile = join(dir, 'demo-bundle.json');
    const saved = await call<{ saved: boolean; fileName: string }>('compare.exportBundle', { profileId: 'demo', kinds: ['segments', 'contextFields'] });
    expect(saved).toEqual({ saved: true, fileName: 'demo-bundle.json' });
    const text = await readFile(chosenFile, 'utf8');
    expect(text).not.toContain(server.token);
    expect(text).not.toMatch(/"id":/);
    const opened = await call<{ bundleId: string; counts: Record<string, number | null> }>('compare.openBundle', {});
    expect(opened.counts).toMatchObject({ segments: expect.any(Number), strategyTypes: null, corsOrigins: null });
    const result = await call<CompareResult>('compare.run', { left: { type: 'bundle', bundleId: opened.bundleId }, right: { type: 'profile', profileId: 'demo' } });
    expect(result.left).toMatchObject({ type: 'bundle', label: 'demo-bundle.json' });
    expect(result.kinds.find((kind) => kind.kind === 'segments')?.counts).toMatchObject({ differs: 0, onlyLeft: 0, onlyRight: 0 });
    expect(result.kinds.find((kind) => kind.kind === 'strategyTypes')?.unavailable).toContain('left side');

    await writeFile(chosenFile, text.replace('"version": 1', '"version": 7'));
    const newer = await core.dispatch('compare.openBundle', {}, SENDER);
    expect(newer).toMatchObject({ ok: false, error: { status: 400, message: expect.stringContaining('newer Flagdesk (format version 7') } });
  });

  it('opens the demo beside an active remote profile for a compare, and closes it after', async () => {
    await call('connections.activate', { id: rightId });
    const before = { ...demoOpens };
    await call('compare.run', { ...sides(), kinds: ['segments'] });
    expect(demoOpens.opened - before.opened).toBe(1);
    expect(demoOpens.closed - before.closed).toBe(1);
    expect((await call<{ activeProfileId: string }>('connections.status', {})).activeProfileId).toBe(rightId);
    await call('connections.activate', { id: 'demo' });
  });

  it('says which side cannot be read, in the details the screen shows next to that side', async () => {
    const status = await call<{ profiles: { id: string; name: string }[] }>('connections.save', { name: 'Gone', baseUrl: 'http://127.0.0.1:9', token: 'gone-token' });
    const gone = status.profiles.find((profile) => profile.name === 'Gone')?.id ?? '';
    const result = await core.dispatch('compare.run', { left: sides().left, right: { type: 'profile', profileId: gone } }, SENDER);
    expect(result).toMatchObject({ ok: false, error: { details: [{ path: 'right', message: expect.stringContaining('"Gone" cannot be reached') }] } });
    await call('connections.remove', { id: gone });
  });

  it('with a cancelled dialog, opening a bundle answers null, and an unknown bundle is said', async () => {
    chosenFile = null;
    expect(await call('compare.openBundle', {})).toBeNull();
    const result = await core.dispatch('compare.run', { left: { type: 'bundle', bundleId: 'bundle-nope' }, right: sides().right }, SENDER);
    expect(result).toMatchObject({ ok: false, error: { status: 404, message: expect.stringContaining('open it again') } });
  });
});
