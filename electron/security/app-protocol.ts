import { isAbsolute, relative, resolve, sep } from 'node:path';
import { APP_ORIGIN } from '../ipc/sender';

/** The custom scheme the app's pages are served from (registered privileged + standard in main.ts). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'flagdesk';
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

export type AssetResolution = { ok: true; filePath: string } | { ok: false; status: 400 | 403 | 404 | 405 };

/**
 * Maps an app:// request to a file inside the renderer build folder, or refuses it: GET only, host 'flagdesk'
 * only, and the resolved path must stay inside `root` (a path-traversal guard, including encoded `..`, `\` and NUL).
 * `/` and unknown extension-less routes are the SPA's index.html.
 */
export function resolveAppAsset(root: string, requestUrl: string, method = 'GET'): AssetResolution {
  if (method !== 'GET' && method !== 'HEAD') return { ok: false, status: 405 };
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { ok: false, status: 400 };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username || url.password) {
    return { ok: false, status: 403 };
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { ok: false, status: 400 };
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return { ok: false, status: 400 };
  const lastSegment = pathname.split('/').pop() ?? '';
  const relativePath = pathname === '/' || !lastSegment.includes('.') ? 'index.html' : pathname.replace(/^\/+/, '');
  const base = resolve(root);
  const filePath = resolve(base, relativePath);
  const inside = relative(base, filePath);
  if (!inside || inside.startsWith('..') || inside.split(sep).includes('..') || isAbsolute(inside)) {
    return { ok: false, status: 403 };
  }
  return { ok: true, filePath };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export function contentTypeOf(filePath: string): string {
  const dot = filePath.lastIndexOf('.');
  return (dot >= 0 && CONTENT_TYPES[filePath.slice(dot).toLowerCase()]) || 'application/octet-stream';
}
