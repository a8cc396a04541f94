import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventIndexStatus, EventQueryPage, EventQueryParams } from '../../../shared/schemas';
import { createDemoBackend } from '../../backend/demo';
import { createRedactor } from '../../security/redact';
import { createEventIndexService } from './index-service';
import { emptyManifest, openIndexStore, OversizedChunkError, type IndexManifest } from './index-store';
import { LocalEventIndex } from './local-event-index';

const NOW = new Date('2026-06-01T12:00:00.000Z');
let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'flagdesk-index-service-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const demo = createDemoBackend({ historyEvents: 3000, clock: () => NOW });
const online = (params: EventQueryParams) => demo.queryEvents(params);
const offline = async (): Promise<never> => {
  throw Object.assign(new Error('Could not reach http://server: connection refused'), { status: 0 });
};

/** A complete copy of a log, its manifest written again as a Flagdesk before the chunk sums wrote it (version 1). */
async function version1Copy(query: (params: EventQueryParams) => Promise<EventQueryPage>) {
  const first = createEventIndexService({ rootDir: root, now: () => NOW });
  await first.sync('p1', 'http://server', query);
  await first.settled('p1');
  const dir = join(root, 'event-index', 'p1');
  const { sums: _sums, ...v1 } = (await openIndexStore(dir).loadManifest()) as IndexManifest;
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...v1, version: 1 }));
  return { dir, v1 };
}

