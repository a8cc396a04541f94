import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../../scripts/demo-server/spawn';
import { EXPORT_COLUMNS, EXPORT_FORMATS } from '../../shared/schemas/event-export';
import type { ConnectionStatus } from '../../shared/schemas';
import { fakeCipher } from '../connections/test-support/fakes';
import { createMainCore, type MainCore } from '../core';
import type { ShellPort } from '../shell/shell-port';
import { REDACTED, secretForms } from './redact';

/**
 * The token is never on disk in clear: a server whose event log carries the token (planted in a segment and a flag)
 * is synced into the local copy and exported in every format, through IPC dispatch as the page does it; then every
 * file of the data folder (gunzipped) and every exported file is searched for every spelling of the token.
 */
const TOKEN = '*:*.OnDisk-Never-7c3e9a1f5b2d4e6a8c0b';
const MARKER = 'token-on-disk-marker';
const FLAG = 'token-on-disk-flag';
const SENDER = { webContentsId: 1, frameUrl: 'app://flagdesk/index.html', isMainFrame: true };
const PLANTED = `key ${TOKEN} url ${encodeURIComponent(TOKEN)} b64 ${Buffer.from(TOKEN).toString('base64')}`;

let server: RunningDemoServer;
let core: MainCore;
let userData: string;
let exportsDir: string;
const saveTargets: string[] = [];

const shell: ShellPort = {
  chooseSaveFile: async () => saveTargets.shift() ?? null,
  chooseOpenFile: async () => null,
  notify: () => undefined,
};

async function admin(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: TOKEN, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
}

async function dispatch(channel: Parameters<MainCore['dispatch']>[0], input: unknown): Promise<unknown> {
  const result = await core.dispatch(channel, input, SENDER);
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.data;
}

/** Every file under `dir`, as text (gzip members unpacked). */
async function filesUnder(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = await readFile(path);
    files.set(relative(dir, path), (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
  }
  return files;
}

function tokenSpellingsIn(text: string): string[] {
  const lower = text.toLowerCase();
  return secretForms(TOKEN).filter((form) => lower.includes(form.toLowerCase()));
}

beforeAll(async () => {
  server = await startDemoServer(TOKEN);
  userData = await mkdtemp(join(tmpdir(), 'flagdesk-token-disk-'));
  exportsDir = await mkdtemp(join(tmpdir(), 'flagdesk-token-exports-'));
  // The event log of the server now carries the token, verbatim, URL-encoded and base64, in several fields.
  await admin('/api/admin/segments', {
    name: MARKER,
    description: PLANTED,
    constraints: [{ contextName: 'userId', operator: 'IN', values: [TOKEN, encodeURIComponent(TOKEN)], inverted: false, caseInsensitive: false }],
  });
  await admin('/api/admin/projects/default/features', { name: FLAG, description: PLANTED });
  core = await createMainCore({ userDataDir: userData, cipher: fakeCipher(), shell });
  core.senders.trust(SENDER.webContentsId);
}, 60_000);

afterAll(async () => {
  await core?.close();
  await server?.stop();
  await rm(userData, { recursive: true, force: true });
  await rm(exportsDir, { recursive: true, force: true });
});

it('writes no spelling of the token to the data folder, the local copy or any export', async () => {
  const saved = (await dispatch('connections.save', { name: 'Demo server', baseUrl: server.url, token: TOKEN })) as ConnectionStatus;
  const id = saved.profiles.find((p) => p.kind === 'remote')?.id;
  await dispatch('connections.activate', { id });

  // the server really hands the planted token out (so the searches below are not vacuous)
  const segments = await fetch(`${server.url}/api/admin/segments`, { headers: { Authorization: TOKEN } });
  expect(await segments.text()).toContain(TOKEN);

  await dispatch('eventIndex.sync', {});
  await vi.waitFor(
    async () => expect(await dispatch('eventIndex.status', {})).toMatchObject({ state: 'complete', lastError: null }),
    { timeout: 60_000, interval: 200 },
  );

  const exported: string[] = [];
  for (const format of EXPORT_FORMATS) {
    const file = join(exportsDir, `events.${format}`);
    saveTargets.push(file);
    const columns = format === 'csv' ? [...EXPORT_COLUMNS] : undefined;
    expect(await dispatch('events.export', { filter: {}, format, ...(columns ? { columns } : {}) })).toMatchObject({ status: 'done' });
    exported.push(file);
  }
  const report = join(exportsDir, 'archive-dry-run.md');
  saveTargets.push(report);
  expect(await dispatch('archive.exportReport', { projectId: 'default', features: [FLAG] })).toEqual({ saved: true, fileName: 'archive-dry-run.md' });
  await core.close();

  const data = await filesUnder(userData);
  const out = await filesUnder(exportsDir);
  const chunks = [...data].filter(([path]) => /^event-index\/.+\/chunk-.*\.jsonl\.gz$/.test(path));
  expect(chunks.length).toBeGreaterThan(0);
  expect([...data.keys()]).toEqual(expect.arrayContaining([expect.stringMatching(/^event-index\/.+\/manifest/)]));
  expect([...out.keys()].sort()).toEqual(['archive-dry-run.md', 'events.csv', 'events.json', 'events.jsonl']);

  // The planted events did reach every file that should hold them (so the search below is not vacuous).
  const localCopy = chunks.map(([, text]) => text).join('\n');
  const holders = [localCopy, ...exported.map((file) => out.get(relative(exportsDir, file)) ?? '')];
  for (const text of holders) {
    expect(text).toContain(MARKER);
    expect(text).toContain(FLAG);
  }
  expect(out.get('archive-dry-run.md')).toContain(FLAG);

  const hits: string[] = [];
  const everyFile: [string, string][] = [...[...data].map(([p, t]): [string, string] => [`userData/${p}`, t]), ...[...out].map(([p, t]): [string, string] => [`exports/${p}`, t])];
  for (const [path, text] of everyFile) {
    // The vault is the one file meant to hold the token: encrypted by safeStorage in the app. fakeCipher's
    // "encryption" is `enc:` + base64, which is one of the spellings searched for, so that file is checked for
    // being exactly the cipher's output instead (never the token as typed).
    if (path.startsWith('userData/tokens/')) {
      expect(text, path).toBe(fakeCipher().encryptString(TOKEN).toString());
      continue;
    }
    for (const form of tokenSpellingsIn(text)) hits.push(`${path}: ${form}`);
  }
  expect(hits).toEqual([]);
  // ... and the token in them was replaced by the marker, not dropped with the event.
  for (const text of holders) expect(text).toContain(REDACTED);
}, 180_000);
