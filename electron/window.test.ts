import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The Electron adapter with a hand-made electron mock: literal webPreferences, navigation and popups locked. */
const electron = vi.hoisted(() => {
  const created: { options: Record<string, unknown> }[] = [];
  class BrowserWindow {
    options: Record<string, unknown>;
    constructor(options: Record<string, unknown>) {
      this.options = options;
      created.push(this);
    }
    once() {}
  }
  return {
    created,
    BrowserWindow,
    shell: { openExternal: vi.fn(async () => undefined) },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn(),
        setPermissionCheckHandler: vi.fn(),
        webRequest: { onBeforeRequest: vi.fn() },
      },
    },
  };
});
vi.mock('electron', () => electron);

const { createMainWindow, hardenWebContents, lockDownSession, registerAppScheme, serveAppProtocol } = await import('./window');

function fakeContents() {
  const listeners = new Map<string, (...args: unknown[]) => void>();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  const contents = {
    on: (name: string, listener: (...args: unknown[]) => void) => listeners.set(name, listener),
    setWindowOpenHandler: (handler: typeof openHandler) => {
      openHandler = handler;
    },
  };
  hardenWebContents(contents as never);
  const fire = (name: string, ...args: unknown[]) => {
    const event = { preventDefault: vi.fn(), url: args[0] };
    listeners.get(name)?.(event, ...args);
    return event.preventDefault;
  };
  return { fire, open: (url: string) => openHandler?.({ url }) };
}

beforeEach(() => {
  electron.shell.openExternal.mockClear();
});

describe('window', () => {
  it('registers app:// as a secure standard scheme whose scripts keep their compiled code between sessions', () => {
    registerAppScheme();
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    ]);
  });

  it('creates the window with the secure webPreferences', () => {
    createMainWindow('/app/preload.cjs');
    const prefs = electron.created.at(-1)?.options.webPreferences;
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
  });

  it('prevents navigation away from the app and hands http(s) links to the browser', () => {
    const { fire } = fakeContents();
    expect(fire('will-navigate', 'https://docs.getunleash.io/')).toHaveBeenCalled();
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://docs.getunleash.io/');
    expect(fire('will-navigate', 'file:///etc/passwd')).toHaveBeenCalled();
    expect(electron.shell.openExternal).toHaveBeenCalledTimes(1);
    expect(fire('will-navigate', 'app://flagdesk/index.html')).not.toHaveBeenCalled();
  });

  it('prevents redirects, frame navigations and webviews', () => {
    const { fire } = fakeContents();
    expect(fire('will-redirect', 'https://evil.example/')).toHaveBeenCalled();
    expect(fire('will-frame-navigate', 'https://evil.example/')).toHaveBeenCalled();
    expect(fire('will-attach-webview')).toHaveBeenCalled();
  });

  it('denies every new window, opening only http(s) links externally', () => {
    const { open } = fakeContents();
    expect(open('https://example.com/')).toEqual({ action: 'deny' });
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal.mock.calls).toEqual([['https://example.com/']]);
  });

  it('denies all permission requests and checks, and off-app requests', () => {
    lockDownSession();
    const ses = electron.session.defaultSession;
    const request = ses.setPermissionRequestHandler.mock.calls[0]?.[0] as (a: unknown, b: string, cb: (v: boolean) => void) => void;
    const callback = vi.fn();
    request({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    const check = ses.setPermissionCheckHandler.mock.calls[0]?.[0] as () => boolean;
    expect(check()).toBe(false);
    const filter = ses.webRequest.onBeforeRequest.mock.calls[0]?.[0] as (d: { url: string }, cb: (r: unknown) => void) => void;
    const decide = vi.fn();
    filter({ url: 'https://tracker.example/x.js' }, decide);
    filter({ url: 'app://flagdesk/assets/a.js' }, decide);
    expect(decide.mock.calls).toEqual([[{ cancel: true }], [{ cancel: false }]]);
  });

  it('serves app:// with the CSP header, and refuses traversal and missing files', async () => {
    const root = await mkdtemp(join(tmpdir(), 'flagdesk-renderer-'));
    await writeFile(join(root, 'index.html'), '<!doctype html><title>Flagdesk</title>');
    serveAppProtocol(root);
    const handler = electron.protocol.handle.mock.calls[0]?.[1] as (r: { url: string; method: string }) => Promise<Response>;
    const page = await handler({ url: 'app://flagdesk/segments', method: 'GET' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('<title>Flagdesk</title>');
    expect((await handler({ url: 'app://flagdesk/..%2F..%2Fetc%2Fpasswd.txt', method: 'GET' })).status).toBe(403);
    expect((await handler({ url: 'app://flagdesk/missing.js', method: 'GET' })).status).toBe(404);
    await rm(root, { recursive: true, force: true });
  });
});
