import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventQueryParams, FlagEvent } from '../../../shared/schemas';
import { createDemoBackend } from '../../backend/demo';
import { emptyManifest, openIndexStore, type IndexManifest, type IndexStore } from './index-store';
import { runSync, SyncStopped, type SyncJob } from './index-sync';
import { LocalEventIndex } from './local-event-index';
import { fakeEventLog } from '../test-support/fake-event-log';
import { addDays } from '../date-windows';

const NOW = new Date('2026-06-01T12:00:00.000Z');
let dir: string;
let store: IndexStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-index-'));
  store = openIndexStore(join(dir, 'event-index', 'profile-1'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function server(historyEvents = 6000) {
  const demo = createDemoBackend({ historyEvents, clock: () => NOW });
  let pages = 0;
  return {
    demo,
    get pages() {
      return pages;
    },
    query: async (params: EventQueryParams) => {
      pages++;
      return demo.queryEvents(params);
    },
  };
}

function job(fields: Partial<SyncJob> & Pick<SyncJob, 'query'>): SyncJob {
  return { store, index: new LocalEventIndex(), manifest: emptyManifest('http://server'), signal: new AbortController().signal, now: () => NOW, ...fields };
}

/** A fresh in-memory index filled from what is on disk, as after a restart. */
async function reload(): Promise<{ index: LocalEventIndex; manifest: IndexManifest }> {
  const manifest = (await store.loadManifest()) as IndexManifest;
  const index = new LocalEventIndex();
  await store.readChunks(manifest, (chunk) => index.addLines(chunk.lines, chunk.checked));
  return { index, manifest };
}

const ids = (events: FlagEvent[]) => events.map((event) => event.id);

/** The local copy answers as the server does, for filters and text. */
async function expectSameAnswers(index: LocalEventIndex, remote: ReturnType<typeof server>) {
  for (const params of [
    { limit: '1000' },
    { type: 'IS_ANY_OF:segment-updated,strategy-updated', limit: '50' },
    { query: 'rollout', offset: '20', limit: '30' },
    { project: 'IS:default', from: 'IS:2026-03-01', to: 'IS:2026-04-15', limit: '100' },
  ]) {
    const local = index.query(params);
    const expected = await remote.demo.queryEvents(params);
    expect(local.total).toBe(expected.total);
    expect(ids(local.events)).toEqual(ids(expected.events));
  }
  const someId = (await remote.demo.queryEvents({ offset: '123', limit: '1' })).events[0] as FlagEvent;
  expect(index.query({ id: `IS:${someId.id}` }).events[0]).toEqual((await remote.demo.queryEvents({ id: `IS:${someId.id}` })).events[0]);
}

describe('local event index sync', () => {
  it('misses nothing on a server whose database reads days west of UTC', async () => {
    // the oldest event at 02:00 UTC is still "yesterday" for a server at UTC-5
    const log = fakeEventLog({ count: 2000, everyMs: 60_000, newest: new Date('2026-05-31T11:19:00.000Z'), zoneHours: -5 });
    expect(log.all().at(-1)?.createdAt).toBe('2026-05-30T02:00:00.000Z');
    const index = new LocalEventIndex();
    await runSync(job({ query: (params) => log.query(params), index }));
    expect(index.size).toBe(2000);
  });

  // several thousand events synced and searched twice: seconds on a busy machine, on main as well
  it('copies the whole log in date windows, and answers every filter and text search like the server', { timeout: 30_000 }, async () => {
    const remote = server();
    const progress: number[] = [];
    const index = new LocalEventIndex();
    const manifest = await runSync(job({ query: remote.query, index, onProgress: (p) => progress.push(p.count) }));
    expect(manifest).toMatchObject({ phase: 'complete', count: index.size, syncedAt: NOW.toISOString() });
    expect(index.size).toBe((await remote.demo.queryEvents({ limit: '1' })).total);
    expect(progress.at(-1)).toBe(index.size);
    await expectSameAnswers(index, remote);
    // and the same after a restart, from disk
    await expectSameAnswers((await reload()).index, remote);
  });

  // several thousand events synced and searched twice: seconds on a busy machine, on main as well
  it('stops midway and resumes after a restart where it stopped, without duplicates', { timeout: 30_000 }, async () => {
    const remote = server();
    const controller = new AbortController();
    await expect(
      runSync(job({ query: remote.query, signal: controller.signal, onProgress: (p) => p.count > 2000 && controller.abort() })),
    ).rejects.toBeInstanceOf(SyncStopped);
    const stopped = await reload();
    expect(stopped.manifest.phase).toBe('full');
    expect(stopped.index.size).toBeGreaterThan(2000);
    const froms: string[] = [];
    const watched = (params: EventQueryParams) => {
      if (params.from) froms.push(params.from);
      return remote.query(params);
    };
    await runSync(job({ query: watched, index: stopped.index, manifest: stopped.manifest }));
    // it did not start over: no window before the one it stopped at was fetched again
    expect(froms[0]).toBe(`IS:${stopped.manifest.nextDay}`);
    expect(froms.every((from) => from >= `IS:${stopped.manifest.nextDay}`)).toBe(true);
    await expectSameAnswers(stopped.index, remote);
  });

  it('stops within the window it is storing: that window is taken back, memory and disk hold the same, and a resume completes it', { timeout: 30_000 }, async () => {
    const remote = server();
    const controller = new AbortController();
    const index = new LocalEventIndex();
    const add = index.addInSlices.bind(index);
    // the stop comes after the first slice of the second window (one of several slices)
    let heldBefore = -1;
    index.addInSlices = (events, lines, signal) => {
      if (index.size > 0 && events.length > 500 && heldBefore === -1) {
        heldBefore = index.size;
        setImmediate(() => controller.abort());
      }
      return add(events, lines, signal);
    };
    await expect(runSync(job({ query: remote.query, index, signal: controller.signal }))).rejects.toBeInstanceOf(SyncStopped);
    const stopped = await reload();
    expect(heldBefore).toBeGreaterThan(0);
    expect(index.size).toBe(heldBefore);
    expect(stopped.index.size).toBe(heldBefore);
    await runSync(job({ query: remote.query, index: stopped.index, manifest: stopped.manifest }));
    await expectSameAnswers(stopped.index, remote);
  });

  // several thousand events synced and searched twice: seconds on a busy machine, on main as well
  it('survives a network failure midway: what was stored stays, and the next run completes it', { timeout: 30_000 }, async () => {
    const remote = server();
    let calls = 0;
    const flaky = async (params: EventQueryParams) => {
      if (++calls === 9) throw Object.assign(new Error('connect ECONNREFUSED'), { status: 0, name: 'NetworkError' });
      return remote.query(params);
    };
    await expect(runSync(job({ query: flaky }))).rejects.toThrow('ECONNREFUSED');
    const after = await reload();
    await runSync(job({ query: remote.query, index: after.index, manifest: after.manifest }));
    await expectSameAnswers(after.index, remote);
  });

  it('an event it cannot store ends the sync with whole windows on disk only, none of that window', { timeout: 30_000 }, async () => {
    const remote = server();
    let windows = 0;
    let badDay: string | undefined;
    const corrupt = async (params: EventQueryParams) => {
      const page = await remote.query(params);
      // the middle event of the fourth window's first page carries a date nothing can read
      if (params.offset === '0' && params.from && page.events.length > 2 && ++windows === 4) {
        badDay = params.from.slice(3);
        page.events[1] = { ...(page.events[1] as FlagEvent), createdAt: 'not a date' };
      }
      return page;
    };
    const index = new LocalEventIndex();
    await expect(runSync(job({ query: corrupt, index }))).rejects.toThrow('invalid createdAt');
    const after = await reload();
    const before = await remote.query({ to: `IS:${addDays(badDay as string, -1)}`, limit: '1' });
    expect(after.index.size).toBe(before.total);
    expect(after.manifest.nextDay).toBe(badDay);
    // memory holds what the disk holds: resumed in the same session, the copy answers as the server, no event twice
    expect(index.size).toBe(before.total);
    await runSync(job({ query: remote.query, index, manifest: after.manifest }));
    await expectSameAnswers(index, remote);
  });

  it('tops up incrementally from the newest id held', async () => {
    const remote = server(1500);
    const index = new LocalEventIndex();
    const manifest = await runSync(job({ query: remote.query, index }));
    await remote.demo.createSegment({ name: 'fresh-after-sync', constraints: [] });
    const pages = remote.pages;
    const next = await runSync(job({ query: remote.query, index, manifest }));
    expect(remote.pages - pages).toBe(1);
    expect(index.query({ query: 'fresh-after-sync' }).events.map((event) => event.type)).toEqual(['segment-created']);
    expect(next.count).toBe(index.size);
    await expectSameAnswers((await reload()).index, remote);
  });

  it('keeps its files private (0600) and drops a chunk its manifest never named', async () => {
    const remote = server(500);
    await runSync(job({ query: remote.query }));
    const names = await readdir(store.dir);
    expect(names).toContain('manifest.json');
    for (const name of names) expect((await stat(join(store.dir, name))).mode & 0o777).toBe(0o600);
    await writeFile(join(store.dir, 'chunk-999999.jsonl.gz'), 'half');
    await store.loadManifest();
    expect(await readdir(store.dir)).toEqual(names);
    await store.clear();
    expect(await store.loadManifest()).toBeNull();
  });
});
