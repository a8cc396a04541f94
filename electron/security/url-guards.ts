import { APP_ORIGIN, originOf } from '../ipc/sender';

/**
 * Pure URL decisions for the window's navigation locks (checklist #13-#15): nothing but the app's own pages may be
 * shown in the window, and only plain http(s) links are handed to the OS browser.
 */

/** True for a URL on the app's own origin (app://flagdesk/...), without credentials. */
export function isAppUrl(value: string, appOrigin: string = APP_ORIGIN): boolean {
  return originOf(value) === appOrigin;
}

/**
 * The URL to hand to shell.openExternal, or undefined when it must not be opened: only http: and https:, no
 * credentials (a phishing trick), and never anything else (file:, javascript:, custom schemes run programs).
 */
export function externalUrlToOpen(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  return url.href;
}

/** Whether a navigation (will-navigate, will-redirect, will-frame-navigate) may proceed: app pages only. */
export function isNavigationAllowed(value: string, appOrigin: string = APP_ORIGIN): boolean {
  return isAppUrl(value, appOrigin);
}

/**
 * Requests the app's session may make: its own pages and inline data only. The renderer talks to servers through
 * IPC, never directly, so any http(s)/ws(s) request from it is refused (a second wall behind CSP connect-src).
 */
export function isSessionRequestAllowed(value: string): boolean {
  const scheme = value.slice(0, value.indexOf(':') + 1).toLowerCase();
  return scheme === 'app:' || scheme === 'data:' || scheme === 'devtools:' || scheme === 'blob:';
}
