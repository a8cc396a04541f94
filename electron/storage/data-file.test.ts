import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { judgeDataFile, loadDataFile, NOT_JSON, readProblem, WRONG_SHAPE, type DataFileKind } from './data-file';
import { fileWriteError, writeProblem } from './write-problem';

const kind: DataFileKind<{ version: 1; names: string[] }> = {
  what: 'The list',
  version: 1,
  parse: (json) => z.strictObject({ version: z.literal(1), names: z.array(z.string()) }).parse(json),
  whenMoved: 'a new list was started',
  whenLeftAlone: 'changes are not saved',
};

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('judgeDataFile', () => {
  it('tells usable, newer, not-JSON and wrong-shape content apart', () => {
    expect(judgeDataFile('{"version":1,"names":["a"]}', kind)).toEqual({ kind: 'ok', data: { version: 1, names: ['a'] } });
    expect(judgeDataFile('{"version":2,"other":true}', kind)).toEqual({ kind: 'newer', version: 2 });
    expect(judgeDataFile('{"version":1,"names":[', kind)).toEqual({ kind: 'unusable', why: NOT_JSON });
    expect(judgeDataFile('', kind)).toEqual({ kind: 'unusable', why: NOT_JSON });
    expect(judgeDataFile('{"version":1,"names":"a"}', kind)).toEqual({ kind: 'unusable', why: WRONG_SHAPE });
    expect(judgeDataFile('{"version":0,"names":[]}', kind)).toEqual({ kind: 'unusable', why: WRONG_SHAPE });
    expect(judgeDataFile('{"version":"2","names":[]}', kind)).toEqual({ kind: 'unusable', why: WRONG_SHAPE });
    expect(judgeDataFile('null', kind)).toEqual({ kind: 'unusable', why: WRONG_SHAPE });
  });

  it('asks the kind for the version when it says where it is', () => {
    const nested = { ...kind, versionOf: (json: unknown) => (json as { meta?: { v?: number } }).meta?.v };
    expect(judgeDataFile('{"meta":{"v":3}}', nested)).toEqual({ kind: 'newer', version: 3 });
    expect(judgeDataFile('{"version":9,"meta":{"v":1}}', nested)).toEqual({ kind: 'unusable', why: WRONG_SHAPE });
  });
});

describe('loadDataFile', () => {
  async function dirWith(text?: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'flagdesk-data-file-'));
    dirs.push(dir);
    if (text !== undefined) await writeFile(join(dir, 'list.json'), text);
    return dir;
  }
  const now = new Date('2026-06-01T12:00:00.000Z');

  it('answers missing, ok, moved aside, newer', async () => {
    expect(await loadDataFile(join(await dirWith(), 'list.json'), kind)).toEqual({ state: 'missing', writable: true });
    expect(await loadDataFile(join(await dirWith('{"version":1,"names":[]}'), 'list.json'), kind)).toEqual({ state: 'ok', data: { version: 1, names: [] }, writable: true });
    const dir = await dirWith('{oops');
    expect(await loadDataFile(join(dir, 'list.json'), kind, now)).toEqual({
      state: 'moved-aside',
      movedTo: 'list.corrupt-2026-06-01T12-00-00-000Z.json',
      why: NOT_JSON,
      writable: true,
      notice: 'The list (list.json) could not be read (it is cut short or not JSON), so it was moved to list.corrupt-2026-06-01T12-00-00-000Z.json; a new list was started.',
    });
    expect(await readdir(dir)).toEqual(['list.corrupt-2026-06-01T12-00-00-000Z.json']);
    expect(await loadDataFile(join(await dirWith('{"version":7}'), 'list.json'), kind)).toEqual({
      state: 'newer',
      version: 7,
      writable: false,
      notice: 'The list (list.json) was written by a newer Flagdesk (version 7), so it is left untouched; changes are not saved. Update Flagdesk to use it.',
    });
  });

  it('leaves a file it cannot read where it is, read-only, saying why', async () => {
    const dir = await dirWith();
    await mkdir(join(dir, 'list.json'));
    expect(await loadDataFile(join(dir, 'list.json'), kind)).toEqual({
      state: 'left-alone',
      why: 'it is a folder',
      writable: false,
      notice: 'The list (list.json) could not be read (it is a folder) nor moved aside, so it is left untouched; changes are not saved.',
    });
  });
});

describe('writeProblem', () => {
  it.each([
    ['EISDIR', 'a folder has that name'],
    ['EACCES', 'permission denied (the folder is read-only or belongs to another user)'],
    ['EPERM', 'permission denied (the folder is read-only or belongs to another user)'],
    ['EROFS', 'the disk is read-only'],
    ['ENOSPC', 'the disk is full'],
    ['EDQUOT', 'the disk is full'],
    ['ENOENT', 'the folder does not exist'],
    ['ENOTDIR', 'the folder does not exist'],
    ['ENAMETOOLONG', 'the name is too long'],
    ['EIO', 'the system refused it (EIO)'],
  ])('%s: %s', (code, why) => {
    expect(writeProblem(Object.assign(new Error('raw'), { code }))).toBe(why);
  });

  it('names the file, not its folder', () => {
    const error = fileWriteError('/home/ann/exports/audit.csv', Object.assign(new Error('raw'), { code: 'ENOSPC' }));
    expect(error).toMatchObject({ status: 500, name: 'FileWriteError', message: '"audit.csv" could not be written: the disk is full.' });
    expect(writeProblem(new Error('no code'))).toBe('the system refused it');
  });
});

describe('what a file is when it cannot be used', () => {
  it('takes a file of this version, or one that states none, as this version', () => {
    expect(judgeDataFile('{"version":1,"names":[]}', kind)).toEqual({ kind: 'ok', data: { version: 1, names: [] } });
    const lenient = { ...kind, parse: (json: unknown) => json };
    expect(judgeDataFile('{"names":[]}', lenient)).toEqual({ kind: 'ok', data: { names: [] } });
    expect(judgeDataFile('{"version":0}', lenient)).toEqual({ kind: 'ok', data: { version: 0 } });
  });

  it('says in words why a file could not be read', () => {
    const problem = (code?: string) => readProblem(Object.assign(new Error('x'), code ? { code } : {}));
    expect(problem('EACCES')).toBe('permission denied');
    expect(problem('EPERM')).toBe('permission denied');
    expect(problem('EISDIR')).toBe('it is a folder');
    expect(problem('EIO')).toBe('EIO');
    expect(problem()).toBe('unknown error');
  });

  it('leaves an unreadable file where it is, unwritable, when it cannot be moved aside', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flagdesk-data-file-'));
    dirs.push(dir);
    await writeFile(join(dir, 'list.json'), '{"version":1,"names":[');
    const loaded = await loadDataFile(join(dir, 'list.json'), kind, new Date(0), async () => undefined);
    expect(loaded).toEqual({
      state: 'left-alone',
      why: NOT_JSON,
      writable: false,
      notice: `The list (list.json) could not be read (${NOT_JSON}) nor moved aside, so it is left untouched; changes are not saved.`,
    });
    expect(await readdir(dir)).toEqual(['list.json']);
  });

  it('leaves a folder standing where the file should be, saying so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flagdesk-data-file-'));
    dirs.push(dir);
    await mkdir(join(dir, 'list.json'));
    const loaded = await loadDataFile(join(dir, 'list.json'), kind);
    expect(loaded).toMatchObject({ state: 'left-alone', why: 'it is a folder', writable: false });
  });
});
