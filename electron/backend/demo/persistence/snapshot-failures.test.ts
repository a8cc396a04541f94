import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIXED_NOW } from '../test-support/demo';
import type { SaveStatus } from './save-status';
import { openDemoStore, SNAPSHOT_FILE } from './snapshot-store';

/** A failed save loses nothing and says so; a newer or inconsistent snapshot is not used. */
let dir: string;
const base = { seed: 2, historyEvents: 20, clock: () => FIXED_NOW, retryBaseMs: 5 };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-demo-fail-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function failing(code: string, times: number) {
  const calls = { attempts: 0 };
  const writer = async (path: string, data: string): Promise<void> => {
    calls.attempts += 1;
    if (calls.attempts <= times) throw Object.assign(new Error(`${code}: raw system text`), { code });
    await writeFileAtomic(path, data);
  };
  return { writer, calls };
}

async function savedSegments(): Promise<string[]> {
  const saved = JSON.parse(await readFile(join(dir, SNAPSHOT_FILE), 'utf8'));
  return saved.state.segments.map((s: { name: string }) => s.name);
}

describe('a failed demo save', () => {
  it.each([
    ['EACCES', /may not write there/],
    ['ENOSPC', /disk is full/],
  ])('(%s) keeps the change unsaved, tells listeners, retries, and clears the notice once a write succeeds', async (code, why) => {
    const { writer, calls } = failing(code, 2);
    const store = await openDemoStore(dir, { ...base, writeFile: writer });
    const statuses: SaveStatus[] = [];
    store.onSaveStatus((status) => statuses.push(status));
    await store.backend.createSegment({ name: 'must-survive', constraints: [] });
    await expect(store.save()).rejects.toMatchObject({ code });
    expect(store.hasUnsavedChanges()).toBe(true);
    expect(store.saveStatus()).toMatchObject({ ok: false, message: expect.stringMatching(why) });
    expect(store.saveStatus().message).not.toContain('raw system text');
    // The retry (with backoff) gets it to disk without anyone asking.
    await vi.waitFor(async () => expect(store.saveStatus().ok).toBe(true), { timeout: 5_000 });
    expect(calls.attempts).toBeGreaterThanOrEqual(3);
    expect(store.hasUnsavedChanges()).toBe(false);
    expect(await savedSegments()).toContain('must-survive');
    expect(statuses.map((s) => s.ok)).toEqual([false, true]);
    await store.close();
  });

  it('does not drop changes at close when the disk keeps failing, and can write a copy elsewhere', async () => {
    const { writer } = failing('ENOSPC', Number.POSITIVE_INFINITY);
    const store = await openDemoStore(dir, { ...base, writeFile: writer, retryBaseMs: 60_000 });
    await store.backend.createSegment({ name: 'unsaved', constraints: [] });
    await store.close();
    expect(store.hasUnsavedChanges()).toBe(true);
    expect(store.saveStatus().ok).toBe(false);
    expect(await readdir(dir)).not.toContain(SNAPSHOT_FILE);

    const copy = join(dir, 'rescued.json');
    const rescue = await openDemoStore(join(dir, 'other'), { ...base });
    await rescue.backend.createSegment({ name: 'rescued', constraints: [] });
    await rescue.saveCopy(copy);
    expect(JSON.parse(await readFile(copy, 'utf8')).state.segments.map((s: { name: string }) => s.name)).toContain('rescued');
    await rescue.close();
  });
});

/** A snapshot as JSON, loosely typed: the tests break it on purpose. */
interface LooseSnapshot {
  [key: string]: unknown;
  state: {
    segments: Record<string, unknown>[];
    features: { environments: { strategies: { segments: number[] }[] }[] }[];
  };
}

describe('snapshots this version must not use', () => {
  async function validSnapshot(): Promise<LooseSnapshot> {
    const store = await openDemoStore(dir, base);
    await store.save();
    await store.close();
    const json = JSON.parse(await readFile(join(dir, SNAPSHOT_FILE), 'utf8'));
    await rm(join(dir, SNAPSHOT_FILE));
    return json;
  }

  it('reports a snapshot of a newer version as such, and never writes over it', async () => {
    const newer = { ...(await validSnapshot()), version: 2, somethingNew: true };
    const text = JSON.stringify(newer);
    await writeFile(join(dir, SNAPSHOT_FILE), text);
    const store = await openDemoStore(dir, base);
    expect(store.notice).toMatch(/^The saved demo \(demo-snapshot.json\) was written by a newer Flagdesk \(version 2\)/);
    expect(store.notice).not.toMatch(/could not be read/);
    await store.backend.createSegment({ name: 'session-only', constraints: [] });
    await store.save();
    await store.close();
    expect(await readFile(join(dir, SNAPSHOT_FILE), 'utf8')).toBe(text);
    expect(await readdir(dir)).toEqual([SNAPSHOT_FILE]);
  });

  it.each([
    ['duplicate segment ids', (s: LooseSnapshot) => s.state.segments.push({ ...s.state.segments[0] })],
    [
      'a strategy pointing at a missing segment',
      (s: LooseSnapshot) => {
        const strategy = s.state.features.flatMap((f) => f.environments.flatMap((e) => e.strategies))[0];
        strategy?.segments.push(99_999);
      },
    ],
  ])('refuses a snapshot with %s like a corrupt one', async (_label, breakIt) => {
    const snapshot = await validSnapshot();
    breakIt(snapshot);
    await writeFile(join(dir, SNAPSHOT_FILE), JSON.stringify(snapshot));
    const store = await openDemoStore(dir, base);
    expect(store.notice).toMatch(/could not be read.*moved to demo-snapshot\.corrupt-/);
    expect((await readdir(dir)).some((name) => name.startsWith('demo-snapshot.corrupt-'))).toBe(true);
    await store.close();
  });
});
