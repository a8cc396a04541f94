import { describe, expect, it } from 'vitest';
import { firstInvalidOrigin, isValidOrigin } from './origin';

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
