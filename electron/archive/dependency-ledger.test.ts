import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDependencyLedger, type RemovedDependency } from './dependency-ledger';

const dirs: string[] = [];
async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ledger-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const entry = (child: string, parent = 'p', project = 'default'): RemovedDependency => ({
  project, child, parent, enabled: true, variants: [], removedAt: '2026-06-01T12:00:00.000Z',
});

describe('dependency ledger', () => {
  it('keeps removed dependencies per profile across restarts, until forgotten', async () => {
    const dir = await dataDir();
    const ledger = createDependencyLedger(dir);
    await ledger.record('demo', [entry('c1'), entry('c2')]);
    await ledger.record('prod', [entry('c1', 'other')]);
    const reopened = createDependencyLedger(dir);
    expect(await reopened.pending('demo', 'default', ['c1', 'x'])).toEqual([entry('c1')]);
    expect(await reopened.pending('prod', 'default', ['c1'])).toEqual([entry('c1', 'other')]);
    expect(await reopened.pending('demo', 'elsewhere', ['c1'])).toEqual([]);
    await reopened.forget('demo', 'default', ['c1']);
    expect(await createDependencyLedger(dir).pending('demo', 'default', ['c1', 'c2'])).toEqual([entry('c2')]);
  });

  it('replaces an older entry for the same child (one parent per child)', async () => {
    const ledger = createDependencyLedger(await dataDir());
    await ledger.record('demo', [entry('c1', 'old')]);
    await ledger.record('demo', [entry('c1', 'new')]);
    expect(await ledger.pending('demo', 'default', ['c1'])).toEqual([entry('c1', 'new')]);
  });

  it('starts empty over an unreadable file and refuses a profile id that is not a plain name', async () => {
    const dir = await dataDir();
    await mkdir(join(dir, 'archive-ledger'));
    await writeFile(join(dir, 'archive-ledger', 'demo.json'), '{not json');
    const ledger = createDependencyLedger(dir);
    expect(await ledger.pending('demo', 'default', ['c1'])).toEqual([]);
    await ledger.record('demo', [entry('c1')]);
    expect(JSON.parse(await readFile(join(dir, 'archive-ledger', 'demo.json'), 'utf8')).removed).toHaveLength(1);
    await expect(ledger.record('../escape', [entry('c1')])).rejects.toThrow('Invalid profile id');
  });
});
