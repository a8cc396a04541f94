import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  ConnectionReport,
  ConnectionStatus,
  ProfileIdInput,
  ProfileView,
  SaveProfileInput,
  TestConnectionInput,
} from '../../shared/schemas';
import type { AdminBackend } from '../backend/admin-backend';
import type { BackendFactories, DemoStoreHandle } from './backend-factories';
import { demoProfileReadOnly, notOnDemo, profileNotFound, tokenMissing } from './connection-errors';
import { DEMO_PROFILE_ID, loadProfiles, saveProfiles, type ProfilesFile, type StoredProfile } from './profile-store';
import { redactSecrets } from './redact';
import type { TokenVault } from './token-vault';

/**
 * Profiles (the built-in demo + remote ones), the active backend, and switching between them. Every change is
 * serialised (one switch at a time) and announced to listeners (the 'connections.changed' push).
 */
export interface ConnectionManager {
  /** Opens the last used profile (falls back to the demo, with a notice, when it cannot). */
  start(): Promise<void>;
  status(): Promise<ConnectionStatus>;
  save(input: SaveProfileInput): Promise<ConnectionStatus>;
  remove(input: ProfileIdInput): Promise<ConnectionStatus>;
  activate(input: ProfileIdInput): Promise<ConnectionStatus>;
  /** A newer test of the same profile (or of the unsaved form) cancels one still running, which then says so. */
  test(input: TestConnectionInput): Promise<ConnectionReport>;
  /** The active backend, once any switch in progress has finished. */
  backend(): Promise<AdminBackend>;
  resetDemo(): Promise<void>;
  onChange(listener: (status: ConnectionStatus) => void): () => void;
  /** Scrubs every token known in this session from a text (for errors and logs). */
  redact(text: string): string;
  close(): Promise<void>;
}

export interface ConnectionManagerOptions {
  userDataDir: string;
  vault: TokenVault;
  factories: BackendFactories;
}

interface Active {
  profileId: string;
  backend: AdminBackend;
  demo?: DemoStoreHandle;
  close(): Promise<void>;
}

const SUPERSEDED: ConnectionReport = { ok: false, reachable: false, message: 'A newer test of this connection replaced this one.' };

const DEMO_VIEW: ProfileView = { id: DEMO_PROFILE_ID, name: 'Demo', kind: 'demo', hasToken: false, tokenStorage: 'none' };

