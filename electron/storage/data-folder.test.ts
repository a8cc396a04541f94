import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runArchive } from '../archive/archive-job';
import { createDependencyLedger } from '../archive/dependency-ledger';
import { createDemoBackend, openDemoStore } from '../backend/demo';
import { SNAPSHOT_FORMAT } from '../backend/demo/model/snapshot';
import { loadProfiles, saveProfiles } from '../connections/profile-store';
import { createEventIndexService } from '../events/local-index/index-service';

/**
 * Every file of the data folder, opened through its own store and then written through it, with content this
 * Flagdesk cannot use. Unreadable: the bytes survive under a `*.corrupt-*` name beside it and the notice names both.
 * Newer: the bytes stay where they are, untouched by the write, and the notice says a newer Flagdesk wrote it.
 */
interface Kind {
  /** The file, relative to the data folder. */
  file: string;
  /** A valid file of this kind (truncated and wrong-schema variants are derived from it). */
  valid: { version: number } & Record<string, unknown>;
  /** Opens the store, tries its ordinary write, and returns the notice the user is given. */
  openAndWrite(dataDir: string): Promise<string | undefined>;
}

const removed = { project: 'default', child: 'c1', parent: 'p', enabled: true, variants: [], removedAt: '2026-06-01T12:00:00.000Z' };
const demo = createDemoBackend({ historyEvents: 5 });

const kinds: Record<string, Kind> = {
  'saved connections': {
    file: 'profiles.json',
    valid: { version: 1, lastUsedProfileId: 'demo', profiles: [{ id: 'remote-1', name: 'Prod', baseUrl: 'https://x.example' }] },
    async openAndWrite(dataDir) {
      const loaded = await loadProfiles(dataDir);
      if (!loaded.readOnly) await saveProfiles(dataDir, loaded.file);
      return loaded.notice;
    },
  },
  'demo snapshot': {
    file: 'demo/demo-snapshot.json',
    valid: demo.snapshot(),
    async openAndWrite(dataDir) {
      const store = await openDemoStore(join(dataDir, 'demo'), { historyEvents: 5 });
      await store.backend.createSegment({ name: 'after-open', constraints: [] } as never).catch(() => undefined);
      await store.save();
      await store.close();
      return store.notice;
    },
  },
  'archive ledger': {
    file: 'archive-ledger/prod.json',
    valid: { version: 1, removed: [removed] },
    async openAndWrite(dataDir) {
      const notices: string[] = [];
      const ledger = createDependencyLedger(dataDir, (notice) => notices.push(notice));
      await ledger.record('prod', [{ ...removed, child: 'c2' }]).catch(() => undefined);
      return notices.join(' ') || undefined;
    },
  },
  "local copy's manifest": {
    file: 'event-index/prod/manifest.json',
    valid: { version: 2, baseUrl: 'http://server', phase: 'full', nextDay: null, total: 0, count: 0, chunks: [], sums: {}, syncedAt: null },
    async openAndWrite(dataDir) {
      const notices: string[] = [];
      const service = createEventIndexService({ rootDir: dataDir, onNotice: (notice) => notices.push(notice) });
      await service.sync('prod', 'http://server', (params) => demo.queryEvents(params)).catch(() => undefined);
      await service.settled('prod');
      return notices.join(' ') || undefined;
    },
  },
};

const contents = {
  truncated: (valid: object) => JSON.stringify(valid, null, 2).slice(0, 40),
  corrupt: () => '{"version": 1, oops',
  // valid JSON, the version this Flagdesk writes, every other field of the wrong type
  'wrong schema': (valid: object) =>
    JSON.stringify(Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, key === 'version' || key === 'format' ? value : 42]))),
  // one version past the one this Flagdesk writes
  'newer version': (valid: { version: number }) =>
    JSON.stringify({ ...valid, version: valid.version + 1, ...('format' in valid ? { format: SNAPSHOT_FORMAT } : {}), addedLater: true }),
};

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function dataDirWith(file: string, text: string): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'flagdesk-data-'));
  dirs.push(dataDir);
  await mkdir(join(dataDir, file, '..'), { recursive: true });
  await writeFile(join(dataDir, file), text);
  return dataDir;
}

