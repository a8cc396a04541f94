import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { protectionLevelSchema } from '../../shared/schemas';

/** The built-in demo profile: always there, never stored, never removed. */
export const DEMO_PROFILE_ID = 'demo';

/** What profiles.json holds: remote profiles (no tokens: those live in the vault) and the last used profile. */
const storedProfileSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  name: z.string().min(1).max(100),
  baseUrl: z.string().min(1).max(2048),
  /** Absent in files written before protection levels: the remote default (confirm) applies. */
  protection: protectionLevelSchema.optional(),
});
export type StoredProfile = z.infer<typeof storedProfileSchema>;

const profilesFileSchema = z.strictObject({
  version: z.literal(1),
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

/**
 * Reads profiles.json. A missing file is a first launch; an unreadable one starts empty and says so in one
 * sentence (the file is left where it is, so nothing is lost until the next save overwrites it).
 */
export async function loadProfiles(dir: string): Promise<{ file: ProfilesFile; notice?: string }> {
  let text: string;
  try {
    text = await readFile(join(dir, PROFILES_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file: emptyProfiles() };
    return { file: emptyProfiles(), notice: 'Saved connections could not be read, so only the demo is listed.' };
  }
  try {
    const parsed = profilesFileSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { file: parsed.data };
  } catch {
    // fall through to the notice
  }
  return { file: emptyProfiles(), notice: 'Saved connections were unreadable, so only the demo is listed.' };
}

/** Atomic (write-file-atomic: temp file + fsync + rename), so a crash never leaves half a file. */
export async function saveProfiles(dir: string, file: ProfilesFile): Promise<void> {
  await writeFileAtomic(join(dir, PROFILES_FILE), `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
}
