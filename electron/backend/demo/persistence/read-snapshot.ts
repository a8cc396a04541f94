import { loadDataFile, type DataFileKind } from '../../../storage/data-file';
import { createDemoBackend, type DemoBackend, type DemoOptions } from '../demo-backend';
import { SNAPSHOT_FORMAT } from '../model/snapshot';

/** The snapshot version this Flagdesk writes; a higher one was written by a newer Flagdesk. */
export const SNAPSHOT_VERSION = 1;

export interface LoadedSnapshot {
  /** Undefined when there was nothing usable: the store starts a fresh demo. */
  backend?: DemoBackend;
  /** False when the file on disk must not be written over (see notice). */
  writable: boolean;
  notice?: string;
}

/** The demo snapshot to the data folder's one loader; a snapshot breaking the model's invariants is unusable too. */
function snapshotKind(options: DemoOptions): DataFileKind<DemoBackend> {
  return {
    what: 'The saved demo',
    version: SNAPSHOT_VERSION,
    versionOf: (json) => {
      const { format, version } = (typeof json === 'object' && json !== null ? json : {}) as { format?: unknown; version?: unknown };
      return format === SNAPSHOT_FORMAT && typeof version === 'number' ? version : undefined;
    },
    parse: (json) => createDemoBackend({ ...options, snapshot: json }),
    whenMoved: 'a fresh demo was started',
    whenLeftAlone: 'a fresh demo runs and its changes will not be saved',
  };
}

/**
 * Reads the demo snapshot. Missing: a fresh demo. Written by a newer Flagdesk: a fresh demo in memory, the file left
 * untouched and never written over, and the user told so. Unreadable, not JSON, of another shape, or breaking the
 * model's invariants: moved aside (never overwritten) and a fresh demo.
 */
export async function readSnapshot(file: string, now: Date, options: DemoOptions): Promise<LoadedSnapshot> {
  const loaded = await loadDataFile(file, snapshotKind(options), now);
  if (loaded.state === 'ok') return { backend: loaded.data, writable: true };
  if (loaded.state === 'missing') return { writable: true };
  return { writable: loaded.writable, notice: loaded.notice };
}
