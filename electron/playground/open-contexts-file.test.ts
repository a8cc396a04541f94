import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShellPort } from '../shell/shell-port';
import { openContextsFile } from './open-contexts-file';

function shellChoosing(path: string | null): ShellPort & { chooseOpenFile: ReturnType<typeof vi.fn> } {
  return {
    chooseSaveFile: vi.fn(async () => null),
    chooseOpenFile: vi.fn(async () => path),
    notify: vi.fn(),
  };
}

describe('openContextsFile', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'flagdesk-contexts-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('answers null when the dialog is cancelled', async () => {
    const shell = shellChoosing(null);
    await expect(openContextsFile(shell)).resolves.toBeNull();
    // The dialog offers CSV/text files.
    const options = shell.chooseOpenFile.mock.calls[0]?.[0] as { filters: { extensions: string[] }[] };
    expect(options.filters[0]?.extensions).toContain('csv');
  });

  it('answers the file name (not its path) and its text', async () => {
    const path = join(dir, 'users.csv');
    await writeFile(path, 'userId,country\nu1,NO\nu2,SE\n');
    await expect(openContextsFile(shellChoosing(path))).resolves.toEqual({
      name: 'users.csv',
      text: 'userId,country\nu1,NO\nu2,SE\n',
    });
  });

  it('refuses a file over the cap with a sentence naming the limit', async () => {
    const path = join(dir, 'big.csv');
    await writeFile(path, 'userId\n' + 'u\n'.repeat(2000));
    await expect(openContextsFile(shellChoosing(path), 1024)).rejects.toMatchObject({
      name: 'FileTooLargeError',
      message: '"big.csv" is over 1 KB; a file of contexts may be at most 1 KB.',
    });
  });

  it('reads through a bounded stream: a file larger than its stat said (it grew) stops at the cap', async () => {
    // /proc files stat as 0 bytes yet read as kilobytes: what a file growing between stat and read looks like
    await expect(openContextsFile(shellChoosing('/proc/self/maps'), 1024)).rejects.toMatchObject({ name: 'FileTooLargeError' });
  });

  it('reads a file of exactly the cap whole', async () => {
    const path = join(dir, 'exact.csv');
    await writeFile(path, 'x'.repeat(1024));
    await expect(openContextsFile(shellChoosing(path), 1024)).resolves.toEqual({ name: 'exact.csv', text: 'x'.repeat(1024) });
  });

  it('refuses a path that is not a readable file', async () => {
    await expect(openContextsFile(shellChoosing(dir))).rejects.toMatchObject({ name: 'FileReadError' });
  });
});
