import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDemoStore } from '../backend/demo/persistence/snapshot-store';
import { fakeCipher } from '../connections/test-support/fakes';
import { createMainCore } from '../core';
import { settleUnsavedBeforeQuit, type QuitChoice } from './quit-guard';

/** At quit, what could not be saved is said, and the user retries, saves elsewhere, or quits knowingly. */
let dir: string;
let broken: boolean;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-quit-'));
  broken = true;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SENDER = { webContentsId: 1, frameUrl: 'app://flagdesk/index.html', isMainFrame: true };

/** The real core and demo store, whose writes into the data folder fail (EACCES) while `broken`. */
async function coreWithFailingDisk() {
  const core = await createMainCore({
    userDataDir: dir,
    cipher: fakeCipher(),
    factories: {
      openDemo: (demoDir) =>
        openDemoStore(demoDir, {
          historyEvents: 10,
          retryBaseMs: 60_000,
          writeFile: async (path, data) => {
            if (broken && path.startsWith(demoDir)) throw Object.assign(new Error('denied'), { code: 'EACCES' });
            await writeFileAtomic(path, data);
          },
        }),
    },
  });
  core.senders.trust(SENDER.webContentsId);
  return core;
}

function scripted(choices: QuitChoice[], file: string | null = null) {
  const asked: string[] = [];
  return {
    asked,
    prompt: {
      ask: async (message: string) => {
        asked.push(message);
        return choices.shift() ?? 'cancel';
      },
      chooseSaveFile: async () => file,
    },
  };
}

describe('quitting with unsaved demo changes', () => {
  it('pushes the save problem to the page, and the all-clear once a save succeeds', async () => {
    const core = await coreWithFailingDisk();
    const pushes: unknown[] = [];
    core.onPush((event, payload) => event === 'demo.saveStatus' && pushes.push(payload));
    const created = await core.dispatch('segments.create', { name: 'unsaved work', constraints: [] }, SENDER);
    expect(created.ok).toBe(true);
    await expect(core.connections.unsaved.retry()).rejects.toMatchObject({ code: 'EACCES' });
    expect(await core.dispatch('demo.saveStatus', {}, SENDER)).toMatchObject({ ok: true, data: { ok: false, message: expect.stringMatching(/may not write/) } });
    broken = false;
    await core.connections.unsaved.retry();
    expect(pushes).toEqual([{ ok: false, message: expect.stringMatching(/could not be saved/) }, { ok: true }]);
    await core.close();
  });

  it('quits at once when everything is saved, and after a retry that works', async () => {
    const core = await coreWithFailingDisk();
    const nothing = scripted([]);
    expect(await settleUnsavedBeforeQuit(core.connections.unsaved, nothing.prompt)).toBe('quit');
    expect(nothing.asked).toEqual([]);

    await core.dispatch('segments.create', { name: 'retry me', constraints: [] }, SENDER);
    const retry = scripted(['retry']);
    const attempt = settleUnsavedBeforeQuit(core.connections.unsaved, {
      ...retry.prompt,
      ask: async (message) => {
        broken = false;
        return retry.prompt.ask(message);
      },
    });
    expect(await attempt).toBe('quit');
    expect(retry.asked).toHaveLength(1);
    expect(retry.asked[0]).toMatch(/Flagdesk may not write there.*lost/);
    await core.close();
    const saved = await readFile(join(dir, 'demo', 'demo-snapshot.json'), 'utf8');
    expect(saved).toContain('retry me');
  });

  it('stays on cancel, and writes a copy where the user chooses', async () => {
    const core = await coreWithFailingDisk();
    await core.dispatch('segments.create', { name: 'rescue me', constraints: [] }, SENDER);
    expect(await settleUnsavedBeforeQuit(core.connections.unsaved, scripted(['cancel']).prompt)).toBe('stay');
    const copy = join(dir, 'elsewhere.json');
    const elsewhere = scripted(['elsewhere'], copy);
    expect(await settleUnsavedBeforeQuit(core.connections.unsaved, elsewhere.prompt)).toBe('quit');
    expect(await readFile(copy, 'utf8')).toContain('rescue me');
    expect(await settleUnsavedBeforeQuit(core.connections.unsaved, scripted(['quit']).prompt)).toBe('quit');
    await core.close();
  });
});
