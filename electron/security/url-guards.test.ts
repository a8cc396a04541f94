import { describe, expect, it } from 'vitest';
import { externalUrlToOpen, isAppUrl, isNavigationAllowed, isSessionRequestAllowed } from './url-guards';

describe('external links', () => {
  it.each(['https://docs.getunleash.io/reference/segments', 'http://localhost:4242/'])('opens %s in the browser', (url) => {
    expect(externalUrlToOpen(url)).toBe(new URL(url).href);
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://server/share',
    'app://flagdesk/index.html',
    'ms-settings:',
    'https://user:pass@evil.example/',
    'not a url',
    `https://example.com/${'a'.repeat(3000)}`,
    42,
    undefined,
  ])('never opens %s', (url) => {
    expect(externalUrlToOpen(url)).toBeUndefined();
  });
});

describe('navigation', () => {
  it('allows the app pages only', () => {
    expect(isNavigationAllowed('app://flagdesk/index.html')).toBe(true);
    expect(isAppUrl('app://flagdesk/')).toBe(true);
    for (const url of ['https://flagdesk/', 'app://other/', 'file:///index.html', 'about:blank', 'app://x@flagdesk/']) {
      expect(isNavigationAllowed(url)).toBe(false);
    }
  });

  it('lets the session load app pages and data URLs but no network', () => {
    expect(isSessionRequestAllowed('app://flagdesk/assets/index.js')).toBe(true);
    expect(isSessionRequestAllowed('data:image/png;base64,AAAA')).toBe(true);
    for (const url of ['https://evil.example/x.js', 'http://127.0.0.1:4242/api', 'wss://x/', 'file:///etc/hosts']) {
      expect(isSessionRequestAllowed(url)).toBe(false);
    }
  });
});
