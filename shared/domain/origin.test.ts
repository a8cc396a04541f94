import { describe, expect, it } from 'vitest';
import {
  ORIGIN_PROBLEM_TEXT,
  ORIGINS_DANGER_TEXT,
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
    ['h2p://x.y', ['no-origin'], undefined],
    ['', ['blank'], undefined],
    // each default port, written out, with leading zeros or as a bare colon; the other scheme's default is a real port
    ['http://example.com:80', ['default-port'], 'http://example.com'],
    ['https://example.com:0443', ['default-port'], 'https://example.com'],
    ['https://example.com:00443', ['default-port'], 'https://example.com'],
    ['https://example.com:', ['default-port'], 'https://example.com'],
    ['https://example.com:80/', ['path'], 'https://example.com:80'],
    ['http://example.com:443/', ['path'], 'http://example.com:443'],
    ['https://example.com:4043/', ['path'], 'https://example.com:4043'],
    ['https://[::1]:443', ['default-port'], 'https://[::1]'],
    ['https://[::1]/', ['path'], 'https://[::1]'],
    // credentials are refused whether a user, a password or only the @ is written
    ['https://user@example.com', ['credentials'], 'https://example.com'],
    ['https://:pw@example.com', ['credentials'], 'https://example.com'],
    ['https://@example.com', ['credentials'], 'https://example.com'],
    ['https:///user@example.com', ['path', 'credentials'], 'https://example.com'],
    ['https:///:pw@example.com', ['path', 'credentials'], 'https://example.com'],
    ['https://User@example.com', ['credentials'], 'https://example.com'],
    ['https://user@Example.com', ['credentials', 'upper-case'], 'https://example.com'],
    // what a browser sends in another form
    ['http://0x7f000001', ['not-canonical'], 'http://127.0.0.1'],
    ['https://bücher.example', ['not-canonical'], 'https://xn--bcher-kva.example'],
    // a URL the server cannot parse, or text that only contains one
    ['https://example.com:99999', ['not-a-url'], undefined],
    ['foo:https://example.com', ['not-a-url'], undefined],
    ['http:/example.com', ['not-a-url'], undefined],
    ['example.com?q=1', ['not-a-url'], undefined],
    // scheme-less hosts: https:// completes a name, never a number URL would read as an IPv4 address
    ['192.168.10.20', ['not-a-url'], 'https://192.168.10.20'],
    ['LocalHost', ['not-a-url'], 'https://localhost'],
    ['intranet.a1', ['not-a-url'], 'https://intranet.a1'],
    ['example.1a', ['not-a-url'], 'https://example.1a'],
    ['1.12', ['not-a-url'], undefined],
    ['1.2.3.999', ['not-a-url'], undefined],
    ['example.com:99999', ['not-a-url'], undefined],
    ['example..com', ['not-a-url'], undefined],
  ];
  it('gives each row its problems and fix', () => {
    for (const [value, problems, fix] of cases) {
      const check = checkOrigin(value);
      expect(check.valid, value).toBe(false);
      if (check.valid) continue;
      expect(check.problems, value).toEqual(problems);
      expect(check.fix, value).toBe(fix);
      // a fix-it always yields what the server accepts
      if (fix !== undefined) expect(isValidOrigin(fix), value).toBe(true);
    }
  });

  it('tells the admin why, in a sentence per problem', () => {
    expect(ORIGIN_PROBLEM_TEXT).toEqual({
      blank: 'Empty line: the server refuses an empty origin.',
      padded: 'Spaces around the origin: the server compares it exactly.',
      spaces: 'Spaces inside: this line holds more than one word, and an origin has none. Put one origin per line.',
      'not-http':
        'Browsers call the front-end API only from http and https pages: the server stores this origin, but no request ever carries it.',
      'wildcard-subdomain': 'Wildcards are not supported: only a lone * (every origin) or one exact origin per line.',
      'not-a-url': 'Not a URL: an origin needs a scheme and a host, like https://app.example.com.',
      'no-origin': 'This scheme has no web origin (browsers send "null" for it), so it can never match.',
      path: 'An origin has no path, query or trailing slash: browsers send only scheme, host and port.',
      credentials: 'An origin has no user name or password.',
      'default-port': 'The default port is never part of an origin (443 for https, 80 for http).',
      'upper-case': 'Browsers send the scheme and host in lower case.',
      'not-canonical': 'Browsers send this host in another form (for example punycode or a normalised IP address).',
    });
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

  it('names every later copy against the first row, never the previous copy', () => {
    const rows = reviewOrigins(['https://a.com', 'https://a.com', ' https://a.com ']);
    expect(rows.map((row) => row.duplicateOf)).toEqual([undefined, 0, 0]);
  });

  it('leaves an original row without any duplicate mark', () => {
    const [row] = reviewOrigins(['https://a.com']);
    expect(row).toStrictEqual({ value: 'https://a.com', check: { valid: true } });
  });

  it('never calls blank rows duplicates of one another: each is refused as blank', () => {
    const rows = reviewOrigins(['', '  ', 'https://a.com', '']);
    expect(rows.map((row) => 'duplicateOf' in row)).toEqual([false, false, false, false]);
    expect(rows[1]?.check).toEqual({ valid: false, problems: ['blank'] });
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

  it('warns about each danger in a sentence', () => {
    expect(ORIGINS_DANGER_TEXT).toEqual({
      'any-origin': 'Any web site can call the front-end API with a front-end token: * allows every origin.',
      'star-mixed':
        'The * allows every origin, so the other origins in the list do nothing. Remove * to allow only the listed origins.',
      'empty-means-any':
        'An empty list does not lock the front-end API: the server then allows every origin, exactly as with *.',
    });
  });

  it('allows an origin as resolveOrigin does: empty and * allow all, otherwise exact match', () => {
    expect(originAllowed([], 'https://evil.example')).toBe(true);
    expect(originAllowed(['*', 'https://a.com'], 'https://evil.example')).toBe(true);
    expect(originAllowed(['https://a.com'], 'https://a.com')).toBe(true);
    expect(originAllowed(['https://a.com'], 'https://A.com')).toBe(false);
    expect(originAllowed(['https://a.com'], 'https://b.com')).toBe(false);
  });
});
