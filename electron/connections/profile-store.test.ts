import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILES_FILE, loadProfiles, saveProfiles } from './profile-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-profiles-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('profiles.json', () => {
  it('starts with the demo as last used on first launch', async () => {
    expect(await loadProfiles(dir)).toEqual({ file: { version: 1, lastUsedProfileId: 'demo', profiles: [] } });
  });

  it('round-trips profiles and the last used one, written 0600', async () => {
    const file = {
      version: 1 as const,
      lastUsedProfileId: 'remote-1',
      profiles: [{ id: 'remote-1', name: 'Staging', baseUrl: 'https://unleash.example.com' }],
    };
    await saveProfiles(dir, file);
    expect((await loadProfiles(dir)).file).toEqual(file);
    expect((await stat(join(dir, PROFILES_FILE))).mode & 0o777).toBe(0o600);
  });

  it('never stores a token field', async () => {
    await saveProfiles(dir, { version: 1, lastUsedProfileId: 'demo', profiles: [{ id: 'r', name: 'R', baseUrl: 'http://x' }] });
    expect(await readFile(join(dir, PROFILES_FILE), 'utf8')).not.toMatch(/token/i);
  });

  it('falls back to the demo with a notice when the file is corrupt', async () => {
    await writeFile(join(dir, PROFILES_FILE), '{"version":1, "profiles": [');
    const loaded = await loadProfiles(dir);
    expect(loaded.file.profiles).toEqual([]);
    expect(loaded.notice).toMatch(/^Saved connections \(profiles.json\) could not be read \(it is cut short or not JSON\)/);
    expect(loaded.readOnly).toBeUndefined();
  });

  it('rejects a file whose shape is wrong', async () => {
    await writeFile(join(dir, PROFILES_FILE), JSON.stringify({ version: 1, lastUsedProfileId: 'demo', profiles: [{ id: '../x' }] }));
    expect((await loadProfiles(dir)).notice).toBeDefined();
  });

  it('moves a corrupt file aside, so the next save cannot orphan the tokens it points at', async () => {
    const corrupt = '{"version":1, "profiles": [{"id": "remote-1", "name": "Prod"';
    await writeFile(join(dir, PROFILES_FILE), corrupt);
    const loaded = await loadProfiles(dir);
    expect(loaded.notice).toMatch(/moved to profiles\.corrupt-.*\.json/);
    await saveProfiles(dir, loaded.file);
    const aside = (await readdir(dir)).filter((name) => name.startsWith('profiles.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dir, aside[0] as string), 'utf8')).toBe(corrupt);
  });

  it('reports a file of a newer version as such and marks it read-only', async () => {
    const newer = JSON.stringify({ version: 2, lastUsedProfileId: 'x', profiles: [], groups: [] });
    await writeFile(join(dir, PROFILES_FILE), newer);
    const loaded = await loadProfiles(dir);
    expect(loaded).toMatchObject({ readOnly: true, notice: expect.stringMatching(/written by a newer Flagdesk \(version 2\)/) });
    expect(await readFile(join(dir, PROFILES_FILE), 'utf8')).toBe(newer);
  });
});
