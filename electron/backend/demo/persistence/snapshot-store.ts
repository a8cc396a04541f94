import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { createDemoBackend, type DemoBackend, type DemoOptions } from '../demo-backend';

/**
 * Keeps a demo backend on disk as one JSON file. Saves are debounced after writes and flushed on close; a file
 * that cannot be read is moved aside (never overwritten) and the user is told once, through `notice`.
 */
export interface DemoStore {
  backend: DemoBackend;
  /** One sentence for the user, set when the saved demo could not be loaded. */
  notice?: string;
  save(): Promise<void>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export const SNAPSHOT_FILE = 'demo-snapshot.json';
export const SAVE_DELAY_MS = 250;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** Moves the bad file to a name not yet taken; returns that name, or undefined when it cannot be moved. */
async function moveAside(dir: string, now: Date): Promise<string | undefined> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  try {
    for (let n = 0; ; n++) {
      const name = `demo-snapshot.corrupt-${stamp}${n === 0 ? '' : `-${n}`}.json`;
      if (await exists(join(dir, name))) continue;
      await rename(join(dir, SNAPSHOT_FILE), join(dir, name));
      return name;
    }
  } catch {
    return undefined;
  }
}

export async function openDemoStore(dir: string, options: DemoOptions = {}): Promise<DemoStore> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, SNAPSHOT_FILE);
  const clock = options.clock ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let dirty = false;
  let closed = false;
  // false when an unreadable file could not be moved aside: saving would overwrite it silently
  let persist = true;

  const scheduleSave = (): void => {
    dirty = true;
    if (closed || !persist) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void store.save().catch(() => undefined), SAVE_DELAY_MS);
    timer.unref();
  };
  const backendOptions: DemoOptions = {
    ...options,
    onChange: () => {
      options.onChange?.();
      scheduleSave();
    },
  };

  let backend: DemoBackend;
  let notice: string | undefined;
  let text: string | undefined;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (!isMissing(error)) text = '';
  }
  if (text === undefined) {
    backend = createDemoBackend(backendOptions);
  } else {
    try {
      backend = createDemoBackend({ ...backendOptions, snapshot: JSON.parse(text) });
    } catch {
      const movedTo = await moveAside(dir, clock());
      backend = createDemoBackend(backendOptions);
      if (movedTo) {
        notice = `The saved demo data could not be read, so it was moved to ${movedTo} and a fresh demo was started.`;
      } else {
        persist = false;
        notice = `The saved demo data in ${file} could not be read or moved, so a fresh demo was started and changes will not be saved.`;
      }
    }
  }

  const store: DemoStore = {
    backend,
    ...(notice ? { notice } : {}),
    async save(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (!persist) return;
      dirty = false;
      const json = JSON.stringify(backend.snapshot());
      // one write at a time, in order, so an older snapshot never lands after a newer one
      writing = writing.catch(() => undefined).then(() => writeFileAtomic(file, json, { fsync: true }));
      await writing;
    },
    async reset(): Promise<void> {
      backend.reset();
      await store.save();
    },
    async close(): Promise<void> {
      if (closed) return;
      if (dirty || timer) await store.save();
      closed = true;
      if (timer) clearTimeout(timer);
      await writing.catch(() => undefined);
    },
  };
  return store;
}
