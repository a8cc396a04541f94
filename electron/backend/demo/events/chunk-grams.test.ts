import { expect, it } from 'vitest';
import { gramsOf, mayContain } from './chunk-grams';
import { buildTokens } from './chunk-tokens';

/** A chunk's records as the haystack writes them: type SEP createdBy SEP json SEP, lower-cased. */
function chunk(records: [string, string, string][]) {
  const parts: Buffer[] = [];
  const starts = new Int32Array(records.length + 1);
  const jsonStarts = new Int32Array(records.length);
  let at = 0;
  records.forEach(([type, createdBy, json], k) => {
    const head = Buffer.from(`${type}\u0000${createdBy}\u0000`);
    const rest = Buffer.from(`${json}\u0000`);
    parts.push(head, rest);
    jsonStarts[k] = at + head.length;
    at += head.length + rest.length;
    starts[k + 1] = at;
  });
  const bytes = Buffer.concat(parts);
  const tokens = buildTokens(bytes, starts, jsonStarts);
  return gramsOf(bytes, starts, jsonStarts, tokens.text);
}

const grams = chunk([
  ['feature-strategy-update', 'lena.schulz@shopwise.io', '{"name":"flexiblerollout","parameters":{"rollout":"95"}}'],
  ['segment-created', 'admin', '{"name":"beta testers","constraints":[{"values":["user-2868"]}]}'],
]);
const may = (needle: string) => mayContain(grams, Buffer.from(needle));

it('a chunk made from its words and heads still may hold every needle its records hold', () => {
  // inside one word, in the type and createdBy, and across separators (JSON punctuation, a space)
  for (const needle of ['flexiblerollout', 'user-2868', 'strategy-upd', 'schulz@shop', '"rollout":"95"', 'beta testers', 'name":"beta']) {
    expect(may(needle), needle).toBe(true);
  }
});

it('a needle none of whose words the records hold is ruled out, across separators too', () => {
  for (const needle of ['gradualrollout', 'user-9999', 'kubernetes', '"rollout":"777"', 'gamma testers']) {
    expect(may(needle), needle).toBe(false);
  }
});
