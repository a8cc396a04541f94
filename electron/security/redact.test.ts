import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED, redactDeep, redactSecrets, secretForms } from './redact';
import fc from 'fast-check';

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
    expect(redactSecrets('x abcd y', ['abcd'])).toBe(`x ${REDACTED} y`);
  });

  it('hides a longer spelling whole where a shorter one is its beginning', () => {
    // "abcd&" is the start of its HTML-escaped spelling "abcd&amp;": the longer must win, or "amp;" is left over.
    expect(redactSecrets('x abcd&amp; y', ['abcd&'])).toBe(`x ${REDACTED} y`);
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

/**
 * A token with every character an encoder treats specially (quote, backslash, the HTML five, a non-ASCII letter, a
 * space, a control byte, URL delimiters, the characters form-encoding and URI-encoding disagree on) and a UTF-8
 * length of 3n+1, so base64 pads with "==". Each spelling below is written out literally, not computed by the code
 * under test: a redactor that forgets one of them leaks that spelling.
 */
const AWKWARD = 'Ab"c\\d&<>\'é x\t/+=?~!(';
const AWKWARD_SPELLINGS: Record<string, string> = {
  verbatim: AWKWARD,
  'URI component': "Ab%22c%5Cd%26%3C%3E'%C3%A9%20x%09%2F%2B%3D%3F~!(",
  URI: "Ab%22c%5Cd&%3C%3E'%C3%A9%20x%09/+=?~!(",
  'component, space as +': "Ab%22c%5Cd%26%3C%3E'%C3%A9+x%09%2F%2B%3D%3F~!(",
  'component twice': "Ab%2522c%255Cd%2526%253C%253E'%25C3%25A9%2520x%2509%252F%252B%253D%253F~!(",
  'every byte escaped': '%41%62%22%63%5c%64%26%3c%3e%27%c3%a9%20%78%09%2f%2b%3d%3f%7e%21%28',
  'form-encoded': 'Ab%22c%5Cd%26%3C%3E%27%C3%A9+x%09%2F%2B%3D%3F%7E%21%28',
  'JSON string body': 'Ab\\"c\\\\d&<>\'é x\\t/+=?~!(',
  'JSON unicode escapes':
    'Ab\\u0022c\\u005cd\\u0026\\u003c\\u003e\\u0027\\u00e9\\u0020x\\u0009\\u002f\\u002b\\u003d\\u003f\\u007e\\u0021\\u0028',
  'HTML numeric entities': 'Ab&#34;c\\d&#38;&#60;&#62;&#39;é x\t/+=?~!(',
  'HTML named entities': 'Ab&quot;c\\d&amp;&lt;&gt;&#39;é x\t/+=?~!(',
  base64: 'QWIiY1xkJjw+J8OpIHgJLys9P34hKA==',
  'base64 unpadded': 'QWIiY1xkJjw+J8OpIHgJLys9P34hKA',
  base64url: 'QWIiY1xkJjw-J8OpIHgJLys9P34hKA',
  hex: '416222635c64263c3e27c3a92078092f2b3d3f7e2128',
};

describe('token redactor, every spelling of an awkward token', () => {
  for (const [name, spelling] of Object.entries(AWKWARD_SPELLINGS)) {
    it(`hides the ${name} spelling, wherever it stands in a text`, () => {
      const redactor = createRedactor([AWKWARD]);
      expect(redactor.text(`before ${spelling} after`)).toBe(`before ${REDACTED} after`);
      expect(redactor.text(spelling)).toBe(REDACTED);
    });
  }

  it('hides the unpadded base64 spelling even where padding-less text ends the line', () => {
    const redactor = createRedactor([AWKWARD]);
    expect(redactor.text(`x=${AWKWARD_SPELLINGS['base64 unpadded']}\n`)).toBe(`x=${REDACTED}\n`);
  });

  it('scrubs the JSON text of a value of every spelling its strings hold, escaped as JSON escapes them', () => {
    const redactor = createRedactor([AWKWARD]);
    for (const spelling of Object.values(AWKWARD_SPELLINGS)) {
      const text = redactor.text(JSON.stringify({ [`key ${spelling}`]: [`before ${spelling} after`] }));
      // still JSON, and what it reads back holds no spelling
      expect(JSON.parse(text)).toEqual({ [`key ${REDACTED}`]: [`before ${REDACTED} after`] });
    }
  });
});

describe('deep redaction', () => {
  it('returns the very same value, at every level, when nothing in it carries the token', () => {
    const value = { list: [{ a: 'x' }, ['y']], nested: { b: 'z' } };
    const out = createRedactor([TOKEN]).deep(value);
    expect(out).toBe(value);
    expect(redactDeep(['x', ['y']], (t) => t)).toEqual(['x', ['y']]);
    const list = ['x', ['y']];
    expect(redactDeep(list, (t) => t)).toBe(list);
  });

  it('copies only the path to a changed string, and never changes the value it was given', () => {
    const untouched = ['a', { b: 'c' }];
    const value = { untouched, hit: ['k', { deeper: [`t ${TOKEN}`] }] };
    const out = createRedactor([TOKEN]).deep(value);
    expect(out.hit).not.toBe(value.hit);
    expect(out.hit).toEqual(['k', { deeper: [`t ${REDACTED}`] }]);
    expect(out.untouched).toBe(untouched);
    expect(value.hit[1]).toEqual({ deeper: [`t ${TOKEN}`] });
  });

  it('passes numbers, booleans, null and undefined through as they are', () => {
    const value = { a: undefined, b: 1, c: true, d: null, e: [undefined, 2] };
    expect(createRedactor([TOKEN]).deep(value)).toBe(value);
    expect(redactDeep(undefined, (t) => t)).toBeUndefined();
  });

  it('gives back ordinary properties: enumerable, writable and configurable', () => {
    const out = createRedactor([TOKEN]).deep({ note: `n ${TOKEN}` });
    expect(Object.getOwnPropertyDescriptor(out, 'note')).toEqual({
      value: `n ${REDACTED}`,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });

  it('redacts a key that carries the token even when its value is clean', () => {
    const out = createRedactor([TOKEN]).deep({ [TOKEN]: 1 } as Record<string, number>);
    expect(out).toEqual({ [REDACTED]: 1 });
  });

  it('hides a token nested deeper than it walks by turning that part into redacted text', () => {
    let value: unknown = { secret: TOKEN };
    for (let i = 0; i < 300; i += 1) value = [value];
    const out = createRedactor([TOKEN]).deep(value);
    const text = JSON.stringify(out);
    expect(text).not.toContain(TOKEN);
    expect(text).toContain(REDACTED);
  });

  it('walks 200 levels as structure and writes what lies deeper as text', () => {
    // Objects and arrays alternate, so both kinds of step count towards the depth.
    const nest = (levels: number): unknown => {
      let value: unknown = { leaf: 'x' };
      for (let i = 0; i < levels; i += 1) value = i % 2 ? [value] : { in: value };
      return value;
    };
    const depthOf = (value: unknown): number => {
      let depth = 0;
      let item = value;
      while (typeof item === 'object' && item !== null && !('leaf' in item)) {
        item = Array.isArray(item) ? item[0] : (item as { in: unknown }).in;
        depth += 1;
      }
      // A negative depth says the walk ended on text: the part was written out as a string.
      return typeof item === 'string' ? -depth : depth;
    };
    const text = (t: string) => t.replace('x', 'y');
    // 200 levels around the leaf: the leaf object sits at depth 200 and is still walked as an object.
    expect(depthOf(redactDeep(nest(200), text))).toBe(200);
    expect(JSON.stringify(redactDeep(nest(200), text))).toContain('{"leaf":"y"}');
    // 201 levels: the leaf object is past the walk and is written as redacted text instead.
    const deeper = redactDeep(nest(201), text);
    expect(depthOf(deeper)).toBe(-201);
  });
});

describe('screening a JSON text for a token (mayHoldInJson)', () => {
  const redactor = createRedactor([AWKWARD]);
  /** Every character of a string's JSON written as a \u escape: JSON.parse reads the very same string. */
  const allEscaped = (value: string): string =>
    `"${[...value].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`;

  it('finds every spelling a string holds, as JSON.stringify writes it or escaped whole, in a value or a key', () => {
    for (const spelling of Object.values(AWKWARD_SPELLINGS)) {
      expect(redactor.mayHoldInJson(JSON.stringify({ data: [`before ${spelling} after`] }))).toBe(true);
      expect(redactor.mayHoldInJson(JSON.stringify({ [`key ${spelling.toUpperCase()}`]: 1 }))).toBe(true);
      const escaped = `{"data":${allEscaped(`before ${spelling} after`)}}`;
      expect(redactor.deep(JSON.parse(escaped))).not.toEqual(JSON.parse(escaped));
      expect(redactor.mayHoldInJson(escaped)).toBe(true);
    }
  });

  it('reads the short escapes as the characters they stand for', () => {
    const withLineBreak = createRedactor(['first-half\nsecond-half\tend']);
    expect(withLineBreak.mayHoldInJson(JSON.stringify({ data: 'x first-half\nsecond-half\tend y' }))).toBe(true);
    expect(withLineBreak.mayHoldInJson(JSON.stringify({ data: 'x first-halfnsecond-halftend y' }))).toBe(false);
  });

  it('clears a text that holds no spelling, and every text when there is no secret', () => {
    expect(redactor.mayHoldInJson(JSON.stringify({ data: 'rollout 50%', tags: [{ type: 'a', value: '\\u0041' }] }))).toBe(false);
    expect(createRedactor([]).mayHoldInJson(JSON.stringify({ data: AWKWARD }))).toBe(false);
  });

  /** The JSON text of `value` with some UTF-16 units of its strings written as \u escapes, as a server may. */
  function escapedJson(value: unknown, escape: () => boolean): string {
    if (typeof value === 'string') {
      let out = '"';
      for (const unit of value.split('')) out += escape() ? `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}` : JSON.stringify(unit).slice(1, -1);
      return `${out}"`;
    }
    if (Array.isArray(value)) return `[${value.map((entry) => escapedJson(entry, escape)).join(',')}]`;
    if (value !== null && typeof value === 'object') {
      return `{${Object.entries(value).map(([key, entry]) => `${escapedJson(key, escape)}:${escapedJson(entry, escape)}`).join(',')}}`;
    }
    return JSON.stringify(value);
  }

  it('never clears a value that deep() would change, however its text escapes it (property)', () => {
    // a quote, a backslash, an accent and an astral character: each is escaped one way or another in JSON
    const secret = 'Tk"\\:dév.9x/+=\u{1F680}';
    const screen = createRedactor([secret]);
    const spellings = secretForms(secret).flatMap((form) => [form, form.toUpperCase(), form.toLowerCase()]);
    const withSecret = fc.oneof(fc.string(), fc.constantFrom(...spellings));
    const words = fc.tuple(fc.string(), withSecret, fc.string()).map((parts) => parts.join(''));
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, words, fc.integer(), fc.constant(null), tie('list'), tie('object')),
      list: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(words, tie('value'), { maxKeys: 4 }),
    })).value;
    fc.assert(
      fc.property(json, fc.integer(), (value, seed) => {
        let state = seed >>> 0;
        const text = escapedJson(value, () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) & 0x100) !== 0);
        expect(JSON.parse(text)).toEqual(value);
        if (screen.deep(value) !== value) expect(screen.mayHoldInJson(text)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
