import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { insecureHttpProblem, originOf } from '../../shared/domain/transport-security';
import type {
  ConnectionReport,
  ConnectionStatus,
  ProfileIdInput,
  ProfileView,
  SaveProfileInput,
  SaveStatus,
  TestConnectionInput,
} from '../../shared/schemas';
import type { AdminBackend } from '../backend/admin-backend';
import type { BackendFactories, DemoStoreHandle, RemoteSettings } from './backend-factories';
import { readCaFile } from '../backend/remote/tls-trust';
import type { ShellPort } from '../shell/shell-port';
import type { UnsavedWork } from '../shell/quit-guard';
import {
  demoProfileReadOnly,
  insecureHttpRefused,
  noDialogs,
  notOnDemo,
  profileNotFound,
  profilesReadOnly,
  tokenMissing,
  tokenOriginChanged,
} from './connection-errors';
import { DEMO_PROFILE_ID, loadProfiles, saveProfiles, type ProfilesFile, type StoredProfile } from './profile-store';
import { createRedactor, redactSecrets, type Redactor } from '../security/redact';
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
  /** Asks for a CA certificate file (main's dialog) that the profile then trusts; a cancelled dialog changes nothing. */
  chooseCaFile(input: ProfileIdInput): Promise<ConnectionStatus>;
  clearCaFile(input: ProfileIdInput): Promise<ConnectionStatus>;
  /** The active backend, once any switch in progress has finished. */
  backend(): Promise<AdminBackend>;
  resetDemo(): Promise<void>;
  onChange(listener: (status: ConnectionStatus) => void): () => void;
  /** Whether the demo's changes reach the disk, and every change of that. */
  saveStatus(): SaveStatus;
  onSaveStatus(listener: (status: SaveStatus) => void): () => void;
  /** What quitting needs: unsaved demo changes, a retry, and a copy written elsewhere. */
  unsaved: UnsavedWork;
  /** Scrubs every token known in this session (in every encoding) from a text (for errors and logs). */
  redact(text: string): string;
  /** The same, over every string of a JSON-like value (what dispatch sends to the renderer). */
  redactValue<T>(value: T): T;
  close(): Promise<void>;
}

export interface ConnectionManagerOptions {
  userDataDir: string;
  vault: TokenVault;
  factories: BackendFactories;
  /** Dialogs (the CA file); absent in headless uses, where choosing a file is refused. */
  shell?: ShellPort;
}

interface Active {
  profileId: string;
  backend: AdminBackend;
  demo?: DemoStoreHandle;
  close(): Promise<void>;
}

const SUPERSEDED: ConnectionReport = { ok: false, reachable: false, message: 'A newer test of this connection replaced this one.' };

const DEMO_VIEW: ProfileView = {
  id: DEMO_PROFILE_ID,
  name: 'Demo',
  kind: 'demo',
  hasToken: false,
  tokenStorage: 'none',
  allowInsecureHttp: false,
  insecureHttp: false,
};

/** Plain http off loopback: the token travels unencrypted (only ever true when the profile allows it). */
function sendsInClear(profile: Pick<StoredProfile, 'baseUrl'>): boolean {
  return insecureHttpProblem(profile.baseUrl, false) !== undefined;
}

const IN_CLEAR = ' The token was sent over plain http, unencrypted, as this profile allows.';

