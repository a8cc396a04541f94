import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../shared/schemas';
import { segment } from '../backend/remote/test-support/fixtures';
import { json, startStub, type Stub } from '../backend/remote/test-support/stub-server';
import { fakeCipher } from '../connections/test-support/fakes';
import { createMainCore, type MainCore } from '../core';
import { secretForms } from './redact';

/** A server that echoes the token, in every field and every encoding, gets none of it to the page. */
const SECRET = '*:*.Echo-Me-Not-5f2d9c0e4b7a1e6d3c8b';
const SENDER = { webContentsId: 1, frameUrl: 'app://flagdesk/index.html', isMainFrame: true };

function echoes(token: string): string[] {
  const bytes = Buffer.from(token);
  return [
    token,
    token.toLowerCase(),
    token.toUpperCase(),
    encodeURIComponent(token),
    encodeURIComponent(token).toLowerCase(),
    encodeURIComponent(encodeURIComponent(token)),
    [...bytes].map((b) => `%${b.toString(16)}`).join(''),
    bytes.toString('base64'),
    bytes.toString('base64url'),
    bytes.toString('hex'),
    token.replace(/[^\w]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    `Bearer ${token}`,
  ];
}

let stub: Stub;
let core: MainCore;
let dir: string;

beforeAll(async () => {
  stub = await startStub();
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-redact-'));
  core = await createMainCore({ userDataDir: dir, cipher: fakeCipher() });
  core.senders.trust(SENDER.webContentsId);
});
afterAll(async () => {
  await core.close();
  await stub.close();
  await rm(dir, { recursive: true, force: true });
});

it('lets no encoding of the token through dispatch, in any field of an answer or an error', async () => {
  stub.handle((req, res) => {
    const all = echoes(String(req.headers.authorization));
    const joined = all.join(' | ');
    if (req.method === 'POST') {
      return json(res, 400, {
        name: `Bad ${all[3]}`,
        message: `refused ${joined}`,
        details: all.map((form) => ({ message: `bad ${form}`, path: `/segments/${form}` })),
      });
    }
    if (req.url.startsWith('/api/admin/segments/')) {
      return json(res, 200, { ...segment, name: all[0], description: joined, createdBy: all[7] });
    }
    return json(res, 200, { segments: all.map((form, i) => ({ ...segment, id: i + 1, name: form, description: form, createdBy: form })) });
  });
  const saved = await core.dispatch('connections.save', { name: 'Echo', baseUrl: stub.url, token: SECRET }, SENDER);
  expect(saved.ok).toBe(true);
  const id = saved.ok ? (saved.data as ConnectionStatus).profiles[1]?.id : undefined;
  expect((await core.dispatch('connections.activate', { id }, SENDER)).ok).toBe(true);

  const results = [
    await core.dispatch('segments.list', {}, SENDER),
    await core.dispatch('segments.get', { id: 7 }, SENDER),
    await core.dispatch('segments.create', { name: 'x', constraints: [] }, SENDER),
  ];
  expect(results.map((r) => r.ok)).toEqual([true, true, false]);
  const seen = JSON.stringify(results);
  // The server did echo it (so the check below is not vacuous) ...
  expect(stub.requests.some((r) => r.headers.authorization === SECRET)).toBe(true);
  expect(seen).toContain('[hidden token]');
  // ... and not one form of it, nor its distinctive middle in any case, reached the output.
  const lower = seen.toLowerCase();
  for (const form of [...echoes(SECRET), ...secretForms(SECRET)]) expect(lower).not.toContain(form.toLowerCase());
  expect(lower).not.toContain('5f2d9c0e4b7a1e6d3c8b');
  expect(lower).not.toContain(Buffer.from('5f2d9c0e4b7a1e6d3c8b').toString('base64').slice(0, 20).toLowerCase());
});
