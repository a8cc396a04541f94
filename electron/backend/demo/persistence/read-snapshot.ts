import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { moveAside } from '../../../storage/move-aside';
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The version of a snapshot a newer Flagdesk wrote, or undefined. */
function newerVersion(json: unknown): number | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { format, version } = json as { format?: unknown; version?: unknown };
  return format === SNAPSHOT_FORMAT && typeof version === 'number' && version > SNAPSHOT_VERSION ? version : undefined;
}

/**
 * Reads the demo snapshot. Missing: a fresh demo. Written by a newer Flagdesk: a fresh demo in memory, the file left
 * untouched and never written over, and the user told so. Unreadable, not JSON, of another shape, or breaking the
 * model's invariants: moved aside (never overwritten) and a fresh demo.
 */
export async function readSnapshot(file: string, dir: string, now: Date, options: DemoOptions): Promise<LoadedSnapshot> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { writable: true };
    text = '';
  }
  const json = parseJson(text);
  const newer = newerVersion(json);
  if (newer !== undefined) {
    return {
      writable: false,
      notice: `The saved demo in ${file} was written by a newer Flagdesk (snapshot version ${newer}), so this version left it untouched and runs a fresh demo whose changes will not be saved. Update Flagdesk to use it.`,
    };
  }
  try {
    // (An undefined snapshot would mean "seed a fresh one": text that is not JSON is corrupt, not absent.)
    if (json === undefined) throw new Error('not JSON');
    return { backend: createDemoBackend({ ...options, snapshot: json }), writable: true };
  } catch {
    const movedTo = await moveAside(dir || dirname(file), basename(file), 'corrupt', now);
    if (movedTo) {
      return { writable: true, notice: `The saved demo data could not be read, so it was moved to ${movedTo} and a fresh demo was started.` };
    }
    return {
      writable: false,
      notice: `The saved demo data in ${file} could not be read or moved, so a fresh demo was started and changes will not be saved.`,
    };
  }
}
