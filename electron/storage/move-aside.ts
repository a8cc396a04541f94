import { rename, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Files the app cannot use are moved aside, never overwritten or deleted: the user may still want them. */

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Moves the bad file to a name not yet taken; returns that name, or undefined when it cannot be moved. */
export async function moveAside(dir: string, fileName: string, kind: string, now: Date): Promise<string | undefined> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const base = fileName.replace(/\.json$/, '');
  try {
    for (let n = 0; ; n++) {
      const name = `${base}.${kind}-${stamp}${n === 0 ? '' : `-${n}`}.json`;
      if (await exists(join(dir, name))) continue;
      await rename(join(dir, fileName), join(dir, name));
      return name;
    }
  } catch {
    return undefined;
  }
}

