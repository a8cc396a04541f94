import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoBackend } from '../backend/demo';
import { fakeCipher } from '../connections/test-support/fakes';
import { createMainCore, type MainCore } from '../core';
import { createBridge } from './bridge';
import { BRIDGE_NAMES } from './bridge-names';

/**
 * The demo's test fixtures (create a flag, add a strategy or a dependency) are reachable by tests as
 * `backend.fixtures`, never by the page: neither main's dispatch nor the preload's bridge knows them. (Creating a
 * strategy type is a channel of its own now: the Strategy types screen creates them.)
 */
const SENDER = { webContentsId: 1, frameUrl: 'app://flagdesk/index.html', isMainFrame: true };
const FIXTURE_CALLS: [string, unknown][] = [
  ['instance.createFeature', { projectId: 'default', feature: { name: 'from-the-page' } }],
  ['instance.addStrategy', { projectId: 'default', featureName: 'seeded', environment: 'development', strategy: { name: 'default' } }],
  ['instance.addDependency', { projectId: 'default', childFeature: 'seeded', dependency: { feature: 'other' } }],
];

const demo = createDemoBackend({ dataset: 'empty' });
let core: MainCore;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-fixtures-'));
  core = await createMainCore({
    userDataDir: dir,
    cipher: fakeCipher(),
    factories: { openDemo: async () => ({ backend: demo, reset: async () => demo.reset(), close: async () => undefined }) },
  });
  core.senders.trust(SENDER.webContentsId);
  await demo.fixtures.createFeature('default', { name: 'seeded' });
  await demo.fixtures.createFeature('default', { name: 'other' });
});

afterAll(async () => {
  await core.close();
  await rm(dir, { recursive: true, force: true });
});

describe('test fixtures are not exposed to the page', () => {
  it.each(FIXTURE_CALLS)('main refuses %s as an unknown channel and changes nothing', async (channel, input) => {
    const before = JSON.stringify(demo.snapshot());
    expect(await core.dispatch(channel, input, SENDER)).toMatchObject({
      ok: false,
      error: { status: 404, name: 'UnknownChannelError' },
    });
    expect(JSON.stringify(demo.snapshot())).toBe(before);
  });

  it.each(FIXTURE_CALLS)('the bridge refuses %s before it reaches main', async (channel, input) => {
    const sent: string[] = [];
    const bridge = createBridge({ invoke: async (name) => sent.push(name), subscribe: () => () => undefined }, BRIDGE_NAMES);
    const invoke = bridge.invoke as (channel: string, input: unknown) => Promise<unknown>;
    expect(await invoke(channel, input)).toMatchObject({ ok: false, error: { status: 404 } });
    expect(sent).toEqual([]);
  });

  it('still archives through the page: the archive dialog uses archive.run, which keeps its record', async () => {
    const result = await core.dispatch('archive.run', { projectId: 'default', features: ['other'] }, SENDER);
    expect(result).toMatchObject({ ok: true });
    expect((await demo.listProjectFeatures({ projectId: 'default' })).map((f) => f.name)).toEqual(['seeded']);
  });
});
