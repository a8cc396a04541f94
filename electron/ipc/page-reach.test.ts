import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, isChannel } from '../../shared/contract';
import { createDemoBackend } from '../backend/demo';
import { fakeCipher } from '../connections/test-support/fakes';
import { createMainCore, type MainCore } from '../core';
import { createBridge } from './bridge';
import { BRIDGE_NAMES } from './bridge-names';

/**
 * A backend operation is not a channel unless a screen calls it. These were channels once, named after backend
 * operations no screen uses; the page can no longer reach them, and tests reach the operations on the backend.
 */
const SENDER = { webContentsId: 1, frameUrl: 'app://flagdesk/index.html', isMainFrame: true };
const OUT_OF_REACH: [string, unknown][] = [
  ['events.list', { project: 'default' }],
  ['events.search', { type: 'feature-created' }],
  ['events.query', { type: 'IS:feature-created' }],
  ['archive.revive', { projectId: 'default', features: ['gone'] }],
  ['archive.deleteArchived', { projectId: 'default', features: ['gone'] }],
  ['instance.setEnvironmentEnabled', { projectId: 'default', featureName: 'kept', environment: 'development', enabled: true }],
  ['instance.createContextField', { name: 'from-the-page' }],
  ['instance.deleteContextField', { name: 'userId' }],
  ['instance.archiveFeatures', { projectId: 'default', features: ['kept'] }],
  ['app.info', {}],
];

const demo = createDemoBackend({ dataset: 'empty' });
let core: MainCore;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-page-reach-'));
  core = await createMainCore({
    userDataDir: dir,
    cipher: fakeCipher(),
    factories: { openDemo: async () => ({ backend: demo, reset: async () => demo.reset(), close: async () => undefined }) },
  });
  core.senders.trust(SENDER.webContentsId);
  await demo.fixtures.createFeature('default', { name: 'kept' });
});

afterAll(async () => {
  await core.close();
  await rm(dir, { recursive: true, force: true });
});

describe('what the page can reach', () => {
  it('is the contract and nothing else: no backend-only operation is among its channels', () => {
    for (const [name] of OUT_OF_REACH) expect(isChannel(name), name).toBe(false);
    expect(new Set(BRIDGE_NAMES.channels)).toEqual(new Set(CHANNELS));
  });

  it.each(OUT_OF_REACH)('main refuses %s as an unknown channel and changes nothing', async (channel, input) => {
    const before = JSON.stringify(demo.snapshot());
    expect(await core.dispatch(channel, input, SENDER)).toMatchObject({ ok: false, error: { status: 404, name: 'UnknownChannelError' } });
    expect(JSON.stringify(demo.snapshot())).toBe(before);
  });

  it.each(OUT_OF_REACH)('the bridge refuses %s before it reaches main', async (channel, input) => {
    const sent: string[] = [];
    const bridge = createBridge({ invoke: async (name) => sent.push(name), subscribe: () => () => undefined }, BRIDGE_NAMES);
    const invoke = bridge.invoke as (channel: string, input: unknown) => Promise<unknown>;
    expect(await invoke(channel, input)).toMatchObject({ ok: false, error: { status: 404 } });
    expect(sent).toEqual([]);
  });

  it('leaves those operations on the backend, where tests reach them', async () => {
    await demo.setFeatureEnvironmentEnabled({ projectId: 'default', featureName: 'kept', environment: 'development', enabled: true });
    await demo.createContextField({ name: 'plan' });
    expect((await demo.listContextFields()).map((field) => field.name)).toContain('plan');
    await demo.archiveFeatures({ projectId: 'default', features: ['kept'] });
    await demo.reviveFeatures({ projectId: 'default', features: ['kept'] });
    expect((await demo.listProjectFeatures({ projectId: 'default' })).map((flag) => flag.name)).toEqual(['kept']);
    const types = (await demo.queryEvents({})).events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['feature-environment-enabled', 'context-field-created', 'feature-archived', 'feature-revived']));
  });
});
