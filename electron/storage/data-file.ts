import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { moveAside } from './move-aside';

/**
 * The one loader for the files in the app's data folder. A file it cannot use is never written over by a reader
 * that did not understand it: one it cannot read (cut short, not JSON, another shape) is moved aside and the user
 * told its new name; one a newer Flagdesk wrote is left untouched and must not be written (`writable: false`).
 */
export interface DataFileKind<T> {
  /** What the user calls it, for notices: "Saved connections", "The archive ledger of profile x". */
  what: string;
  /** The version this Flagdesk writes. */
  version: number;
  /** The file's version when it states one; default: a numeric top-level `version`. */
  versionOf?(json: unknown): number | undefined;
  /** The content, or a throw when it is not what this Flagdesk writes (a zod schema's parse, say). */
  parse(json: unknown): T;
  /** What follows for the user when the file cannot be used and is moved aside ("a fresh demo was started"). */
  whenMoved: string;
  /** What follows while the file must be left alone ("connection changes will not be saved"). */
  whenLeftAlone: string;
}

export type Verdict<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'newer'; version: number }
  | { kind: 'unusable'; why: string };

export const NOT_JSON = 'it is cut short or not JSON';
export const WRONG_SHAPE = 'its content is not what this Flagdesk writes';

function topLevelVersion(json: unknown): number | undefined {
  const version = typeof json === 'object' && json !== null ? (json as { version?: unknown }).version : undefined;
  return typeof version === 'number' ? version : undefined;
}

/** Pure: what a file's text is to this Flagdesk. A newer version wins over a shape this version does not know. */
export function judgeDataFile<T>(text: string, kind: DataFileKind<T>): Verdict<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'unusable', why: NOT_JSON };
  }
  // A file that states no version is taken as the oldest: only a stated, higher version is newer.
  const version = (kind.versionOf ?? topLevelVersion)(json) ?? 0;
  if (version > kind.version) return { kind: 'newer', version };
  try {
    return { kind: 'ok', data: kind.parse(json) };
  } catch {
    return { kind: 'unusable', why: WRONG_SHAPE };
  }
}

export type LoadedDataFile<T> =
  | { state: 'missing'; writable: true }
  | { state: 'ok'; data: T; writable: true }
  | { state: 'moved-aside'; movedTo: string; why: string; writable: true; notice: string }
  | { state: 'newer'; version: number; writable: false; notice: string }
  | { state: 'left-alone'; why: string; writable: false; notice: string };

/** Pure: the sentence for a file that could not be used. */
export function dataFileNotice(kind: DataFileKind<unknown>, name: string, outcome: { movedTo: string; why: string } | { version: number } | { why: string }): string {
  const subject = `${kind.what} (${name})`;
  if ('movedTo' in outcome) return `${subject} could not be read (${outcome.why}), so it was moved to ${outcome.movedTo}; ${kind.whenMoved}.`;
  if ('version' in outcome) {
    return `${subject} was written by a newer Flagdesk (version ${outcome.version}), so it is left untouched; ${kind.whenLeftAlone}. Update Flagdesk to use it.`;
  }
  return `${subject} could not be read (${outcome.why}) nor moved aside, so it is left untouched; ${kind.whenLeftAlone}.`;
}

/** Pure: why a file could not be read, in words. */
export function readProblem(error: NodeJS.ErrnoException): string {
  if (error.code === 'EACCES' || error.code === 'EPERM') return 'permission denied';
  if (error.code === 'EISDIR') return 'it is a folder';
  return error.code ?? 'unknown error';
}

/** Reads one file of the data folder. `now` stamps the moved-aside name; `move` is moveAside but in tests. */
export async function loadDataFile<T>(
  path: string,
  kind: DataFileKind<T>,
  now: Date = new Date(),
  move: typeof moveAside = moveAside,
): Promise<LoadedDataFile<T>> {
  const name = basename(path);
  let text: string;
  try {
    text = new TextDecoder().decode(await readFile(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing', writable: true };
    // not corrupt, just out of reach (permissions, a folder in its place): leave it where it is
    const why = readProblem(error as NodeJS.ErrnoException);
    return { state: 'left-alone', why, writable: false, notice: dataFileNotice(kind, name, { why }) };
  }
  const verdict = judgeDataFile(text, kind);
  if (verdict.kind === 'ok') return { state: 'ok', data: verdict.data, writable: true };
  if (verdict.kind === 'newer') {
    return { state: 'newer', version: verdict.version, writable: false, notice: dataFileNotice(kind, name, { version: verdict.version }) };
  }
  const movedTo = await move(dirname(path), name, 'corrupt', now);
  if (movedTo === undefined) {
    return { state: 'left-alone', why: verdict.why, writable: false, notice: dataFileNotice(kind, name, { why: verdict.why }) };
  }
  return { state: 'moved-aside', movedTo, why: verdict.why, writable: true, notice: dataFileNotice(kind, name, { movedTo, why: verdict.why }) };
}
