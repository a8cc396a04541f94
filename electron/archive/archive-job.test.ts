import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/errors';
import type { Feature } from '../../shared/schemas';
import { restoreDependencies, runArchive, runRevive, type ArchivePort, type JobScope } from './archive-job';
import { createDependencyLedger } from './dependency-ledger';

/** A project p -> c1, c2 and a lone flag, kept as Unleash keeps it: archiving a child drops its link for good. */
function fakeServer() {
  const flags = new Map<string, { archived: boolean; parent?: string }>([
    ['p', { archived: false }],
    ['c1', { archived: false, parent: 'p' }],
    ['c2', { archived: false, parent: 'p' }],
    ['lone', { archived: false }],
  ]);
  const calls: string[] = [];
  let failArchive: 'none' | 'before' | 'down' = 'none';
  const active = () => [...flags].filter(([, flag]) => !flag.archived);
  const port: ArchivePort = {
    async validate(_p, features) {
      calls.push(`validate ${features.join(',')}`);
      const orphans = active()
        .filter(([name, flag]) => flag.parent && features.includes(flag.parent) && !features.includes(name))
        .map(([, flag]) => flag.parent!);
      return { parentsWithChildFeatures: [...new Set(orphans)], hasDeletedDependencies: true };
    },
    async archive(_p, features) {
      calls.push(`archive ${features.join(',')}`);
      if (failArchive === 'before') throw new ApiError(500, 'UnknownError', 'boom');
      if (failArchive === 'down') {
        failArchive = 'none';
        for (const name of features) flags.get(name)!.archived = true;
        port.activeFeatures = async () => {
          throw new ApiError(0, 'NetworkError', 'ECONNREFUSED');
        };
        throw new ApiError(0, 'NetworkError', 'socket hang up');
      }
      for (const name of features) {
        const flag = flags.get(name);
        if (flag) Object.assign(flag, { archived: true, parent: undefined });
      }
    },
    async revive(_p, features) {
      for (const name of features) if (flags.get(name)) flags.get(name)!.archived = false;
    },
    async feature(project, name) {
      const flag = flags.get(name)!;
      return { name, project, dependencies: flag.parent ? [{ feature: flag.parent, enabled: name !== 'c2', variants: [] }] : [] } as Feature;
    },
    async activeFeatures(project) {
      return active().map(([name]) => ({ name, project }));
    },
    async addDependency(_p, child, input) {
      if (flags.get(input.feature)?.archived) throw new ApiError(403, 'InvalidOperationError', `No active feature ${input.feature} exists`);
      flags.get(child)!.parent = input.feature;
    },
  };
  return { flags, calls, port, fail: (mode: typeof failArchive) => (failArchive = mode) };
}

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
async function scopeOf(port: ArchivePort): Promise<JobScope> {
  const dir = await mkdtemp(join(tmpdir(), 'archive-job-'));
  dirs.push(dir);
  return { port, ledger: createDependencyLedger(dir), profileId: 'demo', now: () => '2026-06-01T12:00:00.000Z' };
}

describe('archive job', () => {
  it('never sends a selection the server would refuse', async () => {
    const server = fakeServer();
    const run = await runArchive(await scopeOf(server.port), 'default', ['p', 'c1']);
    expect(run).toMatchObject({ outcome: 'refused', archived: [], notArchived: ['p', 'c1'] });
    expect(server.calls).toEqual(['validate p,c1']);
  });

  it('archives, names the removed dependencies, and offers them back on revive', async () => {
    const server = fakeServer();
    const scope = await scopeOf(server.port);
    const run = await runArchive(scope, 'default', ['p', 'c1', 'c2']);
    expect(run.outcome).toBe('archived');
    expect(run.removedDependencies).toEqual([
      { child: 'c1', parent: 'p', enabled: true, variants: [] },
      { child: 'c2', parent: 'p', enabled: false, variants: [] },
    ]);
    const revive = await runRevive(scope, 'default', ['c1', 'p']);
    expect(revive.revived).toEqual(['c1', 'p']);
    expect(revive.restorable).toEqual([{ child: 'c1', parent: 'p', enabled: true, variants: [] }]);
    const restore = await restoreDependencies(scope, 'default', ['c1']);
    expect(restore.restored.map((d) => d.child)).toEqual(['c1']);
    expect(server.flags.get('c1')!.parent).toBe('p');
    // restored ones leave the record; c2 is still offered when it comes back
    expect((await runRevive(scope, 'default', ['c1', 'c2'])).restorable.map((d) => d.child)).toEqual(['c2']);
  });

  it('keeps an entry whose parent is still archived, with the reason', async () => {
    const server = fakeServer();
    const scope = await scopeOf(server.port);
    await runArchive(scope, 'default', ['p', 'c1', 'c2']);
    await runRevive(scope, 'default', ['c2']);
    const restore = await restoreDependencies(scope, 'default', ['c2']);
    expect(restore.failed).toEqual([{ dependency: { child: 'c2', parent: 'p', enabled: false, variants: [] }, error: 'No active feature p exists' }]);
    expect((await scope.ledger.pending('demo', 'default', ['c2'])).length).toBe(1);
  });

  it('on a failed archive reads the project back and reports what was and was not archived', async () => {
    const server = fakeServer();
    server.fail('before');
    const run = await runArchive(await scopeOf(server.port), 'default', ['lone', 'c1']);
    expect(run).toMatchObject({ outcome: 'failed', archived: [], notArchived: ['lone', 'c1'], removedDependencies: [], error: 'boom' });
  });

  it('when the server goes down mid-way, says the outcome is unconfirmed and still records the links at stake', async () => {
    const server = fakeServer();
    server.fail('down');
    const scope = await scopeOf(server.port);
    const run = await runArchive(scope, 'default', ['c1']);
    expect(run).toMatchObject({ outcome: 'failed', archived: [], notArchived: [], unconfirmed: ['c1'], error: 'socket hang up' });
    expect(await scope.ledger.pending('demo', 'default', ['c1'])).toHaveLength(1);
  });
});
