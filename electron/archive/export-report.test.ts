import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDemoBackend } from '../backend/demo';
import type { ShellPort } from '../shell/shell-port';
import { archivePortOf } from './archive-port';
import { exportArchiveReport } from './export-report';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function shellSaving(path: string | null): ShellPort & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    chooseSaveFile: async (options) => {
      asked.push(options.defaultName);
      return path;
    },
    chooseOpenFile: async () => null,
    notify: () => undefined,
  };
}

describe('archive dry-run report export', () => {
  it('builds the report from the server in main and writes it where the save dialog says', async () => {
    const demo = createDemoBackend({ dataset: 'empty' });
    for (const name of ['p', 'c1', 'c2']) await demo.fixtures.createFeature('default', { name });
    await demo.fixtures.addDependency('default', 'c1', { feature: 'p' });
    await demo.fixtures.addDependency('default', 'c2', { feature: 'p' });
    const dir = await mkdtemp(join(tmpdir(), 'report-'));
    dirs.push(dir);
    const shell = shellSaving(join(dir, 'dry-run.md'));
    const result = await exportArchiveReport(archivePortOf(demo), shell, {
      projectId: 'default',
      features: ['p', 'c1'],
      server: 'the demo',
      now: '2026-06-01T12:00:00.000Z',
    });
    expect(result).toEqual({ saved: true, fileName: 'dry-run.md' });
    expect(shell.asked).toEqual(['archive-dry-run-default.md']);
    const text = await readFile(join(dir, 'dry-run.md'), 'utf8');
    expect(text).toContain('The server will refuse this archive');
    expect(text).toContain('- p: c2 (off everywhere)');
    expect(text).toContain('- c1 -> p (child depends on parent)');
  });

  it('writes nothing when the dialog is cancelled', async () => {
    const demo = createDemoBackend({ dataset: 'empty' });
    const result = await exportArchiveReport(archivePortOf(demo), shellSaving(null), {
      projectId: 'default',
      features: ['x'],
      server: 'the demo',
      now: '2026-06-01T12:00:00.000Z',
    });
    expect(result).toEqual({ saved: false, fileName: null });
  });
});
