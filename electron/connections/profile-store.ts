import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { protectionLevelSchema } from '../../shared/schemas';
import { loadDataFile, type DataFileKind } from '../storage/data-file';

/** The built-in demo profile: always there, never stored, never removed. */
export const DEMO_PROFILE_ID = 'demo';

/** What profiles.json holds: remote profiles (no tokens: those live in the vault) and the last used profile. */
const storedProfileSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  name: z.string().min(1).max(100),
  baseUrl: z.string().min(1).max(2048),
  /** Absent in files written before protection levels: the remote default (confirm) applies. */
  protection: protectionLevelSchema.optional(),
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
  /** The demo's protection level when the user changed it (default none). */
  demoProtection: protectionLevelSchema.optional(),
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

/** profiles.json to the data folder's one loader (electron/storage/data-file.ts). */
export const profilesKind: DataFileKind<ProfilesFile> = {
  what: 'Saved connections',
  version: PROFILES_VERSION,
  parse: (json) => profilesFileSchema.parse(json),
  whenMoved: 'only the demo is listed',
  whenLeftAlone: 'only the demo is listed and connection changes will not be saved',
};

/**
 * Reads profiles.json. A missing file is a first launch. A file of a newer version is never written over: only the
 * demo is listed and this session runs read-only on it. A corrupt file is moved aside (as the demo snapshot is),
 * so the next save cannot orphan the encrypted tokens it points at.
 */
export async function loadProfiles(dir: string, now: Date = new Date()): Promise<LoadedProfiles> {
  const loaded = await loadDataFile(join(dir, PROFILES_FILE), profilesKind, now);
  if (loaded.state === 'ok') return { file: loaded.data };
  if (loaded.state === 'missing') return { file: emptyProfiles() };
  return { file: emptyProfiles(), notice: loaded.notice, ...(loaded.writable ? {} : { readOnly: true }) };
}

/** Atomic (write-file-atomic: temp file + fsync + rename), so a crash never leaves half a file. */
export async function saveProfiles(dir: string, file: ProfilesFile): Promise<void> {
  await writeFileAtomic(join(dir, PROFILES_FILE), `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
}
