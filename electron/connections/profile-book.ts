import { randomUUID } from 'node:crypto';
import { insecureHttpProblem, originOf } from '../../shared/domain/transport-security';
import type { ProfileIdInput, SaveProfileInput, SetProtectionInput } from '../../shared/schemas';
import { defaultProtection, type ProtectionLevel } from '../../shared/domain/protection';
import { readCaFile } from '../backend/remote/tls-trust';
import type { ShellPort } from '../shell/shell-port';
import {
  demoProfileReadOnly,
  insecureHttpRefused,
  noDialogs,
  profileNotFound,
  profilesReadOnly,
  tokenOriginChanged,
} from './connection-errors';
import { DEMO_PROFILE_ID, loadProfiles, saveProfiles, type ProfilesFile, type StoredProfile } from './profile-store';
import type { TokenVault } from './token-vault';

/**
 * The saved profiles (profiles.json), their tokens in the vault and their CA files. Changing the profile that is
 * active reconnects it through `connection`, and a change that fails anywhere leaves no trace. The caller
 * serialises calls (connection-manager.ts runs one change at a time).
 */
export interface ProfileBook {
  file(): ProfilesFile;
  /** The stored profile, or a ProfileNotFound error. */
  find(id: string): StoredProfile;
  nameOf(id: string | undefined): string | undefined;
  protectionOf(id: string): ProtectionLevel;
  /** Reads profiles.json; returns the notice to show when it had to be moved aside or is read-only. */
  load(): Promise<string | undefined>;
  /** Kept in memory only when profiles.json may not be written this session. */
  rememberLastUsed(id: string): Promise<void>;
  save(input: SaveProfileInput): Promise<void>;
  /** Leaves the profile first (to the demo) when it is the active one. */
  remove(input: ProfileIdInput): Promise<void>;
  setProtection(input: SetProtectionInput): Promise<void>;
  /**
   * Asks main's dialog for a CA file and checks it holds a certificate; null when the dialog is cancelled. Not
   * serialised: the dialog may stay open while other changes run.
   */
  pickCaFile(input: ProfileIdInput): Promise<string | null>;
  /** Stores (or drops, with undefined) a profile's CA file; the active profile reconnects with it, all or nothing. */
  changeCaFile(id: string, caFile: string | undefined): Promise<void>;
}

/** What the book needs of the active-backend switch. */
export interface ActiveProfilePort {
  activeId(): string | undefined;
  switchTo(profileId: string): Promise<void>;
}

export interface ProfileBookOptions {
  userDataDir: string;
  vault: TokenVault;
  connection: ActiveProfilePort;
  /** Dialogs (the CA file); absent in headless uses, where choosing a file is refused. */
  shell?: ShellPort;
}

