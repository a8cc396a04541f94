import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeCipher } from './test-support/fakes';
import { createTokenVault } from './token-vault';

const TOKEN = '*:*.secret-admin-token-1234';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-vault-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('token vault with OS encryption', () => {
  it('writes an encrypted file readable only by the user (0600) that does not contain the token', async () => {
    const vault = createTokenVault(dir, fakeCipher(true));
    expect(await vault.set('remote-a', TOKEN)).toBe('encrypted');
    const [file] = await readdir(dir);
    expect(file).toBe('remote-a.token');
    const path = join(dir, 'remote-a.token');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await readFile(path)).toString()).not.toContain(TOKEN);
  });

  it('reads the token back in a later session', async () => {
    await createTokenVault(dir, fakeCipher(true)).set('remote-a', TOKEN);
    const later = createTokenVault(dir, fakeCipher(true));
    expect(await later.storage('remote-a')).toBe('encrypted');
    expect(await later.get('remote-a')).toBe(TOKEN);
  });

  it('forgets a removed token, on disk too', async () => {
    const vault = createTokenVault(dir, fakeCipher(true));
    await vault.set('remote-a', TOKEN);
    await vault.remove('remote-a');
    expect(await vault.get('remote-a')).toBeUndefined();
    expect(await vault.storage('remote-a')).toBe('none');
    expect(await readdir(dir)).toEqual([]);
  });

  it('treats a token it cannot decrypt (another keychain) as missing', async () => {
    await createTokenVault(dir, fakeCipher(true)).set('remote-a', TOKEN);
    const broken = { ...fakeCipher(true), decryptString: () => { throw new Error('keychain said no'); } };
    expect(await createTokenVault(dir, broken).get('remote-a')).toBeUndefined();
  });

  it('refuses ids that could escape the folder', async () => {
    const vault = createTokenVault(dir, fakeCipher(true));
    await expect(vault.set('../evil', TOKEN)).rejects.toThrow();
  });
});

describe('token vault without OS encryption (memory only)', () => {
  it('keeps the token for the session and writes nothing', async () => {
    const vault = createTokenVault(dir, fakeCipher(false));
    expect(vault.encryptionAvailable).toBe(false);
    expect(await vault.set('remote-a', TOKEN)).toBe('memory');
    expect(await vault.get('remote-a')).toBe(TOKEN);
    expect(await vault.storage('remote-a')).toBe('memory');
    expect(await readdir(dir)).toEqual([]);
  });

  it('has lost the token in the next session', async () => {
    await createTokenVault(dir, fakeCipher(false)).set('remote-a', TOKEN);
    const later = createTokenVault(dir, fakeCipher(false));
    expect(await later.get('remote-a')).toBeUndefined();
    expect(await later.storage('remote-a')).toBe('none');
  });

  it('counts a cipher that throws when asked as unavailable', () => {
    const throwing = { ...fakeCipher(true), isEncryptionAvailable: () => { throw new Error('not ready'); } };
    expect(createTokenVault(dir, throwing).encryptionAvailable).toBe(false);
  });
});