export function createConnectionManager(options: ConnectionManagerOptions): ConnectionManager {
  const { userDataDir, vault, factories } = options;
  const listeners = new Set<(status: ConnectionStatus) => void>();
  const saveListeners = new Set<(status: SaveStatus) => void>();
  let stopSaveStatus: (() => void) | undefined;
  let file: ProfilesFile = { version: 1, lastUsedProfileId: DEMO_PROFILE_ID, profiles: [] };
  let active: Active | undefined;
  const notices: string[] = [];
  let tail: Promise<unknown> = Promise.resolve();
  /** The running connection test per profile id ('form' for unsaved settings: the app has one form). */
  const tests = new Map<string, AbortController>();

  let cachedRedactor: { key: string; redactor: Redactor } | undefined;
  /** Rebuilt only when the set of known tokens changes (dispatch redacts every answer). */
  function redactor(): Redactor {
    const tokens = vault.knownTokens();
    const key = tokens.join('\u0000');
    if (cachedRedactor?.key !== key) cachedRedactor = { key, redactor: createRedactor(tokens) };
    return cachedRedactor.redactor;
  }

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
      stopSaveStatus?.();
      stopSaveStatus = demo.onSaveStatus?.((status) => {
        for (const listener of saveListeners) listener(status);
      });
      return { profileId, backend: demo.backend, demo, close: () => demo.close() };
    }
    const profile = find(profileId);
    const token = await vault.get(profileId);
    if (token === undefined) throw tokenMissing(profile.name);
    const remote = await factories.createRemote(settingsOf(profile, token));
    return { profileId, backend: remote, close: () => remote.close() };
  }

  function settingsOf(profile: StoredProfile, token: string) {
    return {
      baseUrl: profile.baseUrl,
      token,
      ...(profile.allowInsecureHttp ? { allowInsecureHttp: true } : {}),
      ...(profile.caFile ? { caFile: profile.caFile } : {}),
    };
  }

  /** Opens the new backend before closing the old one, so a failed switch leaves the current one working. */
  async function switchTo(profileId: string): Promise<void> {
    const next = await open(profileId);
    const previous = active;
    active = next;
    await previous?.close().catch(() => undefined);
  }

  /** profiles.json may not be written this session (newer version, or unreadable and not movable). */
  let readOnly = false;

  /** `sessionOnly` changes (the last used profile) are kept in memory when the file may not be written. */
  async function persist(sessionOnly = false): Promise<void> {
    if (readOnly) {
      if (sessionOnly) return;
      throw profilesReadOnly();
    }
    await saveProfiles(userDataDir, file);
  }

  async function buildStatus(): Promise<ConnectionStatus> {
    const remotes = await Promise.all(
      file.profiles.map(async (p): Promise<ProfileView> => {
        const storage = await vault.storage(p.id);
        return {
          id: p.id,
          name: p.name,
          kind: 'remote',
          baseUrl: p.baseUrl,
          hasToken: storage !== 'none',
          tokenStorage: storage,
          allowInsecureHttp: p.allowInsecureHttp === true,
          insecureHttp: sendsInClear(p),
          ...(p.caFile ? { caFileName: basename(p.caFile) } : {}),
        };
      }),
    );
    const activeProfile = file.profiles.find((p) => p.id === active?.profileId);
    return {
      activeProfileId: active?.profileId ?? DEMO_PROFILE_ID,
      profiles: [DEMO_VIEW, ...remotes],
      encryptionAvailable: vault.encryptionAvailable,
      activeInsecureHttp: activeProfile !== undefined && sendsInClear(activeProfile),
      ...(notices.length ? { notice: notices.join(' ') } : {}),
    };
  }

  /** Stores (or drops) a profile's CA file; the active profile reconnects with it, all or nothing. */
  async function changeCaFile(id: string, caFile: string | undefined): Promise<ConnectionStatus> {
    const { caFile: _old, ...rest } = find(id);
    const profile: StoredProfile = { ...rest, ...(caFile ? { caFile } : {}) };
    const before = file;
    file = { ...file, profiles: file.profiles.map((p) => (p.id === id ? profile : p)) };
    const reconnect = active?.profileId === id;
    try {
      if (reconnect) await switchTo(id);
      await persist();
    } catch (error) {
      file = before;
      if (reconnect) await switchTo(id).catch(() => undefined);
      throw error;
    }
    return changed();
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
        readOnly = loaded.readOnly === true;
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
          ...(allowInsecureHttp ? { allowInsecureHttp } : {}),
          ...(existing?.caFile ? { caFile: existing.caFile } : {}),
        };
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
        await persist(true);
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
        let settings: RemoteSettings;
        if ('id' in input) {
          const profile = find(input.id);
          const token = await vault.get(profile.id);
          if (token === undefined) return { ok: false, reachable: false, message: tokenMissing(profile.name).message };
          settings = settingsOf(profile, token);
        } else {
          settings = { baseUrl: input.baseUrl, token: input.token, allowInsecureHttp: input.allowInsecureHttp === true };
        }
        const insecure = insecureHttpProblem(settings.baseUrl, settings.allowInsecureHttp === true);
        if (insecure) return { ok: false, reachable: false, message: insecure };
        try {
          const report = await factories.testConnection(settings, controller.signal);
          if (controller.signal.aborted) return SUPERSEDED;
          const clear = sendsInClear(settings);
          const message = redactSecrets(report.message, [settings.token]) + (clear ? IN_CLEAR : '');
          return { ...report, ...(clear ? { insecureHttp: true } : {}), message };
        } catch {
          if (controller.signal.aborted) return SUPERSEDED;
          return { ok: false, reachable: false, message: 'The connection test failed unexpectedly; check the URL and try again.' };
        }
      } finally {
        if (tests.get(key) === controller) tests.delete(key);
      }
    },

    chooseCaFile: async ({ id }) => {
      if (id === DEMO_PROFILE_ID) throw demoProfileReadOnly();
      find(id);
      if (!options.shell) throw noDialogs();
      const path = await options.shell.chooseOpenFile({
        title: 'Choose the CA certificate this server uses (PEM)',
        filters: [{ name: 'CA certificates (PEM)', extensions: ['pem', 'crt', 'cer'] }],
      });
      if (path === null) return serial(buildStatus);
      // Refused here, with a sentence, rather than at the next connection.
      await readCaFile(path);
      return serial(() => changeCaFile(id, path));
    },

    clearCaFile: ({ id }) => {
      if (id === DEMO_PROFILE_ID) return Promise.reject(demoProfileReadOnly());
      return serial(() => changeCaFile(id, undefined));
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

    saveStatus: () => active?.demo?.saveStatus?.() ?? { ok: true },
    onSaveStatus(listener) {
      saveListeners.add(listener);
      return () => void saveListeners.delete(listener);
    },
    unsaved: {
      pending: () => active?.demo?.hasUnsavedChanges?.() ?? false,
      problem: () => active?.demo?.saveStatus?.().message,
      retry: async () => {
        await active?.demo?.save?.();
      },
      saveCopy: async (path) => {
        const demo = active?.demo;
        if (!demo?.saveCopy) throw new Error('no demo data to save');
        await demo.saveCopy(path);
      },
    },

    redact: (text) => redactor().text(text),
    redactValue: (value) => redactor().deep(value),

    close: () =>
      serial(async () => {
        const current = active;
        active = undefined;
        listeners.clear();
        saveListeners.clear();
        for (const running of tests.values()) running.abort();
        await current?.close();
      }),
  };
}
