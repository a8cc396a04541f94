import { describe, expect, it } from 'vitest';
import { createSenderPolicy, originOf } from './sender';

describe('sender policy', () => {
  it('trusts a window only while it is trusted', () => {
    const policy = createSenderPolicy();
    const sender = { webContentsId: 1, frameUrl: 'app://flagdesk/index.html#/segments', isMainFrame: true };
    expect(policy.isTrusted(sender)).toBe(false);
    const untrust = policy.trust(1);
    expect(policy.isTrusted(sender)).toBe(true);
    expect(policy.trustedIds()).toEqual([1]);
    untrust();
    expect(policy.isTrusted(sender)).toBe(false);
  });

  it('accepts other app origins only when configured, as for the e2e harness that serves over http', () => {
    const sender = { webContentsId: 1, frameUrl: 'http://127.0.0.1:5173/index.html', isMainFrame: true };
    const strict = createSenderPolicy();
    strict.trust(1);
    expect(strict.isTrusted(sender)).toBe(false);
    const harness = createSenderPolicy({ appOrigins: ['http://127.0.0.1:5173'] });
    harness.trust(1);
    expect(harness.isTrusted(sender)).toBe(true);
    expect(harness.isTrusted({ ...sender, frameUrl: 'http://127.0.0.1:5174/' })).toBe(false);
  });

  it('reads origins of custom schemes, for which Node gives null', () => {
    expect(originOf('app://flagdesk/a/b?c')).toBe('app://flagdesk');
    expect(originOf('not a url')).toBeUndefined();
    expect(originOf('app://u:p@flagdesk/')).toBeUndefined();
  });

  it('refuses, without throwing, whatever is not a sender from a trusted main frame on the app origin', () => {
    const policy = createSenderPolicy();
    policy.trust(1);
    const good = { webContentsId: 1, frameUrl: 'app://flagdesk/index.html', isMainFrame: true };
    expect(policy.isTrusted(good)).toBe(true);
    const refused: Array<[string, unknown]> = [
      ['no sender', undefined],
      ['null', null],
      ['a number', 1],
      ['a subframe', { ...good, isMainFrame: false }],
      ['a main frame said as "true"', { ...good, isMainFrame: 'true' }],
      ['a URL that is an object, not text', { ...good, frameUrl: { toString: () => good.frameUrl } }],
      ['another origin', { ...good, frameUrl: 'https://evil.example/index.html' }],
      ['no URL at all', { ...good, frameUrl: 'not a url' }],
      ['an untrusted window', { ...good, webContentsId: 2 }],
      ['a window id that is not an integer', { ...good, webContentsId: 1.5 }],
    ];
    for (const [label, sender] of refused) {
      expect(() => policy.isTrusted(sender as never), label).not.toThrow();
      expect(policy.isTrusted(sender as never), label).toBe(false);
    }
  });

  it('never counts a URL with a user name or a password alone as the app origin', () => {
    expect(originOf('app://u@flagdesk/')).toBeUndefined();
    expect(originOf('app://:p@flagdesk/')).toBeUndefined();
    expect(originOf('app:///index.html')).toBeUndefined();
  });
});
