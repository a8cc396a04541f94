import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportProgress } from '../../../shared/schemas/event-export';
import { createDemoBackend } from '../../backend/demo';
import { serveAdminApi, type RunningServer } from '../../backend/http/serve';
import { createRemoteBackend, type RemoteBackend } from '../../backend/remote/remote-backend';
import type { ShellPort } from '../../shell/shell-port';
import { createExportService } from './export-service';

const TOKEN = '*:*.export-test-token';
let dir: string;
let server: RunningServer | undefined;
let remote: RemoteBackend | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-export-service-'));
});
afterEach(async () => {
  await remote?.close();
  await server?.close();
  remote = undefined;
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

function fakeShell(choice: string | null): ShellPort & { asked: { defaultName: string }[] } {
  const asked: { defaultName: string }[] = [];
  return {
    asked,
    chooseSaveFile: async (options) => {
      asked.push(options);
      return choice;
    },
    chooseOpenFile: async () => null,
    notify: () => undefined,
  };
}

const demo = createDemoBackend({ historyEvents: 3000, clock: () => new Date('2026-06-01T12:00:00.000Z') });

describe('the export service', () => {
  it('asks main’s save dialog for the place, writes there, and reports the file name only', async () => {
    const shell = fakeShell(join(dir, 'audit.csv'));
    const progress: ExportProgress[] = [];
    const service = createExportService({ shell, source: async () => ({ query: (params) => demo.queryEvents(params) }), onProgress: (p) => progress.push(p), now: () => new Date('2026-06-01T00:00:00Z') });
    const result = await service.start({ filter: { type: 'IS:segment-created' }, format: 'csv', columns: ['id', 'type'] });
    expect(shell.asked[0]?.defaultName).toBe('flagdesk-events-2026-06-01.csv');
    expect(result).toMatchObject({ status: 'done', fileName: 'audit.csv' });
    const rows = (await readFile(join(dir, 'audit.csv'), 'utf8')).trimEnd().split('\r\n');
    expect(rows[0]).toBe('id,type');
    expect(rows.length - 1).toBe(result.status === 'done' ? result.written : -1);
    expect(rows.slice(1).every((row) => row.endsWith(',segment-created'))).toBe(true);
    expect(progress.at(-1)).toMatchObject({ done: true });
  });

  it('writes nothing when the user closes the dialog', async () => {
    const service = createExportService({ shell: fakeShell(null), source: async () => ({ query: (params) => demo.queryEvents(params) }), onProgress: () => undefined });
    expect(await service.start({ filter: {}, format: 'jsonl' })).toEqual({ status: 'cancelled' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('against a remote server: cancel aborts the request in flight and leaves no file', async () => {
    let stalled = false;
    // The server answers page one, then sits on page two: only an aborted request lets the export end.
    const stalling = Object.assign(Object.create(demo) as typeof demo, {
      queryEvents: (params: Parameters<typeof demo.queryEvents>[0]) => {
        if (params?.offset !== '1000') return demo.queryEvents(params);
        stalled = true;
        service.cancel(); // the user presses Cancel while page two is in flight
        return new Promise<never>(() => undefined);
      },
    });
    server = await serveAdminApi(stalling, { token: TOKEN, port: 0 });
    remote = createRemoteBackend({ baseUrl: server.url, token: TOKEN });
    const pushed: ExportProgress[] = [];
    const service = createExportService({ shell: fakeShell(join(dir, 'all.jsonl')), source: async () => ({ query: (params, signal) => remote!.withSignal(signal).queryEvents(params) }), onProgress: (p) => pushed.push(p) });
    expect(await service.start({ filter: {}, format: 'jsonl' })).toEqual({ status: 'cancelled' });
    const { total } = await demo.queryEvents({ limit: '1' });
    expect(pushed).toEqual([{ written: 1000, total, done: false }]);
    expect(stalled).toBe(true);
    expect(await readdir(dir)).toEqual([]);
  });

  it('runs one export at a time', async () => {
    let release: (value: string) => void = () => undefined;
    const shell = { ...fakeShell(null), chooseSaveFile: () => new Promise<string>((resolve) => (release = resolve)) };
    const service = createExportService({ shell, source: async () => ({ query: (params) => demo.queryEvents(params) }), onProgress: () => undefined });
    const first = service.start({ filter: {}, format: 'jsonl' });
    await expect(service.start({ filter: {}, format: 'jsonl' })).rejects.toMatchObject({ status: 409 });
    release(join(dir, 'one.jsonl'));
    expect(await first).toMatchObject({ status: 'done', fileName: 'one.jsonl' });
  });
});
