import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED, redactDeep, redactSecrets } from './redact';

const TOKEN = 'user:dev.Abc/+=?& 123';

describe('token redactor', () => {
  it('replaces the token verbatim, case-changed, URL-, JSON- and base64-encoded', () => {
    const forms = [
      TOKEN,
      TOKEN.toUpperCase(),
      encodeURIComponent(TOKEN),
      encodeURIComponent(TOKEN).toLowerCase(),
      encodeURIComponent(TOKEN).replace(/%20/g, '+'),
      Buffer.from(TOKEN).toString('base64'),
      Buffer.from(TOKEN).toString('hex'),
    ];
    for (const form of forms) expect(redactSecrets(`a ${form} b`, [TOKEN]), form).toBe(`a ${REDACTED} b`);
  });

  it('leaves text without the token, and secrets too short to be one, alone', () => {
    expect(redactSecrets('nothing here', [TOKEN])).toBe('nothing here');
    expect(redactSecrets('abc', ['abc'])).toBe('abc');
  });

  it('redacts every string and key of a value, and keeps untouched parts as they are', () => {
    const clean = { a: 1 };
    const value = { clean, list: ['x', `p ${TOKEN}`], [TOKEN]: true, nested: { deep: [{ m: encodeURI(TOKEN) }] } };
    const out = createRedactor([TOKEN]).deep(value);
    expect(JSON.stringify(out)).not.toContain('Abc');
    expect(out.clean).toBe(clean);
    expect(out.list).toEqual(['x', `p ${REDACTED}`]);
  });

  it('does not turn a __proto__ key into a prototype', () => {
    const value = JSON.parse('{"__proto__": {"polluted": "x"}}') as Record<string, unknown>;
    const out = redactDeep(value, (t) => t.replace('x', 'y'));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
