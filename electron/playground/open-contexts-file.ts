import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { ApiError } from '../../shared/errors';
import type { ShellPort } from '../shell/shell-port';

/** 10,000 contexts with properties fit in a few MB; 20 MB keeps a mistaken pick (a log, a dump) out of memory. */
export const MAX_CONTEXTS_FILE_BYTES = 20 * 1024 * 1024;

export interface OpenedContextsFile {
  name: string;
  text: string;
}

/**
 * Asks the user for a CSV of contexts through the shell's dialog and reads it, so the page never names a path.
 * Null when the dialog is cancelled; a sentence (ApiError) when the file is too large or unreadable.
 */
export async function openContextsFile(
  shell: ShellPort,
  maxBytes: number = MAX_CONTEXTS_FILE_BYTES,
): Promise<OpenedContextsFile | null> {
  const path = await shell.chooseOpenFile({
    title: 'Open a CSV of contexts',
    filters: [
      { name: 'CSV or text', extensions: ['csv', 'txt', 'tsv'] },
      { name: 'All files', extensions: ['*'] },
    ],
  });
  if (path === null) return null;
  const name = basename(path);
  let bytes: Buffer;
  try {
    bytes = await readBounded(path, maxBytes);
  } catch (error) {
    if (error instanceof TooLarge) {
      throw new ApiError(413, 'FileTooLargeError', `"${name}" is over ${formatSize(maxBytes)}; a file of contexts may be at most ${formatSize(maxBytes)}.`);
    }
    throw new ApiError(400, 'FileReadError', `Could not read "${name}".`);
  }
  return { name, text: bytes.toString('utf8') };
}

class TooLarge extends Error {}

/**
 * Reads at most `maxBytes` through one open handle: a file that grows, or is swapped for another, after it was
 * chosen can never make this read more (a stat followed by a whole-file read could).
 */
export async function readBounded(path: string, maxBytes: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    if (!(await file.stat()).isFile()) throw new Error('not a file');
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      // one byte past the cap tells "exactly at the cap" from "over it"
      const buffer = Buffer.alloc(Math.min(64 * 1024, maxBytes + 1 - total));
      const { bytesRead } = await file.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return Buffer.concat(chunks, total);
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
      if (total > maxBytes) throw new TooLarge();
    }
  } finally {
    await file.close();
  }
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
