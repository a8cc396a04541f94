import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelInput, ChannelOutput, Channel } from '../../shared/contract';
import { createDemoBackend } from '../backend/demo';
import { serveAdminApi, type RunningServer } from '../backend/http/serve';
import { fakeCipher } from '../connections/test-support/fakes';
import { createMainCore, type MainCore } from '../core';
import type { ShellPort } from '../shell/shell-port';

const SENDER = { webContentsId: 3, frameUrl: 'app://flagdesk/index.html', isMainFrame: true };
const TOKEN = '*:*.event-channels-token';
let dir: string;
let core: MainCore | undefined;
let server: RunningServer | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-event-channels-'));
});
afterEach(async () => {
  await core?.close();
  await server?.close();
  core = undefined;
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function call<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const result = await (core as MainCore).dispatch(channel, input, SENDER);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.data as ChannelOutput<C>;
}

async function start(shell?: ShellPort) {
  core = await createMainCore({ userDataDir: join(dir, 'app'), cipher: fakeCipher(), ...(shell ? { shell } : {}) });
  core.senders.trust(SENDER.webContentsId);
  return core;
}

const savingTo = (path: string): ShellPort => ({ chooseSaveFile: async () => path, chooseOpenFile: async () => null, notify: () => undefined });

describe('event browser channels', () => {
  it('demo: browse answers from the demo, export writes where main’s dialog said, no local copy is offered', async () => {
    const target = join(dir, 'out.jsonl');
    await start(savingTo(target));
    const page = await call('events.browse', { type: 'IS:segment-created', limit: '5' });
    expect(page.source).toBe('server');
    expect(page.events.every((event) => event.type === 'segment-created')).toBe(true);
    const result = await call('events.export', { filter: { type: 'IS:segment-created' }, format: 'jsonl' });
    expect(result).toEqual({ status: 'done', written: page.total, fileName: 'out.jsonl' });
    const lines = (await readFile(target, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(page.total);
    // each event as the demo answers it (written from the answer's bytes, not from parsed pages)
    const all = await call('events.browse', { type: 'IS:segment-created', limit: String(page.total) });
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(all.events);
    expect(await call('eventIndex.status', {})).toMatchObject({ enabled: false, state: 'off' });
  });

  it('list rows keep only the names of the bodies; the event opened by id has them', async () => {
    await start();
    const rows = await call('events.browse', { type: 'IS:segment-updated', limit: '20', rows: true });
    expect(rows.events.length).toBeGreaterThan(0);
    for (const row of rows.events) {
      // only the names a summary reads: a segment's name, never its constraints
      expect(Object.keys(row.data ?? {}).every((key) => ['name', 'id', 'type', 'value'].includes(key))).toBe(true);
      expect(Object.keys(row.preData ?? {}).every((key) => ['name', 'id', 'type', 'value'].includes(key))).toBe(true);
      expect(row.data?.['name']).toBeTruthy();
      expect(row.summary).toBeTruthy();
    }
    const opened = (await call('events.browse', { id: `IS:${rows.events[0]?.id}`, limit: '1' })).events[0];
    expect(opened).toMatchObject({ id: rows.events[0]?.id, data: expect.any(Object), preData: expect.any(Object) });
  });

  it('an export cannot name a path: the page only says what to export', async () => {
    await start(savingTo(join(dir, 'x.json')));
    const result = await core!.dispatch('events.export', { filter: {}, format: 'json', path: '/etc/passwd' }, SENDER);
    expect(result).toMatchObject({ ok: false, error: { status: 400 } });
  });

  it('remote: a local copy syncs, then answers browse locally, also with the server gone; removing the profile deletes it', async () => {
    const demo = createDemoBackend({ historyEvents: 3000 });
    server = await serveAdminApi(demo, { token: TOKEN, port: 0 });
    await start();
    const pushed: unknown[] = [];
    core!.onPush((event, payload) => event === 'eventIndex.changed' && pushed.push(payload));
    const saved = await call('connections.save', { name: 'Remote', baseUrl: server.url, token: TOKEN });
    const id = saved.profiles.find((profile) => profile.kind === 'remote')?.id as string;
    await call('connections.activate', { id });

    expect((await call('events.browse', { limit: '1' })).source).toBe('server');
    await call('eventIndex.sync', {});
    for (let i = 0; i < 200 && (await call('eventIndex.status', {})).state === 'syncing'; i++) await new Promise((r) => setTimeout(r, 25));
    const status = await call('eventIndex.status', {});
    const total = (await demo.queryEvents({ limit: '1' })).total;
    expect(status).toMatchObject({ state: 'complete', count: total });
    expect(pushed.at(-1)).toMatchObject({ state: 'complete' });

    const params = { type: 'IS:segment-updated', query: 'beta', limit: '10' };
    const expected = await demo.queryEvents(params);
    const local = await call('events.browse', params);
    expect(local).toMatchObject({ source: 'local', total: expected.total });
    expect(local.events.map((event) => event.id)).toEqual(expected.events.map((event) => event.id));

    await server.close();
    server = undefined;
    expect((await call('events.browse', params)).events.map((event) => event.id)).toEqual(expected.events.map((event) => event.id));

    await call('connections.activate', { id: 'demo' });
    await call('connections.remove', { id });
    await new Promise((r) => setTimeout(r, 50));
    expect(await readdir(join(dir, 'app', 'event-index'))).toEqual([]);
  });
});
