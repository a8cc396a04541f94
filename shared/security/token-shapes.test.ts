import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactTokenShapes } from './token-shapes';

describe('redactTokenShapes', () => {
  it.each([
    ['*:*.964a287e1b728cb5f4f3e0120df92cb5', `${REDACTED}`],
    ['default:development.be44368985f7fb3237c584ef86f3d0e8bd0f2c0f', `${REDACTED}`],
    ['[]:production.0123456789abcdef0123', `${REDACTED}`],
    ['user:4f0e1e8a9c0b2d3e4f5a6b7c8d9e0f1a', `${REDACTED}`],
    ['Authorization: abcdef0123', `Authorization: ${REDACTED}`],
    ['{"authorization":"*:*.abc"}', `{"authorization":"${REDACTED}"}`],
    ['Bearer s3cr3t-token', `Bearer ${REDACTED}`],
  ])('hides %s', (text, expected) => {
    expect(redactTokenShapes(`sent ${text} to the server`)).toBe(`sent ${expected} to the server`);
  });

  it('leaves ordinary text alone', () => {
    const text = 'Could not reach http://localhost:4242: the connection was refused. at segments.list (app.js:10:5)';
    expect(redactTokenShapes(text)).toBe(text);
  });

  it('leaves no token of the Unleash shape in any text it is embedded in', () => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^[a-f0-9]{32}$/), fc.string(), (before, secret, after) => {
        expect(redactTokenShapes(`${before} *:*.${secret} ${after}`)).not.toContain(secret);
      }),
    );
  });
});
