import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, contract } from '../../shared/contract';
import { createDemoBackend } from '../backend/demo';
import { fakeCipher } from '../connections/test-support/fakes';
import { createMainCore, type MainCore } from '../core';
import { hostilePayloads } from './fuzz/hostile';
import { malformedCandidates } from './fuzz/malformed';

/**
 * Every channel gets >= 500 malformed payloads; each must come back 400 ValidationError, and nothing may
 * change: the demo's state (its snapshot), the connection profiles, Object.prototype.
 */
const PER_CHANNEL = 500;
const SENDER = { webContentsId: 1, frameUrl: 'app://flagdesk/index.html', isMainFrame: true };

const demo = createDemoBackend();
let core: MainCore;
let dir: string;
let pushes = 0;
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-fuzz-'));
  core = await createMainCore({
    userDataDir: dir,
    cipher: fakeCipher(),
    factories: {
      // The demo in memory: its snapshot() is the state compared before and after.
      openDemo: async () => ({ backend: demo, reset: async () => demo.reset(), close: async () => undefined }),
    },
  });
  core.senders.trust(SENDER.webContentsId);
  core.onPush(() => {
    pushes += 1;
  });
});

afterAll(async () => {
  await core.close();
  await rm(dir, { recursive: true, force: true });
});

describe('IPC fuzz', () => {
  it('has a valid sample for every channel (so the malformed ones are malformed for the right reason)', () => {
    for (const channel of CHANNELS) {
      expect(contract[channel].input.safeParse(contract[channel].sample).success, channel).toBe(true);
    }
  });

  it(`answers >= ${PER_CHANNEL} malformed payloads per channel with 400 ValidationError and changes nothing`, async () => {
    const before = JSON.stringify(demo.snapshot());
    const statusBefore = await core.connections.status();
    const filesBefore = (await readdir(dir)).sort();
    const counts: Record<string, number> = {};

    for (const [index, channel] of CHANNELS.entries()) {
      const candidates = malformedCandidates(contract[channel].sample, PER_CHANNEL + 60, index + 1);
      const malformed = candidates.filter((payload) => !contract[channel].input.safeParse(payload).success);
      counts[channel] = malformed.length;
      for (const payload of malformed) {
        const result = await core.dispatch(channel, payload, SENDER);
        if (result.ok || result.error.status !== 400 || result.error.name !== 'ValidationError') {
          expect.fail(`${channel} answered ${JSON.stringify(result).slice(0, 300)} to a malformed payload`);
        }
        expect(result.error.message.length).toBeLessThan(2_000);
      }
    }

    for (const channel of CHANNELS) expect(counts[channel], channel).toBeGreaterThanOrEqual(PER_CHANNEL);
    expect(JSON.stringify(demo.snapshot())).toBe(before);
    expect(await core.connections.status()).toEqual(statusBefore);
    expect((await readdir(dir)).sort()).toEqual(filesBefore);
    expect(pushes).toBe(0);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.toString.call([])).toBe('[object Array]');
  }, 120_000);
});

describe('IPC bounds', () => {
  it('refuses every payload of a fixed hostile list: oversized, NUL, whitespace-only, deeply nested', async () => {
    const before = JSON.stringify(demo.snapshot());
    let checked = 0;
    for (const channel of CHANNELS) {
      for (const { label, payload } of hostilePayloads(channel, contract[channel].sample)) {
        const result = await core.dispatch(channel, payload, SENDER);
        if (result.ok || result.error.status !== 400 || result.error.name !== 'ValidationError') {
          expect.fail(`${label} was not refused: ${JSON.stringify(result).slice(0, 300)}`);
        }
        expect(result.error.message.length, label).toBeLessThan(2_000);
        checked += 1;
      }
    }
    // Every channel with an input field contributed; the list is fixed, not filtered by what the schema accepts.
    expect(checked).toBeGreaterThan(150);
    expect(JSON.stringify(demo.snapshot())).toBe(before);
  }, 120_000);
});
