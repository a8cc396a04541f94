import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { insecureHttpProblem, originOf } from '../../shared/domain/transport-security';
import type {
  ConnectionReport,
  ConnectionStatus,
  ProfileIdInput,
  SetProtectionInput,
  SaveProfileInput,
  SaveStatus,
  ServerCapabilities,
  TestConnectionInput,
} from '../../shared/schemas';
import { defaultProtection, type ProtectionLevel } from '../../shared/domain/protection';
import type { AdminBackend } from '../backend/admin-backend';
import type { BackendFactories, DemoStoreHandle, RemoteBackendHandle } from './backend-factories';
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
  unsavedDemoChanges,
} from './connection-errors';
import { DEMO_PROFILE_ID, loadProfiles, saveProfiles, type ProfilesFile, type StoredProfile } from './profile-store';
import { createRedactor, type Redactor } from '../security/redact';
import { createConnectionTester } from './connection-tester';
import { settingsOf, statusOf } from './profile-views';
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
  /** Sets how a profile (the demo included) guards destructive actions. */
  setProtection(input: SetProtectionInput): Promise<ConnectionStatus>;
  /** The active profile's protection level (read-only makes dispatch refuse every write). */
  activeProtection(): ProtectionLevel;
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
  /** Adds a sentence to the status's notice (a data-folder file that could not be used) and announces it. */
  addNotice(notice: string): void;
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
  remote?: RemoteBackendHandle;
  /** What the remote server offers, once detected (the demo does everything, so it has none). */
  capabilities?: ServerCapabilities;
  close(): Promise<void>;
}

export function createConnectionManager(options: ConnectionManagerOptions): ConnectionManager {
  const { userDataDir, vault, factories } = options;
  const listeners = new Set<(status: ConnectionStatus) => void>();
  const saveListeners = new Set<(status: SaveStatus) => void>();
  let stopSaveStatus: (() => void) | undefined;
  let file: ProfilesFile = { version: 1, lastUsedProfileId: DEMO_PROFILE_ID, profiles: [] };
  let active: Active | undefined;
  const notices: string[] = [];
  let tail: Promise<unknown> = Promise.resolve();

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

  const tester = createConnectionTester({ find, vault, factories });

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
    return { profileId, backend: remote, remote, close: () => remote.close() };
  }

  /**
   * Reads what the newly active server offers, in the background (activation does not wait on the network), then
   * announces it in the status; a failed detection leaves it out and the backend asks again when it needs to.
   */
  function learnCapabilities(entry: Active): void {
    entry.remote?.capabilities?.().then(
      (caps) => {
        if (active !== entry) return;
        entry.capabilities = caps;
        void serial(changed).catch(() => undefined);
      },
      () => undefined,
    );
  }

  /** Opens the new backend before closing the old one, so a failed switch leaves the current one working. */
  async function switchTo(profileId: string): Promise<void> {
    const next = await open(profileId);
    const previous = active;
    active = next;
    learnCapabilities(next);
    await previous?.close().catch(() => undefined);
  }

  /**
   * Leaving the demo closes its store, and a store whose saves fail would drop its unsaved changes: try one more
   * save, and refuse the switch (saying why and what to do) when that fails too.
   */
  async function keepDemoChanges(): Promise<void> {
    const demo = active?.demo;
    if (!demo?.hasUnsavedChanges?.()) return;
    try {
      await demo.save?.();
    } catch {
      throw unsavedDemoChanges(demo.saveStatus?.().message);
    }
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

  function protectionOf(id: string): ProtectionLevel {
    if (id === DEMO_PROFILE_ID) return file.demoProtection ?? defaultProtection('demo');
    return file.profiles.find((p) => p.id === id)?.protection ?? defaultProtection('remote');
  }

  async function buildStatus(): Promise<ConnectionStatus> {
    return statusOf({ file, activeProfileId: active?.profileId, capabilities: active?.capabilities, notices, vault, protectionOf });
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

    addNotice(notice) {
      if (notices.includes(notice)) return;
      notices.push(notice);
      void serial(changed).catch(() => undefined);
    },

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
          ...(existing?.protection ? { protection: existing.protection } : {}),
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

    setProtection: ({ id, protection }) =>
      serial(async () => {
        const before = file;
        if (id === DEMO_PROFILE_ID) file = { ...file, demoProtection: protection };
        else {
          find(id);
          file = { ...file, profiles: file.profiles.map((p) => (p.id === id ? { ...p, protection } : p)) };
        }
        try {
          await persist();
        } catch (error) {
          file = before;
          throw error;
        }
        return changed();
      }),

    activeProtection: () => protectionOf(active?.profileId ?? DEMO_PROFILE_ID),

    activate: ({ id }) =>
      serial(async () => {
        if (id !== DEMO_PROFILE_ID) find(id);
        if (active?.profileId !== id) {
          await keepDemoChanges();
          await switchTo(id);
        }
        file = { ...file, lastUsedProfileId: id };
        await persist(true);
        return changed();
      }),

    test: (input) => tester.test(input),

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
        tester.abortAll();
        await current?.close();
      }),
  };
}
