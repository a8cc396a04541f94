import { basename } from 'node:path';
import { ApiError } from '../../shared/errors';

/**
 * Why a file the user chose could not be written, in words (the system's codes mean nothing to a user, and the
 * generic "something went wrong" says nothing at all). Pure, so every writer of user files says it the same way.
 */
export function writeProblem(error: unknown): string {
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'EISDIR':
      return 'a folder has that name';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied (the folder is read-only or belongs to another user)';
    case 'EROFS':
      return 'the disk is read-only';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'the disk is full';
    case 'ENOENT':
    case 'ENOTDIR':
      return 'the folder does not exist';
    case 'ENAMETOOLONG':
      return 'the name is too long';
    case undefined:
      return 'the system refused it';
    default:
      return `the system refused it (${(error as NodeJS.ErrnoException).code})`;
  }
}

/** The error a handler throws when a file could not be written: names the file (not its folder) and why. */
export function fileWriteError(path: string, error: unknown): ApiError {
  return new ApiError(500, 'FileWriteError', `"${basename(path)}" could not be written: ${writeProblem(error)}.`);
}

