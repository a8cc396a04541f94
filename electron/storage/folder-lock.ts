import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * One writer per data folder: the app and `npm run demo-server -- --data DIR` each hold a lock file (PID, who,
 * since) in the folder they write, and a second writer is refused with the reason instead of both writing one
 * snapshot (last write wins). A lock whose process is gone, or that cannot be read, is stale and taken over.
 */
export const LOCK_FILE = '.flagdesk.lock';

export interface LockHolder {
  pid: number;
  who: string;
  since: string;
}

export class FolderLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    super(`${dir} is in use by ${holder.who} (process ${holder.pid}, since ${holder.since}): stop it first, or use another folder.`);
    this.name = 'FolderLockedError';
  }
}

/** Whether a process exists (EPERM: it does, owned by someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(text: string): LockHolder | undefined {
  try {
    const json = JSON.parse(text) as Partial<LockHolder>;
    return Number.isInteger(json.pid) && typeof json.who === 'string' && typeof json.since === 'string' ? (json as LockHolder) : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the folder's lock; resolves to its release. Throws FolderLockedError while another live process holds it. */
export async function lockFolder(dir: string, who: string, options: { pid?: number; alive?: (pid: number) => boolean; now?: Date } = {}): Promise<() => Promise<void>> {
  const pid = options.pid ?? process.pid;
  const alive = options.alive ?? processAlive;
  const path = join(dir, LOCK_FILE);
  const mine: LockHolder = { pid, who, since: (options.now ?? new Date()).toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const file = await open(path, 'wx', 0o600);
      await file.writeFile(`${JSON.stringify(mine)}\n`);
      await file.close();
      return async () => {
        const current = holderOf(await readFile(path, 'utf8').catch(() => ''));
        if (current?.pid === pid) await rm(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const holder = holderOf(await readFile(path, 'utf8').catch(() => ''));
    // this process already holds it (one store reopened): no second writer
    if (holder?.pid === pid) return async () => undefined;
    if (holder && alive(holder.pid)) throw new FolderLockedError(dir, holder);
    await rm(path, { force: true }); // stale: its process is gone, or the file is not a lock
  }
}
