import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';

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

const PROFILE_ID = /^[A-Za-z0-9_-]{1,100}$/;

export interface DependencyLedger {
  /** Remembers removed dependencies (a child has one parent, so a newer entry replaces an older one). */
  record(profileId: string, entries: readonly RemovedDependency[]): Promise<void>;
  /** The removed dependencies of these children in this project. */
  pending(profileId: string, project: string, children: readonly string[]): Promise<RemovedDependency[]>;
  /** Drops the entries of these children once restored (or declined). */
  forget(profileId: string, project: string, children: readonly string[]): Promise<void>;
}

export function createDependencyLedger(userDataDir: string): DependencyLedger {
  const dir = join(userDataDir, 'archive-ledger');
  const cache = new Map<string, RemovedDependency[]>();
  // one write at a time per ledger, so a record racing a forget cannot lose either
  let queue: Promise<unknown> = Promise.resolve();

  function fileOf(profileId: string): string {
    if (!PROFILE_ID.test(profileId)) throw new Error('Invalid profile id');
    return join(dir, `${profileId}.json`);
  }

  async function load(profileId: string): Promise<RemovedDependency[]> {
    const cached = cache.get(profileId);
    if (cached) return cached;
    let removed: RemovedDependency[] = [];
    try {
      const parsed = ledgerFileSchema.safeParse(JSON.parse(await readFile(fileOf(profileId), 'utf8')));
      if (parsed.success) removed = parsed.data.removed;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !(error instanceof SyntaxError)) throw error;
    }
    cache.set(profileId, removed);
    return removed;
  }

  function update(profileId: string, change: (removed: RemovedDependency[]) => RemovedDependency[]): Promise<void> {
    const next = queue.then(async () => {
      const removed = change(await load(profileId));
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFileAtomic(fileOf(profileId), `${JSON.stringify({ version: 1, removed }, null, 2)}\n`, { mode: 0o600 });
      cache.set(profileId, removed);
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
      return (await load(profileId)).filter((entry) => entry.project === project && wanted.has(entry.child));
    },
    forget(profileId, project, children) {
      const gone = new Set(children.map((child) => key({ project, child })));
      return update(profileId, (removed) => removed.filter((entry) => !gone.has(key(entry))));
    },
  };
}
