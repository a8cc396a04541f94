import { readFile } from 'node:fs/promises';
import { BrowserWindow, protocol, session, shell, type WebContents } from 'electron';
import { APP_SCHEME, contentTypeOf, resolveAppAsset } from './security/app-protocol';
import { securityHeaders } from './security/csp';
import { externalUrlToOpen, isNavigationAllowed, isSessionRequestAllowed } from './security/url-guards';

/**
 * Must run before app 'ready': app:// behaves like https (origin, storage, fetch) and is secure. Its scripts keep
 * V8's code cache, as https pages do: a screen opened again, or in a later session, is not compiled again (a cold
 * screen's first render is mostly compiling its code).
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Serves dist/renderer on app://flagdesk/ (GET only, traversal-guarded), with the CSP as a header too. */
export function serveAppProtocol(rendererRoot: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const asset = resolveAppAsset(rendererRoot, request.url, request.method);
    if (!asset.ok) return new Response(null, { status: asset.status });
    try {
      const body = await readFile(asset.filePath);
      return new Response(body, { status: 200, headers: securityHeaders(contentTypeOf(asset.filePath)) });
    } catch {
      return new Response(null, { status: 404 });
    }
  });
}

/** Permissions (camera, notifications, ...) are never granted; requests leave the app only through main. */
export function lockDownSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !isSessionRequestAllowed(details.url) }));
}

/** Opens an http(s) link in the OS browser; anything else is dropped. */
function openExternally(url: string): void {
  const safe = externalUrlToOpen(url);
  // Reviewed for the scan: `safe` passed externalUrlToOpen (http/https only, no credentials, parsed by URL).
  if (safe) void shell.openExternal(safe); // eng-disable OPEN_EXTERNAL_JS_CHECK
}

/** Applied to every webContents the app creates (app 'web-contents-created'): navigation and popups locked. */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isNavigationAllowed(url)) {
      event.preventDefault();
      openExternally(url);
    }
  });
  contents.on('will-frame-navigate', (event) => {
    if (!isNavigationAllowed(event.url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isNavigationAllowed(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
}

/** The one app window. webPreferences are written literally: electronegativity reads them from the AST. */
export function createMainWindow(preloadPath: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Flagdesk',
    webPreferences: {
      // Reviewed: the preload exposes only window.flagdesk { invoke, on } for contract channels (preload.ts).
      preload: preloadPath, // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Middle-click would open links in new windows; those are denied anyway, this closes the door earlier.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window.once('ready-to-show', () => window.show());
  return window;
}
