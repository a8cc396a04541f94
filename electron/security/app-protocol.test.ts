import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentTypeOf, resolveAppAsset } from './app-protocol';
import { CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY, securityHeaders } from './csp';

const ROOT = resolve('/opt/flagdesk/dist/renderer');

describe('app:// asset resolution', () => {
  it('serves files inside the renderer build', () => {
    expect(resolveAppAsset(ROOT, 'app://flagdesk/assets/index-abc.js')).toEqual({ ok: true, filePath: join(ROOT, 'assets/index-abc.js') });
  });

  it('serves index.html for / and SPA routes', () => {
    for (const url of ['app://flagdesk/', 'app://flagdesk/segments', 'app://flagdesk/index.html?x=1#/events']) {
      expect(resolveAppAsset(ROOT, url)).toEqual({ ok: true, filePath: join(ROOT, 'index.html') });
    }
  });

  it.each([
    'app://flagdesk/%2e%2e/%2e%2e/etc/passwd.txt',
    'app://flagdesk/..%2F..%2Fmain.cjs',
    'app://flagdesk/assets/..%2f..%2f..%2fsecret.json',
    'app://flagdesk/%2e%2e%5c%2e%2e%5cwin.ini',
    'app://flagdesk/a%00.js',
    'app://flagdesk/assets/%2E%2E%2F%2E%2E%2F%2E%2E%2Fmain.cjs',
  ])('never leaves the renderer folder for %s', (url) => {
    // The URL parser already folds some dot segments; whatever survives must be refused or stay inside ROOT.
    const result = resolveAppAsset(ROOT, url);
    if (result.ok) expect(result.filePath.startsWith(`${ROOT}/`)).toBe(true);
  });

  it('refuses encoded parent segments the URL parser leaves in place', () => {
    expect(resolveAppAsset(ROOT, 'app://flagdesk/..%2F..%2Fmain.cjs')).toEqual({ ok: false, status: 403 });
    expect(resolveAppAsset(ROOT, 'app://flagdesk/a%00.js')).toEqual({ ok: false, status: 400 });
    expect(resolveAppAsset(ROOT, 'app://flagdesk/..%5C..%5Cwin.ini')).toEqual({ ok: false, status: 400 });
  });

  it('refuses other hosts, schemes and methods', () => {
    expect(resolveAppAsset(ROOT, 'app://evil/index.html')).toEqual({ ok: false, status: 403 });
    expect(resolveAppAsset(ROOT, 'https://flagdesk/index.html')).toEqual({ ok: false, status: 403 });
    expect(resolveAppAsset(ROOT, 'app://flagdesk/index.html', 'POST')).toEqual({ ok: false, status: 405 });
    expect(resolveAppAsset(ROOT, 'app://flagdesk/%E0%A4%A.js')).toEqual({ ok: false, status: 400 });
  });

  it('names content types', () => {
    expect(contentTypeOf('/a/b.js')).toMatch(/javascript/);
    expect(contentTypeOf('/a/b.CSS')).toMatch(/css/);
    expect(contentTypeOf('/a/b')).toBe('application/octet-stream');
  });
});

describe('CSP header', () => {
  it('is sent with every page: the policy of renderer/index.html plus the header-only frame-ancestors', () => {
    expect(securityHeaders('text/html')['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    const html = readFileSync(resolve(__dirname, '../../renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(META_CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toBe(`${meta}; frame-ancestors 'none'`);
  });
});
