import { readFile, stat } from 'node:fs/promises';
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
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch {
    throw new ApiError(400, 'FileReadError', `Could not read "${name}".`);
  }
  if (size > maxBytes) {
    throw new ApiError(
      413,
      'FileTooLargeError',
      `"${name}" is ${formatSize(size)}; a file of contexts may be at most ${formatSize(maxBytes)}.`,
    );
  }
  try {
    return { name, text: await readFile(path, 'utf8') };
  } catch {
    throw new ApiError(400, 'FileReadError', `Could not read "${name}".`);
  }
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
