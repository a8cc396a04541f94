import { join } from 'node:path';
import { app, dialog, Notification, safeStorage, type BrowserWindow } from 'electron';
import { createMainCore, type MainCore } from './core';
import type { TokenCipher } from './connections/token-vault';
import { QUIT_CHOICES, settleUnsavedBeforeQuit, type QuitChoice, type QuitDecision } from './shell/quit-guard';
import type { ShellPort } from './shell/shell-port';
import { registerIpc, sendPush } from './ipc/register';
import { APP_INDEX_URL } from './security/app-protocol';
import { createMainWindow, hardenWebContents, lockDownSession, registerAppScheme, serveAppProtocol } from './window';

/** App lifecycle only: the logic lives in core.ts (no Electron), the window in window.ts. */

app.enableSandbox();
registerAppScheme();
app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));

/** safeStorage, with Linux's 'basic_text' (a hard-coded password) reported as no encryption at all. */
const cipher: TokenCipher = {
  isEncryptionAvailable: () =>
    safeStorage.isEncryptionAvailable() &&
    (process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text'),
  encryptString: (plain) => safeStorage.encryptString(plain),
  decryptString: (encrypted) => safeStorage.decryptString(encrypted),
};

/** Dialogs and notifications for the core (the page never names a path: main asks the user). */
const shell: ShellPort = {
  async chooseSaveFile({ title, defaultName, filters }) {
    const options = { title, defaultPath: join(app.getPath('documents'), defaultName), filters };
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  },
  async chooseOpenFile({ title, filters }) {
    const options = { title, filters, properties: ['openFile' as const] };
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  },
  notify(title, body) {
    if (Notification.isSupported()) new Notification({ title, body }).show();
  },
};

/** The quit question when demo changes could not be saved (the logic is quit-guard.ts). */
async function askAboutUnsaved(message: string): Promise<QuitChoice> {
  const options = {
    type: 'warning' as const,
    title: 'Unsaved demo changes',
    message: 'Flagdesk could not save all changes to the demo data.',
    detail: message,
    buttons: QUIT_CHOICES.map((c) => c.label),
    defaultId: 0,
    cancelId: QUIT_CHOICES.findIndex((c) => c.choice === 'cancel'),
    noLink: true,
  };
  const { response } = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
  return QUIT_CHOICES[response]?.choice ?? 'cancel';
}

let core: MainCore | undefined;
let window: BrowserWindow | undefined;

function openWindow(current: MainCore): void {
  const win = createMainWindow(join(__dirname, 'preload.cjs'));
  const untrust = current.senders.trust(win.webContents.id);
  const stopPush = current.onPush((event, payload) => sendPush(win.webContents, event, payload));
  win.on('closed', () => {
    untrust();
    stopPush();
    window = undefined;
  });
  window = win;
  void win.loadURL(APP_INDEX_URL);
}

async function start(): Promise<void> {
  lockDownSession();
  serveAppProtocol(join(__dirname, '..', 'renderer'));
  const current = await createMainCore({
    userDataDir: app.getPath('userData'),
    cipher,
    log: (message) => console.error(message),
    shell,
  });
  core = current;
  registerIpc(current.dispatch);
  openWindow(current);
  app.on('activate', () => {
    if (!window) openWindow(current);
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => window?.focus());
  void app.whenReady().then(start).catch((error: unknown) => {
    // start() falls back to the demo when a remote profile fails, so this is a demo or disk error: no token in it.
    dialog.showErrorBox('Flagdesk could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let closing = false;
  app.on('before-quit', (event) => {
    // Flush the demo snapshot before exiting; when that fails, the user decides (quit-guard.ts).
    if (closing || !core) return;
    closing = true;
    event.preventDefault();
    const current = core;
    void settleUnsavedBeforeQuit(current.connections.unsaved, { ask: askAboutUnsaved, chooseSaveFile: shell.chooseSaveFile })
      .catch((): QuitDecision => 'quit')
      .then((decision) => {
        if (decision === 'stay') {
          closing = false;
          return;
        }
        void current.close().finally(() => app.quit());
      });
  });
}