const cases = Object.entries(kinds).flatMap(([kind, spec]) => Object.entries(contents).map(([content, make]) => ({ kind, spec, content, text: make(spec.valid) })));

describe('every file in the data folder, with content this Flagdesk cannot use', () => {
  it.each(cases.filter((c) => c.content !== 'newer version'))('$kind, $content: moved aside with its bytes, and the notice names it', async ({ spec, text }) => {
    const dataDir = await dataDirWith(spec.file, text);
    const notice = await spec.openAndWrite(dataDir);
    const folder = join(dataDir, spec.file, '..');
    const base = spec.file.split('/').at(-1)!.replace(/\.json$/, '');
    const aside = (await readdir(folder)).filter((name) => name.startsWith(`${base}.corrupt-`));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(folder, aside[0]!), 'utf8')).toBe(text);
    expect(notice).toContain(`(${base}.json) could not be read`);
    expect(notice).toContain(`moved to ${aside[0]}`);
  });

  it.each(cases.filter((c) => c.content === 'newer version'))('$kind, newer version: never written, and the notice says why', async ({ spec, text }) => {
    const dataDir = await dataDirWith(spec.file, text);
    const notice = await spec.openAndWrite(dataDir);
    expect(await readFile(join(dataDir, spec.file), 'utf8')).toBe(text);
    expect(notice).toMatch(new RegExp(`\\(.*\\.json\\) was written by a newer Flagdesk \\(version ${spec.valid.version + 1}\\), so it is left untouched`));
    expect((await readdir(join(dataDir, spec.file, '..'))).filter((name) => name.includes('.corrupt-'))).toEqual([]);
  });
});

describe('the archive ledger', () => {
  const port = {
    validate: async () => ({ parentsWithChildFeatures: [], hasDeletedDependencies: true }),
    activeFeatures: async () => [{ name: 'c1', project: 'default' }],
    feature: async () => ({ name: 'c1', project: 'default', dependencies: [{ feature: 'p', enabled: true, variants: [] }] }),
    archive: async () => {
      archived += 1;
    },
    revive: async () => undefined,
    addDependency: async () => undefined,
  };
  let archived = 0;

  it('a corrupt ledger is kept aside and the next archive records into a new one', async () => {
    const dataDir = await dataDirWith('archive-ledger/prod.json', '{"version":1,"removed":[{"project":"default","child":"old"');
    const scope = { port: port as never, ledger: createDependencyLedger(dataDir), profileId: 'prod', now: () => '2026-06-01T12:00:00.000Z' };
    expect((await runArchive(scope, 'default', ['c1'])).outcome).toBe('archived');
    const names = await readdir(join(dataDir, 'archive-ledger'));
    expect(names.filter((name) => name.startsWith('prod.corrupt-'))).toHaveLength(1);
    expect(JSON.parse(await readFile(join(dataDir, 'archive-ledger', 'prod.json'), 'utf8')).removed).toEqual([{ project: 'default', child: 'c1', parent: 'p', enabled: true, variants: [], removedAt: '2026-06-01T12:00:00.000Z' }]);
  });

  it('a ledger of a newer Flagdesk refuses the archive before it runs, naming the file', async () => {
    const newer = JSON.stringify({ version: 2, removed: [], kept: 'by a newer Flagdesk' });
    const dataDir = await dataDirWith('archive-ledger/prod.json', newer);
    const scope = { port: port as never, ledger: createDependencyLedger(dataDir), profileId: 'prod', now: () => '2026-06-01T12:00:00.000Z' };
    archived = 0;
    await expect(runArchive(scope, 'default', ['c1'])).rejects.toMatchObject({ status: 409, message: expect.stringContaining('(prod.json) was written by a newer Flagdesk') });
    expect(archived).toBe(0);
    expect(await readFile(join(dataDir, 'archive-ledger', 'prod.json'), 'utf8')).toBe(newer);
  });
});
