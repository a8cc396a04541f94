import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDemoStore } from '../electron/backend/demo';
import { LOCK_FILE } from '../electron/storage/folder-lock';
import { spawnDemoServer, type DemoServerProcess } from './demo-server/spawn';

/** The CLI end to end: arguments, the ready line, a request, and a clean, saving shutdown on SIGTERM. */

const children: DemoServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of children.splice(0)) if (server.child.exitCode === null && server.child.signalCode === null && server.child.pid) process.kill(server.child.pid, 'SIGKILL');
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

  describe('one writer per data folder', () => {
    it('a second demo-server on the same folder is refused with the reason; the first keeps serving', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'flagdesk-demo-server-'));
      dirs.push(dir);
      const first = start(['--port', '0', '--token', 'T', '--data', dir, '--events', '50']);
      const { url } = await first.ready;
      const second = start(['--port', '0', '--token', 'T', '--data', dir, '--events', '50']);
      expect(await second.exited).toBe(1);
      expect(second.output().stderr).toContain(`${dir} is in use by npm run demo-server (process ${first.child.pid},`);
      expect((await fetch(`${url}/api/admin/segments`, { headers: { Authorization: 'T' } })).status).toBe(200);
      await first.stop();
    }, 60_000);

    it("the app's demo folder, while the app holds it, refuses the demo-server; once the app closed it, it is free", async () => {
      const dir = await mkdtemp(join(tmpdir(), 'flagdesk-demo-server-'));
      dirs.push(dir);
      const app = await openDemoStore(dir, { historyEvents: 10 });
      const refused = start(['--port', '0', '--token', 'T', '--data', dir, '--events', '50']);
      expect(await refused.exited).toBe(1);
      expect(refused.output().stderr).toContain(`is in use by Flagdesk (process ${process.pid},`);
      await app.close();
      const served = start(['--port', '0', '--token', 'T', '--data', dir, '--events', '50']);
      await served.ready;
      await served.stop();
    }, 60_000);

    it('takes over a stale lock whose process is gone', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'flagdesk-demo-server-'));
      dirs.push(dir);
      const gone = start(['--help']);
      await gone.exited;
      await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: gone.child.pid, who: 'npm run demo-server', since: '2026-01-01T00:00:00.000Z' }));
      const server = start(['--port', '0', '--token', 'T', '--data', dir, '--events', '50']);
      await server.ready;
      expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: server.child.pid });
      await server.stop();
    }, 60_000);
  });
});