export function createProfileBook({ userDataDir, vault, connection, shell }: ProfileBookOptions): ProfileBook {
  let file: ProfilesFile = { version: 1, lastUsedProfileId: DEMO_PROFILE_ID, profiles: [] };
  /** profiles.json may not be written this session (newer version, or unreadable and not movable). */
  let readOnly = false;

  function find(id: string): StoredProfile {
    const profile = file.profiles.find((p) => p.id === id);
    if (!profile) throw profileNotFound(id);
    return profile;
  }

  /** `sessionOnly` changes (the last used profile) are kept in memory when the file may not be written. */
  async function persist(sessionOnly = false): Promise<void> {
    if (readOnly) {
      if (sessionOnly) return;
      throw profilesReadOnly();
    }
    await saveProfiles(userDataDir, file);
  }

  /**
   * Applies `next` and `step` (e.g. storing a new token), reconnects the profile when it is the active one, then
   * stores the file. All or nothing: on any failure the file, `undo` (what `step` did) and the connection go back.
   */
  async function commit(id: string, next: ProfilesFile, step?: { apply(): Promise<void>; undo(): Promise<void> }): Promise<void> {
    const before = file;
    const reconnect = connection.activeId() === id;
    file = next;
    try {
      await step?.apply();
      if (reconnect) await connection.switchTo(id);
      await persist();
    } catch (error) {
      file = before;
      await step?.undo();
      if (reconnect) await connection.switchTo(id).catch(() => undefined);
      throw error;
    }
  }

  const replace = (id: string, profile: StoredProfile): ProfilesFile => ({
    ...file,
    profiles: file.profiles.map((p) => (p.id === id ? profile : p)),
  });

  return {
    file: () => file,
    find,
    nameOf: (id) => file.profiles.find((p) => p.id === id)?.name,

    protectionOf(id) {
      if (id === DEMO_PROFILE_ID) return file.demoProtection ?? defaultProtection('demo');
      return file.profiles.find((p) => p.id === id)?.protection ?? defaultProtection('remote');
    },

    async load() {
      const loaded = await loadProfiles(userDataDir);
      file = loaded.file;
      readOnly = loaded.readOnly === true;
      return loaded.notice;
    },

    async rememberLastUsed(id) {
      file = { ...file, lastUsedProfileId: id };
      await persist(true);
    },

    async save(input) {
      if (input.id === DEMO_PROFILE_ID) throw demoProfileReadOnly();
      if (readOnly) throw profilesReadOnly();
      const id = input.id ?? `remote-${randomUUID()}`;
      const existing = input.id === undefined ? undefined : find(input.id);
      const allowInsecureHttp = input.allowInsecureHttp ?? existing?.allowInsecureHttp ?? false;
      const insecure = insecureHttpProblem(input.baseUrl, allowInsecureHttp);
      if (insecure) throw insecureHttpRefused(insecure);
      // The stored token goes only to the origin it was entered for: a URL edit to another host needs a new one.
      const from = existing && originOf(existing.baseUrl);
      const to = originOf(input.baseUrl);
      if (existing && input.token === undefined && from !== to && (await vault.storage(id)) !== 'none') {
        throw tokenOriginChanged(from ?? existing.baseUrl, to ?? input.baseUrl);
      }
      const profile: StoredProfile = {
        id,
        name: input.name,
        baseUrl: input.baseUrl,
        ...(existing?.protection ? { protection: existing.protection } : {}),
        ...(allowInsecureHttp ? { allowInsecureHttp } : {}),
        ...(existing?.caFile ? { caFile: existing.caFile } : {}),
      };
      const token = input.token;
      const tokenBefore = token === undefined ? undefined : await vault.get(id);
      const next = existing ? replace(id, profile) : { ...file, profiles: [...file.profiles, profile] };
      // A save the user is told failed leaves no trace (profile, token or connection); editing the active profile
      // reconnects with the new settings before anything is stored for good.
      await commit(id, next, {
        apply: async () => {
          if (token !== undefined) await vault.set(id, token);
        },
        undo: async () => {
          if (token === undefined) return;
          if (tokenBefore === undefined) await vault.remove(id).catch(() => undefined);
          else await vault.set(id, tokenBefore).catch(() => undefined);
        },
      });
    },

    async remove({ id }) {
      if (id === DEMO_PROFILE_ID) throw demoProfileReadOnly();
      find(id);
      if (connection.activeId() === id) await connection.switchTo(DEMO_PROFILE_ID);
      file = {
        ...file,
        profiles: file.profiles.filter((p) => p.id !== id),
        lastUsedProfileId: file.lastUsedProfileId === id ? DEMO_PROFILE_ID : file.lastUsedProfileId,
      };
      await vault.remove(id);
      await persist();
    },

    async setProtection({ id, protection }) {
      const before = file;
      if (id === DEMO_PROFILE_ID) file = { ...file, demoProtection: protection };
      else file = replace(id, { ...find(id), protection });
      try {
        await persist();
      } catch (error) {
        file = before;
        throw error;
      }
    },

    async pickCaFile({ id }) {
      if (id === DEMO_PROFILE_ID) throw demoProfileReadOnly();
      find(id);
      if (!shell) throw noDialogs();
      const path = await shell.chooseOpenFile({
        title: 'Choose the CA certificate this server uses (PEM)',
        filters: [{ name: 'CA certificates (PEM)', extensions: ['pem', 'crt', 'cer'] }],
      });
      if (path === null) return null;
      // Refused here, with a sentence, rather than at the next connection.
      await readCaFile(path);
      return path;
    },

    async changeCaFile(id, caFile) {
      if (id === DEMO_PROFILE_ID) throw demoProfileReadOnly();
      const { caFile: _old, ...rest } = find(id);
      await commit(id, replace(id, { ...rest, ...(caFile ? { caFile } : {}) }));
    },
  };
}
