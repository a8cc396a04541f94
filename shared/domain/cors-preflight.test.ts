import { describe, expect, it } from 'vitest';
import { readPreflight, unleashPreflightHeaders } from './cors-preflight';

const ask = { origin: 'https://app.example.com', method: 'GET', requestHeaders: 'authorization,content-type' };
const answer = (origins: string[], origin = ask.origin) =>
  readPreflight('http://u/api/frontend', 204, unleashPreflightHeaders(origins, { ...ask, origin }), { ...ask, origin }, 'demo');

describe('the front-end API preflight, as Unleash answers it', () => {
  it('allows a listed origin by echoing it, and refuses another by leaving the header out', () => {
    const allowed = answer(['https://app.example.com']);
    expect(allowed.allowed).toBe(true);
    expect(allowed.headers).toContainEqual(['access-control-allow-origin', 'https://app.example.com']);
    expect(allowed.maxAgeSeconds).toBe(86400);
    const refused = answer(['https://app.example.com'], 'https://evil.example');
    expect(refused.allowed).toBe(false);
    expect(refused.headers.map(([name]) => name)).not.toContain('access-control-allow-origin');
    expect(refused.reason).toContain('https://evil.example is not in the allowed origins');
  });

  it('answers * for an empty list and for a list holding *', () => {
    for (const origins of [[], ['*'], ['*', 'https://a.com']]) {
      const result = answer(origins, 'https://anything.example');
      expect(result.allowed).toBe(true);
      expect(result.headers).toContainEqual(['access-control-allow-origin', '*']);
    }
  });

  it('reads a failed status, a foreign origin and missing request headers as refused', () => {
    expect(readPreflight('u', 401, [], ask, 'server').allowed).toBe(false);
    expect(readPreflight('u', 204, [['access-control-allow-origin', 'https://other.com']], ask, 'server').reason).toContain('not https://app.example.com');
    const noHeaders = readPreflight('u', 204, [['access-control-allow-origin', '*'], ['access-control-allow-headers', 'content-type']], ask, 'server');
    expect(noHeaders).toMatchObject({ allowed: false, reason: 'The request headers authorization are not allowed.' });
  });
});
