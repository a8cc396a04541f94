import type { PushEvent, PushPayload } from '../shared/contract';
import type { BackendFactories } from './connections/backend-factories';
import { createConnectionManager, type ConnectionManager } from './connections/connection-manager';
import { defaultFactories } from './connections/default-factories';
import { createTokenVault, type TokenCipher } from './connections/token-vault';
import { createEventFeatures } from './events/event-features';
import { createDispatch, type Dispatch } from './ipc/dispatch';
import { createDependencyLedger } from './archive/dependency-ledger';
import { createHandlers } from './ipc/handlers';
import { guardReadOnly } from './ipc/read-only-guard';
import { APP_ORIGIN, createSenderPolicy, type SenderPolicy } from './ipc/sender';
import type { ShellPort } from './shell/shell-port';

/**
 * The main process without Electron: connection manager + handlers + dispatch. main.ts wires Electron to it; the
 * e2e harness hosts it in the Playwright process and bridges `dispatch` into Chromium as window.flagdesk.
 *
 * Usage (headless):
 *   const core = await createMainCore({ userDataDir: tmp, cipher: fakeCipher, appOrigins: ['http://127.0.0.1:5173'] });
 *   core.senders.trust(1);
 *   const result = await core.dispatch('segments.list', {}, { webContentsId: 1, frameUrl: page.url(), isMainFrame: true });
 *   const stop = core.onPush((event, payload) => ...); // e.g. 'connections.changed' with a ConnectionStatus
 *   await core.close();
 */
export interface MainCoreOptions {
  /** The app's data folder: profiles.json, tokens/, demo/ live here. */
  userDataDir: string;
  /** Electron's safeStorage in the app; a fake in tests (report 'basic_text' as unavailable). */
  cipher: TokenCipher;
  /** Origins whose main frame may call IPC. Default ['app://flagdesk']; the e2e harness adds its server's origin. */
  appOrigins?: readonly string[];
  /** Backend factories; default: the real demo store and remote client, loaded on first use. */
  factories?: Partial<BackendFactories>;
  /** Told about unexpected errors (already scrubbed of tokens) for a log. */
  log?: (message: string) => void;
  /**
   * Dialogs and notifications (main.ts: Electron's; tests: a fake). Without it, choosing a file is refused (an
   * export is cancelled) and notifications are dropped.
   */
  shell?: ShellPort;
}

export interface MainCore {
  /** (channel, rawInput, sender) -> IpcResult; never throws. */
  dispatch: Dispatch;
  /** Which webContents may call: trust the app window's id once it exists. */
  senders: SenderPolicy;
  connections: ConnectionManager;
  /** Push events for the renderer (send them to the trusted window only). Returns an unsubscribe function. */
  onPush(listener: PushListener): () => void;
  /** Closes the active backend (flushing the demo's snapshot). */
  close(): Promise<void>;
}

/** Without a window there is nowhere to show a dialog: a save is cancelled, a notification dropped. */
const HEADLESS_SHELL: ShellPort = {
  chooseSaveFile: async () => null,
  chooseOpenFile: async () => null,
  notify: () => undefined,
};

export type PushListener = <E extends PushEvent>(event: E, payload: PushPayload<E>) => void;

export async function createMainCore(options: MainCoreOptions): Promise<MainCore> {
  const vault = createTokenVault(`${options.userDataDir}/tokens`, options.cipher);
  const connections = createConnectionManager({
    userDataDir: options.userDataDir,
    vault,
    factories: { ...defaultFactories, ...options.factories },
    ...(options.shell ? { shell: options.shell } : {}),
  });
  const pushListeners = new Set<PushListener>();
  const push = <E extends PushEvent>(event: E, payload: PushPayload<E>) => {
    for (const listener of pushListeners) listener(event, payload);
  };
  const events = createEventFeatures({
    connections,
    shell: options.shell ?? HEADLESS_SHELL,
    userDataDir: options.userDataDir,
    redact: connections.valueRedactor,
    onNotice: (notice) => connections.addNotice(notice),
    push: {
      exportProgress: (progress) => push('events.exportProgress', progress),
      arrived: (update) => push('events.arrived', update),
      indexChanged: (status) => push('eventIndex.changed', status),
    },
  });
  const senders = createSenderPolicy({ appOrigins: options.appOrigins ?? [APP_ORIGIN] });
  const dispatch = createDispatch({
    handlers: guardReadOnly(
      createHandlers(connections, events, {
        ledger: createDependencyLedger(options.userDataDir, (notice) => connections.addNotice(notice)),
        shell: options.shell ?? HEADLESS_SHELL,
      }, (progress) => push('compare.progress', progress)),
      () => connections.activeProtection(),
    ),
    senders,
    redact: (text) => connections.redact(text),
    redactValue: (value) => connections.redactValue(value),
    onUnexpectedError: (channel, error) => {
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      options.log?.(connections.redact(`IPC ${channel} failed: ${text}`));
    },
  });
  connections.onChange((status) => push('connections.changed', status));
  connections.onSaveStatus((status) => push('demo.saveStatus', status));
  await connections.start();
  return {
    dispatch,
    senders,
    connections,
    onPush(listener) {
      pushListeners.add(listener);
      return () => {
        pushListeners.delete(listener);
      };
    },
    close: async () => {
      await events.close();
      await connections.close();
    },
  };
}
