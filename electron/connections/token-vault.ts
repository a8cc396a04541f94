import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/**
 * The OS keychain as main.ts hands it in (Electron's safeStorage). main.ts reports Linux's 'basic_text' backend
 * as unavailable: it "encrypts" with a hard-coded password.
 */
export interface TokenCipher {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export type TokenStorage = 'encrypted' | 'memory' | 'none';

export interface TokenVault {
  readonly encryptionAvailable: boolean;
  get(profileId: string): Promise<string | undefined>;
  /** Stores the token encrypted on disk (0600) when it can, else for this session only; says which. */
  set(profileId: string, token: string): Promise<TokenStorage>;
  remove(profileId: string): Promise<void>;
  storage(profileId: string): Promise<TokenStorage>;
  /** Every token known in this session, so that messages can be scrubbed of them. */
  knownTokens(): string[];
}

/** Profile ids are ours (generated), but a file name is built from them, so keep only safe characters. */
function fileName(profileId: string): string {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(profileId)) throw new Error('invalid profile id for a token file');
  return `${profileId}.token`;
}

export function createTokenVault(dir: string, cipher: TokenCipher): TokenVault {
  const memory = new Map<string, string>();
  // Decrypted once per session: safeStorage may prompt for the keychain on macOS.
  const decrypted = new Map<string, string>();
  let available: boolean;
  try {
    available = cipher.isEncryptionAvailable();
  } catch {
    available = false;
  }

  async function readEncrypted(profileId: string): Promise<Buffer | undefined> {
    try {
      return await readFile(join(dir, fileName(profileId)));
    } catch {
      return undefined;
    }
  }

  return {
    encryptionAvailable: available,
    async get(profileId) {
      const inMemory = memory.get(profileId) ?? decrypted.get(profileId);
      if (inMemory !== undefined) return inMemory;
      if (!available) return undefined;
      const encrypted = await readEncrypted(profileId);
      if (!encrypted) return undefined;
      try {
        const token = cipher.decryptString(encrypted);
        decrypted.set(profileId, token);
        return token;
      } catch {
        // Unreadable with this keychain (copied profile folder, changed OS user): the user enters it again.
        return undefined;
      }
    },
    async set(profileId, token) {
      if (!available) {
        memory.set(profileId, token);
        return 'memory';
      }
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFileAtomic(join(dir, fileName(profileId)), cipher.encryptString(token), { mode: 0o600 });
      memory.delete(profileId);
      decrypted.set(profileId, token);
      return 'encrypted';
    },
    async remove(profileId) {
      memory.delete(profileId);
      decrypted.delete(profileId);
      await rm(join(dir, fileName(profileId)), { force: true });
    },
    async storage(profileId) {
      if (memory.has(profileId)) return 'memory';
      if (available && (decrypted.has(profileId) || (await readEncrypted(profileId)))) return 'encrypted';
      return 'none';
    },
    knownTokens: () => [...memory.values(), ...decrypted.values()],
  };
}