export function createConnectionManager(options: ConnectionManagerOptions): ConnectionManager {
  const { userDataDir, vault, factories } = options;
  const listeners = new Set<(status: ConnectionStatus) => void>();
  let file: ProfilesFile = { version: 1, lastUsedProfileId: DEMO_PROFILE_ID, profiles: [] };
  let active: Active | undefined;
  const notices: string[] = [];
  let tail: Promise<unknown> = Promise.resolve();
  /** The running connection test per profile id ('form' for unsaved settings: the app has one form). */
  const tests = new Map<string, AbortController>();

  /** One change at a time: a second activate waits for the first to finish. */
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const result = tail.then(task);
    tail = result.catch(() => undefined);
    return result;
  }

  function find(id: string): StoredProfile {
    const profile = file.profiles.find((p) => p.id === id);
    if (!profile) throw profileNotFound(id);
    return profile;
  }

  async function open(profileId: string): Promise<Active> {
    if (profileId === DEMO_PROFILE_ID) {
      const demo = await factories.openDemo(join(userDataDir, 'demo'));
      if (demo.notice) notices.push(demo.notice);
      return { profileId, backend: demo.backend, demo, close: () => demo.close() };
    }
    const profile = find(profileId);
    const token = await vault.get(profileId);
    if (token === undefined) throw tokenMissing(profile.name);
    const remote = await factories.createRemote({ baseUrl: profile.baseUrl, token });
    return { profileId, backend: remote, close: () => remote.close() };
  }

  /** Opens the new backend before closing the old one, so a failed switch leaves the current one working. */
  async function switchTo(profileId: string): Promise<void> {
    const next = await open(profileId);
    const previous = active;
    active = next;
    await previous?.close().catch(() => undefined);
  }

  async function persist(): Promise<void> {
    await saveProfiles(userDataDir, file);
  }

  async function buildStatus(): Promise<ConnectionStatus> {
    const remotes = await Promise.all(
      file.profiles.map(async (p): Promise<ProfileView> => {
        const storage = await vault.storage(p.id);
        return { id: p.id, name: p.name, kind: 'remote', baseUrl: p.baseUrl, hasToken: storage !== 'none', tokenStorage: storage };
      }),
    );
    return {
      activeProfileId: active?.profileId ?? DEMO_PROFILE_ID,
      profiles: [DEMO_VIEW, ...remotes],
      encryptionAvailable: vault.encryptionAvailable,
      ...(notices.length ? { notice: notices.join(' ') } : {}),
    };
  }

  async function changed(): Promise<ConnectionStatus> {
    const status = await buildStatus();
    for (const listener of listeners) listener(status);
    return status;
  }

  return {
    start: () =>
      serial(async () => {
        await mkdir(userDataDir, { recursive: true });
        const loaded = await loadProfiles(userDataDir);
        file = loaded.file;
        if (loaded.notice) notices.push(loaded.notice);
        try {
          await switchTo(file.lastUsedProfileId);
        } catch (error) {
          if (file.lastUsedProfileId === DEMO_PROFILE_ID) throw error;
          const name = file.profiles.find((p) => p.id === file.lastUsedProfileId)?.name ?? 'the last connection';
          notices.push(`"${name}" could not be opened, so the demo is active.`);
          await switchTo(DEMO_PROFILE_ID);
        }
        await changed();
      }),

    status: () => serial(buildStatus),

    save: (input) =>
      serial(async () => {
        if (input.id === DEMO_PROFILE_ID) throw demoProfileReadOnly();
        const id = input.id ?? `remote-${randomUUID()}`;
        const existing = input.id === undefined ? undefined : find(input.id);
        const profile: StoredProfile = { id, name: input.name, baseUrl: input.baseUrl };
        const before = { file, token: input.token === undefined ? undefined : await vault.get(id) };
        const reconnect = active?.profileId === id;
        file = {
          ...file,
          profiles: existing ? file.profiles.map((p) => (p.id === id ? profile : p)) : [...file.profiles, profile],
        };
        try {
          if (input.token !== undefined) await vault.set(id, input.token);
          // Editing the active profile reconnects with the new settings, before anything is stored for good.
          if (reconnect) await switchTo(id);
          await persist();
        } catch (error) {
          // All or nothing: a save the user is told failed must leave no trace (profile, token or connection).
          file = before.file;
          if (input.token !== undefined) {
            if (before.token === undefined) await vault.remove(id).catch(() => undefined);
            else await vault.set(id, before.token).catch(() => undefined);
          }
          if (reconnect) await switchTo(id).catch(() => undefined);
          throw error;
        }
        return changed();
      }),

    remove: ({ id }) =>
      serial(async () => {
        if (id === DEMO_PROFILE_ID) throw demoProfileReadOnly();
        find(id);
        if (active?.profileId === id) await switchTo(DEMO_PROFILE_ID);
        file = {
          ...file,
          profiles: file.profiles.filter((p) => p.id !== id),
          lastUsedProfileId: file.lastUsedProfileId === id ? DEMO_PROFILE_ID : file.lastUsedProfileId,
        };
        await vault.remove(id);
        await persist();
        return changed();
      }),

    activate: ({ id }) =>
      serial(async () => {
        if (id !== DEMO_PROFILE_ID) find(id);
        if (active?.profileId !== id) await switchTo(id);
        file = { ...file, lastUsedProfileId: id };
        await persist();
        return changed();
      }),

    test: async (input) => {
      if ('id' in input && input.id === DEMO_PROFILE_ID) {
        return { ok: true, reachable: true, edition: 'Demo', admin: true, message: 'The built-in demo runs inside Flagdesk and is always available.' };
      }
      // Registered before any await, so that "newer" means the order the tests were asked in.
      const key = 'id' in input ? input.id : 'form';
      tests.get(key)?.abort();
      const controller = new AbortController();
      tests.set(key, controller);
      try {
        let settings: { baseUrl: string; token: string };
        if ('id' in input) {
          const profile = find(input.id);
          const token = await vault.get(profile.id);
          if (token === undefined) return { ok: false, reachable: false, message: tokenMissing(profile.name).message };
          settings = { baseUrl: profile.baseUrl, token };
        } else {
          settings = { baseUrl: input.baseUrl, token: input.token };
        }
        try {
          const report = await factories.testConnection(settings, controller.signal);
          if (controller.signal.aborted) return SUPERSEDED;
          return { ...report, message: redactSecrets(report.message, [settings.token]) };
        } catch {
          if (controller.signal.aborted) return SUPERSEDED;
          return { ok: false, reachable: false, message: 'The connection test failed unexpectedly; check the URL and try again.' };
        }
      } finally {
        if (tests.get(key) === controller) tests.delete(key);
      }
    },

    backend: () =>
      serial(async () => {
        if (!active) throw new Error('no active backend: start() has not finished');
        return active.backend;
      }),

    resetDemo: () =>
      serial(async () => {
        if (!active?.demo) {
          const name = file.profiles.find((p) => p.id === active?.profileId)?.name ?? 'a remote connection';
          throw notOnDemo(name);
        }
        await active.demo.reset();
      }),

    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    redact: (text) => redactSecrets(text, vault.knownTokens()),

    close: () =>
      serial(async () => {
        const current = active;
        active = undefined;
        listeners.clear();
        for (const running of tests.values()) running.abort();
        await current?.close();
      }),
  };
}