describe('the event index service', () => {
  it('is opt-in: nothing local until a sync, then every search answers locally, also with the server gone', async () => {
    const pushed: EventIndexStatus[] = [];
    const service = createEventIndexService({ rootDir: root, now: () => NOW, onStatus: (_, status) => pushed.push(status) });
    expect(await service.status('p1')).toMatchObject({ enabled: false, state: 'off' });
    expect(await service.search('p1', { query: 'rollout' })).toBeNull();

    expect(await service.sync('p1', 'http://server', online)).toMatchObject({ state: 'syncing' });
    await service.settled('p1');
    const total = (await demo.queryEvents({ limit: '1' })).total;
    expect(await service.status('p1')).toEqual({ enabled: true, state: 'complete', count: total, total, syncedAt: NOW.toISOString(), lastError: null });
    expect(pushed.at(-1)?.state).toBe('complete');

    const params = { type: 'IS:segment-updated', query: 'beta', limit: '20' };
    expect(await service.search('p1', params)).toEqual(await demo.queryEvents(params));

    // the server becomes unreachable: the top-up fails, the copy still answers and says how old it is
    await service.sync('p1', 'http://server', offline);
    await service.settled('p1');
    expect(await service.status('p1')).toMatchObject({ state: 'complete', syncedAt: NOW.toISOString(), lastError: expect.stringContaining('connection refused') });
    expect(await service.search('p1', params)).toEqual(await demo.queryEvents(params));
  });

  it('loads a stored copy after a restart, and forgets it when the profile is removed', async () => {
    const first = createEventIndexService({ rootDir: root, now: () => NOW });
    await first.sync('p1', 'http://server', online);
    await first.settled('p1');
    const restarted = createEventIndexService({ rootDir: root, now: () => NOW });
    expect(await restarted.status('p1')).toMatchObject({ state: 'complete' });
    expect((await restarted.search('p1', { query: 'rollout', limit: '5' }))?.events).toHaveLength(5);
    await restarted.remove('p1');
    expect(await readdir(join(root, 'event-index'))).toEqual([]);
    expect(await restarted.status('p1')).toMatchObject({ enabled: false, state: 'off' });
  });

  it('after a restart, answers the first page from the newest chunks before the whole copy is loaded', async () => {
    // a complete copy of many chunks, as a long sync leaves it
    const store = openIndexStore(join(root, 'event-index', 'p1'));
    let manifest: IndexManifest = { ...emptyManifest('http://server'), phase: 'complete' };
    const pages = await Promise.all([0, 1000, 2000, 3000].map((offset) => demo.queryEvents({ offset: String(offset), limit: '1000' })));
    const all = pages.flatMap((page) => page.events.map(({ label: _l, summary: _s, ...event }) => event)).reverse();
    expect(all.length).toBeGreaterThan(2500);
    for (let i = 0; i < all.length; i += 250) {
      const lines: string[] = [];
      new LocalEventIndex().add(all.slice(i, i + 250), lines);
      manifest = await store.appendChunk(manifest, lines, {});
    }
    const restarted = createEventIndexService({ rootDir: root, now: () => NOW });
    let loaded = false;
    void restarted.loaded('p1').then(() => (loaded = true));
    const first = await restarted.search('p1', { limit: '50' });
    expect(loaded).toBe(false);
    expect(await restarted.status('p1')).toMatchObject({ state: 'complete', count: all.length });
    expect(first).toEqual(await demo.queryEvents({ limit: '50' }));
    // a filter waits for the whole copy, and the answers are the server's
    const filtered = { type: 'IS:segment-updated', query: 'beta', limit: '20' };
    expect(await restarted.search('p1', filtered)).toEqual(await demo.queryEvents(filtered));
    expect(loaded).toBe(true);
    expect(await restarted.search('p1', { limit: '50', offset: '2990' })).toEqual(await demo.queryEvents({ limit: '50', offset: '2990' }));
  });

  it.each([
    ['its sum no longer matches', 2],
    ['a copy of version 1, without sums, has its bodies parsed', 1],
  ] as const)('starts a copy over when a chunk holds a damaged body, rather than answer from it: %s', async (_, version) => {
    const first = createEventIndexService({ rootDir: root, now: () => NOW });
    await first.sync('p1', 'http://server', online);
    await first.settled('p1');
    const dir = join(root, 'event-index', 'p1');
    const manifest = (await openIndexStore(dir).loadManifest()) as IndexManifest;
    if (version === 1) {
      const { sums: _sums, ...v1 } = manifest;
      await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...v1, version: 1 }));
    }
    const name = manifest.chunks[0] as string;
    const text = gunzipSync(await readFile(join(dir, name))).toString('utf8');
    // a data body broken inside its braces: the line still ends well and every key is in place
    const damaged = text.replace(/"data":\{"/, '"data":{,"');
    expect(damaged).not.toBe(text);
    await writeFile(join(dir, name), gzipSync(damaged));
    const notices: string[] = [];
    const restarted = createEventIndexService({ rootDir: root, now: () => NOW, onNotice: (notice) => notices.push(notice) });
    await restarted.loaded('p1');
    expect(await restarted.status('p1')).toMatchObject({ enabled: false, state: 'off' });
    expect(await restarted.search('p1', { limit: '5' })).toBeNull();
    const why = version === 2 ? 'it was changed after it was written' : 'an event in it cannot be read';
    expect(notices).toEqual([`The local event copy (${name}) could not be read (${why}), so it was deleted; the copy starts over at the next sync.`]);
  });

  it('refuses a chunk that unpacks to more than it may, and reads the same file whole without the cap', async () => {
    const { dir, v1 } = await version1Copy(online);
    const name = v1.chunks[0] as string;
    // a version 1 chunk has no sum to catch it: 64 MB of one repeated line packs into some 64 KB
    const line = `${JSON.stringify({ id: 1, type: 'segment-updated', createdAt: NOW.toISOString(), data: { pad: 'x'.repeat(1000) } })}\n`;
    await writeFile(join(dir, name), gzipSync(line.repeat(64_000), { level: 9 }));
    const capped = openIndexStore(dir, undefined, { maxChunkText: 8 * 1024 * 1024 });
    const manifest = (await capped.loadManifest()) as IndexManifest;
    await expect(capped.readChunk(manifest, name)).rejects.toThrow(new OversizedChunkError(name, 8 * 1024 * 1024));
    // within the cap, the same file reads whole
    const lines = await openIndexStore(dir).readChunk(manifest, name);
    expect(lines).toMatchObject({ checked: false });
    expect(lines.lines).toHaveLength(64_000);
  });

  it('reads a copy of version 1 (no sums) as it always answered, and names the sum of each chunk written after', async () => {
    const server = createDemoBackend({ historyEvents: 3000, clock: () => NOW });
    const query = (params: EventQueryParams) => server.queryEvents(params);
    const { dir, v1 } = await version1Copy(query);
    const store = openIndexStore(dir);
    const params = { type: 'IS:segment-updated', query: 'beta', limit: '20' };
    const restarted = createEventIndexService({ rootDir: root, now: () => NOW });
    expect(await restarted.search('p1', params)).toEqual(await server.queryEvents(params));
    // a top-up with nothing new writes the manifest back as version 2: a Flagdesk that knows only version 1 leaves it
    // alone, where a version 1 with sums in it would read to that Flagdesk as damaged
    await restarted.sync('p1', 'http://server', query);
    await restarted.settled('p1');
    expect(await store.loadManifest()).toMatchObject({ version: 2, chunks: v1.chunks, sums: {} });
    expect(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'))).toMatchObject({ version: 2 });
    // a top-up: one new chunk, named with its sum, in a manifest of version 2
    await server.createSegment({ name: 'later', description: 'beta', constraints: [] });
    await restarted.sync('p1', 'http://server', query);
    await restarted.settled('p1');
    const after = (await store.loadManifest()) as IndexManifest;
    expect(after).toMatchObject({ version: 2, chunks: [...v1.chunks, expect.any(String)] });
    expect(Object.keys(after.sums)).toEqual([after.chunks.at(-1)]);
    const again = createEventIndexService({ rootDir: root, now: () => NOW });
    expect(await again.search('p1', { query: 'later', limit: '5' })).toEqual(await server.queryEvents({ query: 'later', limit: '5' }));
  });

  it('keeps the sum of every chunk it writes, and never scrubs a sum that holds a short token', async () => {
    const server = createDemoBackend({ historyEvents: 300, clock: () => NOW });
    const query = (params: EventQueryParams) => server.queryEvents(params);
    const first = createEventIndexService({ rootDir: root, now: () => NOW });
    await first.sync('p1', 'http://server', query);
    await first.settled('p1');
    const store = openIndexStore(join(root, 'event-index', 'p1'));
    const synced = (await store.loadManifest()) as IndexManifest;
    // a token that a sum happens to hold, as a short token of hex digits can
    const token = (synced.sums[synced.chunks[0] as string] as string).slice(10, 16);
    const redact = createRedactor([token]);
    for (const name of ['one', 'two']) {
      await server.createSegment({ name, description: 'later', constraints: [] });
      const service = createEventIndexService({ rootDir: root, now: () => NOW, redact });
      await service.sync('p1', 'http://server', query);
      await service.settled('p1');
    }
    const after = (await store.loadManifest()) as IndexManifest;
    expect(after.chunks).toHaveLength(synced.chunks.length + 2);
    expect(Object.keys(after.sums).sort()).toEqual([...after.chunks].sort());
    expect(after.sums[synced.chunks[0] as string]).toBe(synced.sums[synced.chunks[0] as string]);
    const reopened = createEventIndexService({ rootDir: root, now: () => NOW, redact });
    await reopened.loaded('p1');
    expect(await reopened.status('p1')).toMatchObject({ state: 'complete', count: (await server.queryEvents({ limit: '1' })).total });
  });

  it('builds the first page of a restart only from lines it may trust: a damaged body in an older chunk without a sum is caught', async () => {
    const server = createDemoBackend({ historyEvents: 3000, clock: () => NOW });
    const query = (params: EventQueryParams) => server.queryEvents(params);
    const { dir, v1 } = await version1Copy(query);
    // one new event: the newest chunk has a sum, the one before (also read for the first page) has none
    await server.createSegment({ name: 'later', description: 'beta', constraints: [] });
    const second = createEventIndexService({ rootDir: root, now: () => NOW });
    await second.sync('p1', 'http://server', query);
    await second.settled('p1');
    const name = v1.chunks.at(-1) as string;
    const lines = gunzipSync(await readFile(join(dir, name))).toString('utf8').trimEnd().split('\n');
    const at = lines.findLastIndex((line) => line.includes('"data":{"'));
    expect(at).toBeGreaterThan(lines.length - 900);
    lines[at] = (lines[at] as string).replace('"data":{"', '"data":{,"');
    await writeFile(join(dir, name), gzipSync(`${lines.join('\n')}\n`));
    const restarted = createEventIndexService({ rootDir: root, now: () => NOW });
    expect(await restarted.search('p1', { limit: '50' })).toBeNull();
    expect(await restarted.status('p1')).toMatchObject({ state: 'off' });
  });

  it('stops a sync on request and resumes it later', async () => {
    const service = createEventIndexService({ rootDir: root, now: () => NOW });
    let release: () => void = () => undefined;
    let calls = 0;
    const gated = async (params: EventQueryParams, signal: AbortSignal) => {
      if (++calls === 6) {
        await new Promise<void>((resolve) => (release = resolve));
        if (signal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError', status: 0 });
      }
      return demo.queryEvents(params);
    };
    await service.sync('p1', 'http://server', gated);
    while (calls < 6) await new Promise((resolve) => setTimeout(resolve, 5));
    const stopping = service.stop('p1');
    release();
    const stopped = await stopping;
    expect(stopped).toMatchObject({ state: 'stopped', lastError: null });
    expect(await service.search('p1', {})).toBeNull(); // incomplete: the server still searches
    await service.sync('p1', 'http://server', online);
    await service.settled('p1');
    expect(await service.status('p1')).toMatchObject({ state: 'complete', count: (await demo.queryEvents({ limit: '1' })).total });
  });

  it('holds no token in clear from the first sync on: answers are the same before and after a restart', async () => {
    const redact = {
      deep: <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('TOPSECRET-123', '[redacted]')) as T,
      mayHoldInJson: (json: string) => json.includes('TOPSECRET-123'),
    };
    const server = createDemoBackend({ historyEvents: 10, clock: () => NOW });
    await server.createSegment({ name: 'leaky', description: 'token TOPSECRET-123', constraints: [] });
    const query = (params: EventQueryParams) => server.queryEvents(params);
    const service = createEventIndexService({ rootDir: root, now: () => NOW, redact });
    await service.sync('p1', 'http://server', query);
    await service.settled('p1');
    expect((await service.search('p1', { query: 'TOPSECRET' }))?.total).toBe(0);
    expect((await service.search('p1', { query: '[redacted]' }))?.events[0]?.data).toMatchObject({ description: 'token [redacted]' });
    const restarted = createEventIndexService({ rootDir: root, now: () => NOW, redact });
    expect(await restarted.search('p1', { query: '[redacted]' })).toEqual(await service.search('p1', { query: '[redacted]' }));
  });
});
