import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

/** main.ts against a fake Electron: sandbox forced before ready, the window trusted for IPC, pushes delivered. */
const electron = vi.hoisted(() => {
  const order: string[] = [];
  let ready: () => void = () => undefined;
  const handlers = new Map<string, (event: unknown, input: unknown) => Promise<unknown>>();
  const mainFrame = { url: 'app://flagdesk/index.html' };
  const webContents = { id: 11, mainFrame, on: vi.fn(), setWindowOpenHandler: vi.fn(), send: vi.fn(), isDestroyed: () => false };
  class BrowserWindow {
    webContents = webContents;
    constructor() {
      order.push('window');
    }
    once() {}
    on() {}
    loadURL = vi.fn(async (url: string) => void order.push(`load ${url}`));
  }
  return {
    order,
    handlers,
    webContents,
    fireReady: () => ready(),
    BrowserWindow,
    app: {
      enableSandbox: () => order.push('enableSandbox'),
      on: vi.fn(),
      whenReady: () => new Promise<void>((resolve) => (ready = resolve)),
      requestSingleInstanceLock: () => true,
      getPath: () => mkdtempSync(join(tmpdir(), 'flagdesk-main-')),
      getVersion: () => '1.2.3',
      quit: vi.fn(),
    },
    safeStorage: {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'basic_text',
      encryptString: (s: string) => Buffer.from(s),
      decryptString: (b: Buffer) => b.toString(),
    },
    protocol: { registerSchemesAsPrivileged: () => order.push('registerScheme'), handle: vi.fn() },
    session: {
      defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn(), webRequest: { onBeforeRequest: vi.fn() } },
    },
    shell: { openExternal: vi.fn() },
    dialog: { showErrorBox: vi.fn() },
    ipcMain: { handle: (channel: string, h: (e: unknown, i: unknown) => Promise<unknown>) => handlers.set(channel, h), removeHandler: vi.fn() },
  };
});
vi.mock('electron', () => electron);

describe('main', () => {
  it('boots: sandbox and scheme before ready, then a trusted window on app://, IPC answering', async () => {
    await import('./main');
    expect(electron.order).toEqual(['enableSandbox', 'registerScheme']);
    electron.fireReady();
    await vi.waitFor(() => expect(electron.order).toContain('load app://flagdesk/index.html'), { timeout: 10_000 });

    const event = { sender: electron.webContents, senderFrame: electron.webContents.mainFrame };
    // Linux 'basic_text' counts as no encryption: tokens would stay in memory, and the status says so.
    const status = (await electron.handlers.get('connections.status')?.(event, {})) as { data: { encryptionAvailable: boolean } };
    expect(status.data.encryptionAvailable).toBe(false);

    await electron.handlers.get('connections.save')?.(event, { name: 'S', baseUrl: 'https://u.example', token: 'tok-123456' });
    expect(electron.webContents.send).toHaveBeenCalledWith('flagdesk:push', 'connections.changed', expect.objectContaining({ activeProfileId: 'demo' }));
    expect(JSON.stringify(electron.webContents.send.mock.calls)).not.toContain('tok-123456');
  }, 20_000);
});
