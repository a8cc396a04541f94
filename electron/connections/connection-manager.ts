import { mkdir } from 'node:fs/promises';
import type {
  ConnectionReport,
  ConnectionStatus,
  ProfileIdInput,
  SetProtectionInput,
  SaveProfileInput,
  SaveStatus,
  TestConnectionInput,
} from '../../shared/schemas';
import type { ProtectionLevel } from '../../shared/domain/protection';
import type { AdminBackend } from '../backend/admin-backend';
import type { BackendFactories } from './backend-factories';
import type { ShellPort } from '../shell/shell-port';
import type { UnsavedWork } from '../shell/quit-guard';
import { notOnDemo } from './connection-errors';
import { DEMO_PROFILE_ID } from './profile-store';
import { createRedactor, type Redactor, type ValueRedactor } from '../security/redact';
import { createActiveBackendSwitch } from './active-backend';
import { createConnectionTester } from './connection-tester';
import { createDemoSaves } from './demo-saves';
import { createProfileBook } from './profile-book';
import { createProfileBackends, type ProfileBackend } from './profile-backends';
import { statusOf } from './profile-views';
import type { TokenVault } from './token-vault';

/**
 * Profiles (the built-in demo + remote ones), the active backend, and switching between them. Every change is
 * serialised (one switch at a time) and announced to listeners (the 'connections.changed' push). Three parts do
 * the work: profile-book.ts (profiles, tokens, CA files), active-backend.ts (the switch) and demo-saves.ts
 * (whether the demo's changes reach the disk); this file runs them one change at a time and announces the status.
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
  /** A backend for any profile beside the active one (the active one's own when it is that profile); release it after use. */
  openProfile(profileId: string): Promise<ProfileBackend>;
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
  /** redactValue and its screen of a JSON text, with the tokens known at each call (what scrubs the files the app writes). */
  readonly valueRedactor: ValueRedactor;
  close(): Promise<void>;
}

export interface ConnectionManagerOptions {
  userDataDir: string;
  vault: TokenVault;
  factories: BackendFactories;
  /** Dialogs (the CA file); absent in headless uses, where choosing a file is refused. */
  shell?: ShellPort;
}

export function createConnectionManager(options: ConnectionManagerOptions): ConnectionManager {
  const { userDataDir, vault, factories } = options;
  const listeners = new Set<(status: ConnectionStatus) => void>();
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

  const demoSaves = createDemoSaves(() => connection.current()?.demo);
  const connection = createActiveBackendSwitch({
    userDataDir,
    vault,
    factories,
    find: (id) => profiles.find(id),
    notice: (text) => void notices.push(text),
    demoOpened: (demo) => demoSaves.follow(demo),
    capabilitiesLearned: () => void serial(changed).catch(() => undefined),
  });
  const profiles = createProfileBook({
    userDataDir,
    vault,
    shell: options.shell,
    connection: { activeId: () => connection.current()?.profileId, switchTo: (id) => connection.switchTo(id) },
  });
  const openProfile = createProfileBackends({
    userDataDir,
    vault,
    factories,
    active: () => connection.current(),
    find: (id) => profiles.find(id),
    protectionOf: (id) => profiles.protectionOf(id),
  });
  const tester = createConnectionTester({ find: (id) => profiles.find(id), vault, factories });

  async function buildStatus(): Promise<ConnectionStatus> {
    const active = connection.current();
    return statusOf({
      file: profiles.file(),
      activeProfileId: active?.profileId,
      capabilities: active?.capabilities,
      notices,
      vault,
      protectionOf: (id) => profiles.protectionOf(id),
    });
  }

  async function changed(): Promise<ConnectionStatus> {
    const status = await buildStatus();
    for (const listener of listeners) listener(status);
    return status;
  }

  /** Runs a change of the profiles, then announces the new status. */
  const change = (task: () => Promise<void>): Promise<ConnectionStatus> =>
    serial(async () => {
      await task();
      return changed();
    });

  return {
    start: () =>
      change(async () => {
        await mkdir(userDataDir, { recursive: true });
        const notice = await profiles.load();
        if (notice) notices.push(notice);
        const lastUsed = profiles.file().lastUsedProfileId;
        try {
          await connection.switchTo(lastUsed);
        } catch (error) {
          if (lastUsed === DEMO_PROFILE_ID) throw error;
          notices.push(`"${profiles.nameOf(lastUsed) ?? 'the last connection'}" could not be opened, so the demo is active.`);
          await connection.switchTo(DEMO_PROFILE_ID);
        }
      }).then(() => undefined),

    status: () => serial(buildStatus),

    addNotice(notice) {
      if (notices.includes(notice)) return;
      notices.push(notice);
      void serial(changed).catch(() => undefined);
    },

    save: (input) => change(() => profiles.save(input)),
    remove: (input) => change(() => profiles.remove(input)),
    setProtection: (input) => change(() => profiles.setProtection(input)),
    activeProtection: () => profiles.protectionOf(connection.current()?.profileId ?? DEMO_PROFILE_ID),

    activate: ({ id }) =>
      change(async () => {
        if (id !== DEMO_PROFILE_ID) profiles.find(id);
        if (connection.current()?.profileId !== id) {
          await demoSaves.keepChanges();
          await connection.switchTo(id);
        }
        await profiles.rememberLastUsed(id);
      }),

    test: (input) => tester.test(input),

    chooseCaFile: async (input) => {
      const path = await profiles.pickCaFile(input);
      if (path === null) return serial(buildStatus);
      return change(() => profiles.changeCaFile(input.id, path));
    },
    clearCaFile: ({ id }) => change(() => profiles.changeCaFile(id, undefined)),

    backend: () =>
      serial(async () => {
        const active = connection.current();
        if (!active) throw new Error('no active backend: start() has not finished');
        return active.backend;
      }),

    openProfile: (profileId) => serial(() => openProfile(profileId)),

    resetDemo: () =>
      serial(async () => {
        const active = connection.current();
        if (!active?.demo) throw notOnDemo(profiles.nameOf(active?.profileId) ?? 'a remote connection');
        await active.demo.reset();
      }),

    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    saveStatus: () => demoSaves.saveStatus(),
    onSaveStatus: (listener) => demoSaves.onSaveStatus(listener),
    unsaved: demoSaves.unsaved,

    redact: (text) => redactor().text(text),
    redactValue: (value) => redactor().deep(value),
    valueRedactor: { deep: (value) => redactor().deep(value), mayHoldInJson: (json) => redactor().mayHoldInJson(json) },

    close: () =>
      serial(async () => {
        listeners.clear();
        demoSaves.close();
        tester.abortAll();
        await connection.close();
      }),
  };
}
