import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { ApiError } from '../../shared/errors';
import { loadDataFile, type DataFileKind } from '../storage/data-file';

/**
 * Flagdesk's own record of the dependencies an archive removed. Unleash deletes a child's dependency when it
 * archives the child and revive does not bring it back, so without this record nobody could say what to restore.
 * One file per profile in the app's data folder (archive-ledger/<profileId>.json), written atomically.
 */
export const removedDependencySchema = z.strictObject({
  project: z.string(),
  child: z.string(),
  parent: z.string(),
  enabled: z.boolean(),
  variants: z.array(z.string()),
  removedAt: z.string(),
});
export type RemovedDependency = z.infer<typeof removedDependencySchema>;

const ledgerFileSchema = z.strictObject({ version: z.literal(1), removed: z.array(removedDependencySchema) });

function ledgerKind(profileId: string): DataFileKind<RemovedDependency[]> {
  return {
    what: `The record of dependencies removed by archiving (profile ${profileId})`,
    version: 1,
    parse: (json) => ledgerFileSchema.parse(json).removed,
    whenMoved: 'a new record was started, and reviving the flags it named cannot offer their dependencies back',
    whenLeftAlone: 'archiving a flag with dependencies is refused until it can be recorded',
  };
}

const PROFILE_ID = /^[A-Za-z0-9_-]{1,100}$/;

export interface DependencyLedger {
  /** Remembers removed dependencies (a child has one parent, so a newer entry replaces an older one). */
  record(profileId: string, entries: readonly RemovedDependency[]): Promise<void>;
  /** The removed dependencies of these children in this project. */
  pending(profileId: string, project: string, children: readonly string[]): Promise<RemovedDependency[]>;
  /** Drops the entries of these children once restored (or declined). */
  forget(profileId: string, project: string, children: readonly string[]): Promise<void>;
  /** Throws (ApiError 409, naming the file) when this profile's ledger must not be written; run before an archive. */
  assertWritable(profileId: string): Promise<void>;
}

interface Loaded {
  removed: RemovedDependency[];
  /** Why the file on disk must be left alone (a newer Flagdesk wrote it, or it can be neither read nor moved). */
  leftAlone?: string;
}

/**
 * A ledger file that cannot be read is moved aside (never written over) before a new one is started; one a newer
 * Flagdesk wrote, or one that cannot be moved, is never written: recording into it is refused. `onNotice` tells
 * the user either way, naming the file.
 */
export function createDependencyLedger(userDataDir: string, onNotice: (notice: string) => void = () => undefined): DependencyLedger {
  const dir = join(userDataDir, 'archive-ledger');
  const cache = new Map<string, Loaded>();
  // one write at a time per ledger, so a record racing a forget cannot lose either
  let queue: Promise<unknown> = Promise.resolve();

  function fileOf(profileId: string): string {
    if (!PROFILE_ID.test(profileId)) throw new Error('Invalid profile id');
    return join(dir, `${profileId}.json`);
  }

  async function load(profileId: string): Promise<Loaded> {
    const cached = cache.get(profileId);
    if (cached) return cached;
    const file = await loadDataFile(fileOf(profileId), ledgerKind(profileId));
    const loaded: Loaded =
      file.state === 'ok' ? { removed: file.data } : { removed: [], ...(file.writable ? {} : { leftAlone: file.notice }) };
    if (file.state !== 'ok' && file.state !== 'missing') onNotice(file.notice);
    cache.set(profileId, loaded);
    return loaded;
  }

  async function assertWritable(profileId: string): Promise<Loaded> {
    const loaded = await load(profileId);
    if (loaded.leftAlone !== undefined) throw new ApiError(409, 'LedgerReadOnlyError', loaded.leftAlone);
    return loaded;
  }

  function update(profileId: string, change: (removed: RemovedDependency[]) => RemovedDependency[]): Promise<void> {
    const next = queue.then(async () => {
      const removed = change((await assertWritable(profileId)).removed);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFileAtomic(fileOf(profileId), `${JSON.stringify({ version: 1, removed }, null, 2)}\n`, { mode: 0o600 });
      cache.set(profileId, { removed });
    });
    queue = next.catch(() => undefined);
    return next;
  }

  const key = (entry: { project: string; child: string }) => `${entry.project}\u0000${entry.child}`;

  return {
    record(profileId, entries) {
      const incoming = new Set(entries.map(key));
      return update(profileId, (removed) => [...removed.filter((entry) => !incoming.has(key(entry))), ...entries]);
    },
    async pending(profileId, project, children) {
      const wanted = new Set(children);
      return (await load(profileId)).removed.filter((entry) => entry.project === project && wanted.has(entry.child));
    },
    forget(profileId, project, children) {
      const gone = new Set(children.map((child) => key({ project, child })));
      return update(profileId, (removed) => removed.filter((entry) => !gone.has(key(entry))));
    },
    async assertWritable(profileId) {
      await assertWritable(profileId);
    },
  };
}
