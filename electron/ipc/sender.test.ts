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

  it('accepts other app origins only when configured (the e2e harness serves over http)', () => {
    const sender = { webContentsId: 1, frameUrl: 'http://127.0.0.1:5173/index.html', isMainFrame: true };
    const strict = createSenderPolicy();
    strict.trust(1);
    expect(strict.isTrusted(sender)).toBe(false);
    const harness = createSenderPolicy({ appOrigins: ['http://127.0.0.1:5173'] });
    harness.trust(1);
    expect(harness.isTrusted(sender)).toBe(true);
    expect(harness.isTrusted({ ...sender, frameUrl: 'http://127.0.0.1:5174/' })).toBe(false);
  });

  it('reads origins of custom schemes (Node gives "null" for them)', () => {
    expect(originOf('app://flagdesk/a/b?c')).toBe('app://flagdesk');
    expect(originOf('not a url')).toBeUndefined();
    expect(originOf('app://u:p@flagdesk/')).toBeUndefined();
  });
});
