import { describe, expect, it } from 'vitest';
import {
  applyAllOriginFixes,
  checkOrigin,
  firstInvalidOrigin,
  isValidOrigin,
  originAllowed,
  originsDanger,
  reviewOrigins,
  splitPastedOrigins,
} from './origin';

// The cases real Unleash 6.10.1 and 8.2.0 answered (docs/server-behaviour.md#ui-config), plus the rules written there.
describe('front-end API origins', () => {
  it('accepts * and exact origins', () => {
    for (const ok of ['*', 'https://example.com', 'http://localhost:3000', 'https://a.example.com:8443']) expect(isValidOrigin(ok)).toBe(true);
  });

  it('refuses paths, trailing slashes, default ports, upper case, wildcard subdomains and non-URLs', () => {
    for (const bad of ['not a url', 'https://example.com/path', 'https://example.com/', 'https://a.com:443', 'https://Example.com', 'https://*.example.com', '1', '']) {
      expect(isValidOrigin(bad)).toBe(false);
    }
  });

  it('names the first invalid entry of a list', () => {
    expect(firstInvalidOrigin(['*', 'https://ok.example', 'https://bad.example/', 'nope'])).toBe('https://bad.example/');
    expect(firstInvalidOrigin([])).toBeUndefined();
  });
});

describe('checkOrigin: a reason and a fix per row', () => {
  const cases: [string, string[], string | undefined][] = [
    ['https://example.com/path', ['path'], 'https://example.com'],
    ['https://example.com/', ['path'], 'https://example.com'],
    ['https://example.com?x=1', ['path'], 'https://example.com'],
    ['https://Example.COM', ['upper-case'], 'https://example.com'],
    ['HTTPS://example.com', ['upper-case'], 'https://example.com'],
    ['https://example.com:443', ['default-port'], 'https://example.com'],
    ['http://example.com:80/app', ['path', 'default-port'], 'http://example.com'],
    ['https://user:pw@example.com', ['credentials'], 'https://example.com'],
    [' https://example.com ', ['padded'], 'https://example.com'],
    ['https://*.example.com', ['wildcard-subdomain'], undefined],
    ['example.com', ['not-a-url'], 'https://example.com'],
    ['not a url', ['spaces'], undefined],
    ['https://a.com https://b.com', ['spaces'], undefined],
    // a bare word names no host: adding https:// would invent one
    ['not', ['not-a-url'], undefined],
    ['url', ['not-a-url'], undefined],
    ['intranet:8080', ['not-a-url'], undefined],
    ['12345', ['not-a-url'], undefined],
    ['localhost:3000', ['not-a-url'], 'https://localhost:3000'],
    ['10.0.0.7', ['not-a-url'], 'https://10.0.0.7'],
    ['example.org/app', ['not-a-url'], 'https://example.org'],
    // the server stores these, but no browser sends them
    ['ftp://x.y', ['not-http'], undefined],
    ['wss://x.y', ['not-http'], undefined],
    ['file:///etc/passwd', ['no-origin'], undefined],
    ['', ['blank'], undefined],
  ];
  it.each(cases)('%j', (value, problems, fix) => {
    const check = checkOrigin(value);
    expect(check.valid).toBe(false);
    if (check.valid) return;
    expect(check.problems).toEqual(problems);
    expect(check.fix).toBe(fix);
    // a fix-it always yields what the server accepts
    if (fix !== undefined) expect(isValidOrigin(fix)).toBe(true);
  });

  it('accepts what the server accepts and a browser sends: * and http(s) origins', () => {
    expect(isValidOrigin('ftp://x.y')).toBe(true); // the server's own rule
    expect(checkOrigin('*')).toEqual({ valid: true });
    expect(checkOrigin('http://localhost:3000')).toEqual({ valid: true });
    expect(checkOrigin('https://a.com:8443')).toEqual({ valid: true });
  });
});

describe('reviewOrigins', () => {
  it('flags a duplicate (after trimming) against its first occurrence', () => {
    const rows = reviewOrigins(['https://a.com', 'https://b.com', 'https://a.com', ' https://b.com']);
    expect(rows.map((row) => row.duplicateOf)).toEqual([undefined, undefined, 0, 1]);
  });

  it('splits a paste at line breaks only, trimming each line and dropping blank ones', () => {
    expect(splitPastedOrigins('https://a.com\r\n  https://b.com, https://c.com \r\n\n\rnot a url')).toEqual([
      'https://a.com',
      'https://b.com, https://c.com',
      'not a url',
    ]);
  });

  it('turns a pasted sentence into one refused row, which Fix all leaves alone', () => {
    const rows = splitPastedOrigins('not a url');
    expect(rows).toEqual(['not a url']);
    expect(applyAllOriginFixes(rows)).toEqual(['not a url']);
    expect(applyAllOriginFixes(['not', 'a', 'url'])).toEqual(['not', 'a', 'url']);
  });

  it('fixes every fixable row and drops the duplicates a fix creates', () => {
    expect(applyAllOriginFixes(['https://a.com/', 'https://a.com', 'https://*.x.com', 'HTTPS://B.com:443'])).toEqual([
      'https://a.com',
      'https://*.x.com',
      'https://b.com',
    ]);
  });
});

describe('what a list means to the front-end API', () => {
  it('names the danger states', () => {
    expect(originsDanger([])).toBe('empty-means-any');
    expect(originsDanger(['*'])).toBe('any-origin');
    expect(originsDanger(['*', 'https://a.com'])).toBe('star-mixed');
    expect(originsDanger(['https://a.com'])).toBe('none');
  });

  it('allows an origin as resolveOrigin does: empty and * allow all, otherwise exact match', () => {
    expect(originAllowed([], 'https://evil.example')).toBe(true);
    expect(originAllowed(['*', 'https://a.com'], 'https://evil.example')).toBe(true);
    expect(originAllowed(['https://a.com'], 'https://a.com')).toBe(true);
    expect(originAllowed(['https://a.com'], 'https://A.com')).toBe(false);
    expect(originAllowed(['https://a.com'], 'https://b.com')).toBe(false);
  });
});
