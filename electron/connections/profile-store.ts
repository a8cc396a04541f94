import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { moveAside } from '../storage/move-aside';

/** The built-in demo profile: always there, never stored, never removed. */
export const DEMO_PROFILE_ID = 'demo';

/** What profiles.json holds: remote profiles (no tokens: those live in the vault) and the last used profile. */
const storedProfileSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  name: z.string().min(1).max(100),
  baseUrl: z.string().min(1).max(2048),
  /** Plain http to a host other than loopback was explicitly allowed by the user. */
  allowInsecureHttp: z.boolean().optional(),
  /** An extra CA certificate file (PEM) this profile trusts, chosen in a dialog main opened. */
  caFile: z.string().min(1).max(4096).optional(),
});
export type StoredProfile = z.infer<typeof storedProfileSchema>;

/** The profiles.json version this Flagdesk writes; a higher one was written by a newer Flagdesk. */
export const PROFILES_VERSION = 1;

const profilesFileSchema = z.strictObject({
  version: z.literal(PROFILES_VERSION),
  lastUsedProfileId: z.string(),
  profiles: z.array(storedProfileSchema),
});
export type ProfilesFile = z.infer<typeof profilesFileSchema>;

export const PROFILES_FILE = 'profiles.json';

export function emptyProfiles(): ProfilesFile {
  return { version: 1, lastUsedProfileId: DEMO_PROFILE_ID, profiles: [] };
}

export interface LoadedProfiles {
  file: ProfilesFile;
  /** One sentence for the user when the file could not be used as it was. */
  notice?: string;
  /** True when profiles.json must not be written (a newer Flagdesk wrote it, or it could not be moved aside). */
  readOnly?: boolean;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads profiles.json. A missing file is a first launch. A file of a newer version is never written over: only the
 * demo is listed and this session runs read-only on it. A corrupt file is moved aside (as the demo snapshot is),
 * so the next save cannot orphan the encrypted tokens it points at.
 */
export async function loadProfiles(dir: string, now: Date = new Date()): Promise<LoadedProfiles> {
  const path = join(dir, PROFILES_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file: emptyProfiles() };
    return {
      file: emptyProfiles(),
      readOnly: true,
      notice: `Saved connections in ${path} could not be read, so only the demo is listed and connection changes will not be saved.`,
    };
  }
  const json = parseJson(text);
  const version = (json as { version?: unknown } | undefined)?.version;
  if (typeof version === 'number' && version > PROFILES_VERSION) {
    return {
      file: emptyProfiles(),
      readOnly: true,
      notice: `Saved connections were written by a newer Flagdesk (version ${version}), so only the demo is listed and they are left untouched: connection changes will not be saved. Update Flagdesk to use them.`,
    };
  }
  const parsed = profilesFileSchema.safeParse(json);
  if (parsed.success) return { file: parsed.data };
  const movedTo = await moveAside(dir, PROFILES_FILE, 'corrupt', now);
  if (movedTo) {
    return { file: emptyProfiles(), notice: `Saved connections were unreadable, so the file was moved to ${movedTo} and only the demo is listed.` };
  }
  return {
    file: emptyProfiles(),
    readOnly: true,
    notice: `Saved connections in ${path} were unreadable and could not be moved aside, so only the demo is listed and connection changes will not be saved.`,
  };
}

/** Atomic (write-file-atomic: temp file + fsync + rename), so a crash never leaves half a file. */
export async function saveProfiles(dir: string, file: ProfilesFile): Promise<void> {
  await writeFileAtomic(join(dir, PROFILES_FILE), `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
}
