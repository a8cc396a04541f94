import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteBackend } from '../../electron/backend/remote/remote-backend';
import { startDemoServer, type RunningDemoServer } from '../demo-server/spawn';

/**
 * The CLI as CI runs it: a child process (the package's bin), two demo servers, tokens in the environment, exit
 * codes as `diff` gives them, JSON and text output, `--apply`, and bundles written and read.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'flagdesk-compare.mjs');

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('flagdesk-compare against two demo servers', () => {
  let left: RunningDemoServer;
  let right: RunningDemoServer;
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    [left, right] = await Promise.all([startDemoServer('cli-left-token'), startDemoServer('cli-right-token')]);
    env = { FLAGDESK_LEFT_TOKEN: left.token, FLAGDESK_RIGHT_TOKEN: right.token, FLAGDESK_SOURCE_TOKEN: left.token };
    dir = await mkdtemp(join(tmpdir(), 'flagdesk-cli-'));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([left?.stop(), right?.stop()]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('exits 0 when the two seeded demos are the same, and says so', async () => {
    const ran = await cli([left.url, right.url], env);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toContain('The same.');
    expect(ran.code).toBe(0);
  }, 60_000);

  it('exits 2 on an error: a missing token, a bad option, a bundle that is not one', async () => {
    const missing = await cli([left.url, right.url], { FLAGDESK_LEFT_TOKEN: left.token, FLAGDESK_RIGHT_TOKEN: '' });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('FLAGDESK_RIGHT_TOKEN is not set');
    const bad = await cli([left.url, right.url, '--only', 'flags'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown kind "flags"');
    const file = join(dir, 'newer.json');
    await writeFile(file, JSON.stringify({ format: 'flagdesk-bundle', version: 99 }));
    const newer = await cli([file, right.url], env);
    expect(newer.code).toBe(2);
    expect(newer.stderr).toContain('written by a newer Flagdesk (format version 99');
    const damaged = join(dir, 'damaged.json');
    await writeFile(damaged, '{"format":"flagdesk-bundle","version":1,"content":');
    expect((await cli([damaged, right.url], env)).stderr).toContain('is not JSON');
  }, 60_000);

  it('exits 1 when they differ, with JSON output; --apply promotes (no --yes for the demo) and then they are the same', async () => {
    const backend = createRemoteBackend({ baseUrl: left.url, token: left.token });
    await backend.createSegment({ name: 'cli-only-left', constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'] }] });
    await backend.close();
    const differs = await cli([left.url, right.url, '--json', '--only', 'segments'], env);
    expect(differs.code).toBe(1);
    const parsed = JSON.parse(differs.stdout) as { compare: { totals: { onlyLeft: number }; kinds: { kind: string; items: { name: string; status: string }[] }[] } };
    expect(parsed.compare.totals.onlyLeft).toBe(1);
    expect(parsed.compare.kinds[0]?.items.find((item) => item.name === 'cli-only-left')?.status).toBe('only-left');

    const applied = await cli([left.url, right.url, '--apply', '--only', 'segments'], env);
    expect(applied.stdout).toContain('Plan: Create 1, update 0, leave 0.');
    expect(applied.stdout).toMatch(/done\s+create segment cli-only-left/);
    expect(applied.code).toBe(0);
    const rightBackend = createRemoteBackend({ baseUrl: right.url, token: right.token });
    const events = (await rightBackend.listEvents()).events;
    await rightBackend.close();
    expect(events.some((event) => event.type === 'segment-created' && JSON.stringify(event.data).includes('cli-only-left'))).toBe(true);
    expect((await cli([left.url, right.url, '--only', 'segments'], env)).code).toBe(0);
  }, 60_000);

  it('--apply wants --yes when the right is not the demo, and refuses a bundle as the right', async () => {
    const bundle = join(dir, 'left.json');
    const exported = await cli(['export', left.url, '--out', bundle], env);
    expect(exported.code).toBe(0);
    const text = await readFile(bundle, 'utf8');
    expect(text).not.toContain(left.token);
    expect(JSON.parse(text)).toMatchObject({ format: 'flagdesk-bundle', version: 1 });
    const toBundle = await cli([left.url, bundle, '--apply'], env);
    expect(toBundle.code).toBe(2);
    expect(toBundle.stderr).toContain('RIGHT to be a server');
    // From the bundle to the right: the same core, the same answer as from the server.
    expect((await cli([bundle, right.url], env)).code).toBe(0);

    // A server that is not the demo (it answers ui-config as a real Unleash names itself): refused before any write.
    let requests = 0;
    const stub = createServer((request, response) => {
      requests += 1;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(request.url === '/api/admin/ui-config' ? { version: '6.10.1', name: 'Unleash' } : {}));
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
      const refused = await cli([left.url, url, '--apply'], env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('which is not the Flagdesk demo: add --yes');
      expect(requests).toBe(1);
    } finally {
      await new Promise((resolve) => stub.close(resolve));
    }
  }, 60_000);
});
