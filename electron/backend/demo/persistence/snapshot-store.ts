import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { createDemoBackend, type DemoBackend, type DemoOptions } from '../demo-backend';
import { lockFolder } from '../../../storage/folder-lock';
import { readSnapshot } from './read-snapshot';
import { retryDelayMs, saveProblem, type SaveStatus } from './save-status';

/**
 * Keeps a demo backend on disk as one JSON file. Saves are debounced after writes and flushed on close. A failed
 * write loses nothing: the changes stay marked unsaved, the save is retried with backoff, and listeners hear of it
 * until a write succeeds. A file that cannot be read is moved aside (never overwritten) and the user is told once.
 */
export interface DemoStore {
  backend: DemoBackend;
  /** One sentence for the user, set when the saved demo could not be loaded. */
  notice?: string;
  /** Writes now; rejects when the write fails (the changes stay unsaved and a retry is scheduled). */
  save(): Promise<void>;
  reset(): Promise<void>;
  /** Where saving stands, and every change of it. */
  saveStatus(): SaveStatus;
  onSaveStatus(listener: (status: SaveStatus) => void): () => void;
  /** True while some change has not reached the disk. */
  hasUnsavedChanges(): boolean;
  /** Writes the current demo to another file the user chose (the way out when the data folder cannot be written). */
  saveCopy(path: string): Promise<void>;
  /** Stops the timers after one last save attempt; resolves either way (hasUnsavedChanges tells the outcome). */
  close(): Promise<void>;
}

export const SNAPSHOT_FILE = 'demo-snapshot.json';
export const SAVE_DELAY_MS = 250;

export interface StoreOptions extends DemoOptions {
  /** The file writer (tests inject EACCES/ENOSPC); default write-file-atomic with fsync. */
  writeFile?: (path: string, data: string) => Promise<void>;
  /** The first retry's wait; doubled after each failure, up to a minute. */
  retryBaseMs?: number;
  /** Who holds the folder's lock while the store is open (the refusal names it); default "Flagdesk". */
  lockHolder?: string;
}

const atomicWrite = (path: string, data: string): Promise<void> => writeFileAtomic(path, data, { fsync: true });

export async function openDemoStore(dir: string, options: StoreOptions = {}): Promise<DemoStore> {
  await mkdir(dir, { recursive: true });
  // one writer per folder: a second (the app and a demo-server on one folder) is refused with the reason
  const unlock = await lockFolder(dir, options.lockHolder ?? 'Flagdesk');
  const file = join(dir, SNAPSHOT_FILE);
  const clock = options.clock ?? (() => new Date());
  const write = options.writeFile ?? atomicWrite;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  /** Changes made, and changes known to be on disk: unsaved while saved < changes. */
  let changes = 0;
  let saved = 0;
  let failures = 0;
  let status: SaveStatus = { ok: true };
  const listeners = new Set<(status: SaveStatus) => void>();
  let closed = false;
  // false when the file on disk must not be written over (unreadable and not movable, or from a newer Flagdesk)
  let persist = true;

  const setStatus = (next: SaveStatus): void => {
    if (next.ok === status.ok && next.message === status.message) return;
    status = next;
    for (const listener of listeners) listener(status);
  };

  const schedule = (delay: number): void => {
    if (closed || !persist) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void store.save().catch(() => undefined), delay);
    timer.unref();
  };

  const backendOptions: DemoOptions = {
    ...options,
    onChange: () => {
      options.onChange?.();
      changes += 1;
      // While saves fail, the retry's backoff decides when to try again.
      schedule(failures > 0 ? retryDelayMs(failures, options.retryBaseMs) : SAVE_DELAY_MS);
    },
  };

  const loaded = await readSnapshot(file, clock(), backendOptions);
  const backend = loaded.backend ?? createDemoBackend(backendOptions);
  persist = loaded.writable;
  const notice = loaded.notice;

  const store: DemoStore = {
    backend,
    ...(notice ? { notice } : {}),
    async save(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (!persist) return;
      const at = changes;
      const json = JSON.stringify(backend.snapshot());
      // one write at a time, in order, so an older snapshot never lands after a newer one
      const attempt = writing.catch(() => undefined).then(() => write(file, json));
      writing = attempt;
      try {
        await attempt;
      } catch (error) {
        failures += 1;
        setStatus({ ok: false, message: saveProblem(error, file) });
        schedule(retryDelayMs(failures, options.retryBaseMs));
        throw error;
      }
      saved = Math.max(saved, at);
      failures = 0;
      setStatus({ ok: true });
    },
    async reset(): Promise<void> {
      backend.reset();
      changes += 1;
      await store.save();
    },
    saveStatus: () => status,
    onSaveStatus(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    hasUnsavedChanges: () => persist && saved < changes,
    async saveCopy(path) {
      await write(path, JSON.stringify(backend.snapshot()));
    },
    async close(): Promise<void> {
      if (closed) return;
      if (store.hasUnsavedChanges()) await store.save().catch(() => undefined);
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await writing.catch(() => undefined);
      await unlock().catch(() => undefined);
    },
  };
  return store;
}
