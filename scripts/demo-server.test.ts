import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnDemoServer, type DemoServerProcess } from './demo-server/spawn';

/** The CLI end to end: arguments, the ready line, a request, and a clean, saving shutdown on SIGTERM. */

const children: DemoServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of children.splice(0)) if (server.child.exitCode === null && server.child.pid) process.kill(server.child.pid, 'SIGKILL');
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

function start(args: string[]): DemoServerProcess {
  const server = spawnDemoServer(args);
  children.push(server);
  return server;
}

describe('npm run demo-server', () => {
  it('serves the demo, then saves it and exits cleanly on SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flagdesk-demo-server-'));
    dirs.push(dir);
    const server = start(['--port', '0', '--token', 'T', '--data', dir, '--events', '50']);
    const { url, token } = await server.ready;
    expect(token).toBe('T');

    const created = await fetch(`${url}/api/admin/segments`, {
      method: 'POST',
      headers: { Authorization: 'T', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'cli-made-segment', constraints: [] }),
    });
    expect(created.status).toBe(201);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await readFile(join(dir, 'demo-snapshot.json'), 'utf8')).toContain('cli-made-segment');
  }, 60_000);

  it('keeps the saved demo across restarts, and --reset brings back the seeded one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flagdesk-demo-server-'));
    dirs.push(dir);
    const names = async (url: string) => {
      const res = await fetch(`${url}/api/admin/segments`, { headers: { Authorization: 'T' } });
      return ((await res.json()) as { segments: { name: string }[] }).segments.map((s) => s.name);
    };
    const first = start(['--port', '0', '--token', 'T', '--data', dir, '--events', '50']);
    const { url } = await first.ready;
    const seeded = await names(url);
    await fetch(`${url}/api/admin/segments`, {
      method: 'POST',
      headers: { Authorization: 'T', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'kept-across-restarts', constraints: [] }),
    });
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = start(['--port', '0', '--token', 'T', '--data', dir, '--events', '50']);
    expect(await names((await second.ready).url)).toContain('kept-across-restarts');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const third = start(['--port', '0', '--token', 'T', '--data', dir, '--events', '50', '--reset']);
    expect(await names((await third.ready).url)).toEqual(seeded);
    expect(third.output().stderr).toContain('reset to its seeded state');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 60_000);

  it('refuses an unknown argument with a usage message and status 2', async () => {
    const server = start(['--prot', '1']);
    expect(await server.exited).toBe(2);
    expect(server.output().stderr).toContain('unknown argument "--prot"');
    expect(server.output().stderr).toContain('Usage: npm run demo-server');
  }, 60_000);

  it('refuses a port that is not a number', async () => {
    const server = start(['--port=abc']);
    expect(await server.exited).toBe(2);
    expect(server.output().stderr).toContain('--port must be a whole number from 0 to 65535, not "abc"');
  }, 60_000);
});
