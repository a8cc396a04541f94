/*
 * How the demo's saving goes, in words the user can act on. A failed write keeps every change in memory and is
 * retried with backoff; the shell shows the problem until a save succeeds, and quitting asks what to do.
 */
import type { SaveStatus } from '../../../../shared/schemas';

export type { SaveStatus };

/** Waits between retries of a failed save: 1 s, 2 s, 4 s ... at most a minute. */
export function retryDelayMs(failures: number, baseMs = 1000, maxMs = 60_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
}

function codeOf(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** One sentence per cause; never the raw exception text (it names internals, not what to do). */
export function saveProblem(error: unknown, file: string): string {
  const code = codeOf(error);
  const why =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? 'the disk is full'
      : code === 'EACCES' || code === 'EPERM'
        ? 'Flagdesk may not write there'
        : code === 'EROFS'
          ? 'the disk is read-only'
          : code
            ? `the system refused (${code})`
            : 'the write failed';
  return `The demo's changes could not be saved to ${file}: ${why}. They are kept in memory and saving is retried; free space or fix the folder's permissions, or choose another folder when you quit.`;
}
