import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIXED_NOW } from '../test-support/demo';
import { openDemoStore, SNAPSHOT_FILE } from './snapshot-store';

let dir: string;
const options = { seed: 2, historyEvents: 50, clock: () => FIXED_NOW };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-demo-'));
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

// Counted in event-loop turns, not time (setTimeout is faked here); generous, since an fsync on a busy disk can take
// many turns.
async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 20_000; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('condition never became true');
}

describe('demo snapshot store', () => {
  it('keeps writes across a close and a reopen', async () => {
    const store = await openDemoStore(dir, options);
    expect(store.notice).toBeUndefined();
    const { id } = await store.backend.createSegment({ name: 'kept', constraints: [] });
    await store.close();
    const reopened = await openDemoStore(dir, options);
    expect((await reopened.backend.getSegment({ id })).name).toBe('kept');
    expect(reopened.backend.events.size).toBe(store.backend.events.size);
    await reopened.close();
  });

  it('saves on its own shortly after a write', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = await openDemoStore(dir, options);
    await store.backend.setFrontendApiOrigins({ origins: ['https://shop.example.com'] });
    expect(await readdir(dir)).not.toContain(SNAPSHOT_FILE);
    vi.advanceTimersByTime(300);
    await until(async () => (await readdir(dir)).includes(SNAPSHOT_FILE));
    const saved = JSON.parse(await readFile(join(dir, SNAPSHOT_FILE), 'utf8'));
    expect(saved.state.settings.frontendApiOrigins).toEqual(['https://shop.example.com']);
    await store.close();
  });

  it.each([
    ['not JSON', '{"format": "flagdesk-demo-snap'],
    ['JSON of another shape', '{"segments": []}'],
  ])('moves a snapshot that is %s aside, says so, and starts fresh', async (_label, content) => {
    await writeFile(join(dir, SNAPSHOT_FILE), content);
    const store = await openDemoStore(dir, options);
    expect(store.notice).toMatch(/could not be read.*moved to demo-snapshot\.corrupt-.*\.json.*fresh demo/);
    const aside = (await readdir(dir)).filter((name) => name.startsWith('demo-snapshot.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dir, aside[0] as string), 'utf8')).toBe(content);
    expect((await store.backend.listSegments()).length).toBeGreaterThan(0);
    await store.save();
    expect(await readFile(join(dir, aside[0] as string), 'utf8')).toBe(content);
    await store.close();
  });

  it('writes whole files only: many overlapping saves leave one complete snapshot and no temp files', async () => {
    const store = await openDemoStore(dir, options);
    const saves: Promise<void>[] = [];
    for (let i = 0; i < 8; i++) {
      await store.backend.createSegment({ name: `segment-${i}`, constraints: [] });
      saves.push(store.save());
    }
    await Promise.all(saves);
    await store.close();
    expect(await readdir(dir)).toEqual([SNAPSHOT_FILE]);
    const saved = JSON.parse(await readFile(join(dir, SNAPSHOT_FILE), 'utf8'));
    expect(saved.state.segments.map((s: { name: string }) => s.name)).toContain('segment-7');
  });

  it('resets to the seeded state and saves it', async () => {
    const store = await openDemoStore(dir, options);
    const seededCount = (await store.backend.listSegments()).length;
    await store.backend.createSegment({ name: 'temporary', constraints: [] });
    await store.reset();
    expect((await store.backend.listSegments()).length).toBe(seededCount);
    const saved = JSON.parse(await readFile(join(dir, SNAPSHOT_FILE), 'utf8'));
    expect(saved.state.segments).toHaveLength(seededCount);
    await store.close();
  });
});
