/**
 * Unleash 6.x builds `column ILIKE '%' || query || '%'` without escaping the query, so `%` and `_` typed by the user
 * act as wildcards and `\` escapes the next character (Postgres's default LIKE escape). A trailing lone `\` is a
 * Postgres error ("LIKE pattern must not end with escape character"); Unleash swallows DB errors in this route and
 * answers an empty list, so such a query matches nothing.
 *
 * The haystack this runs over is lower-cased, with fields separated by FIELD_SEPARATOR, so wildcards must never
 * cross a separator (each column is matched on its own in SQL).
 */

export const FIELD_SEPARATOR = '\u0000';

export type LikeMatcher =
  | { kind: 'all' } // the pattern matches any value, so every event matches (its `type` is never null)
  | { kind: 'none' }
  | { kind: 'substring'; needle: string } // no wildcards: a plain lower-cased substring
  | { kind: 'regex'; source: string; anchor: string }; // anchor: the longest literal run, to find candidates fast

export function compileLike(query: string): LikeMatcher {
  const q = query.toLowerCase();
  if (q.includes(FIELD_SEPARATOR)) return { kind: 'none' }; // Postgres text cannot hold NUL
  let literal = '';
  let run = '';
  let anchor = '';
  let regex = '';
  let wildcard = false;
  let onlyPercent = true;
  for (let i = 0; i < q.length; i++) {
    const ch = q[i] as string;
    if (ch === '\\') {
      const next = q[i + 1];
      if (next === undefined) return { kind: 'none' };
      literal += next;
      run += next;
      regex += escapeRegex(next);
      onlyPercent = false;
      i++;
    } else if (ch === '%') {
      wildcard = true;
      run = '';
      regex += `[^${FIELD_SEPARATOR}]*`;
    } else if (ch === '_') {
      wildcard = true;
      onlyPercent = false;
      run = '';
      regex += `[^${FIELD_SEPARATOR}]`;
    } else {
      literal += ch;
      run += ch;
      regex += escapeRegex(ch);
      onlyPercent = false;
    }
    if (run.length > anchor.length) anchor = run;
  }
  if (onlyPercent) return { kind: 'all' };
  if (!wildcard) return { kind: 'substring', needle: literal };
  return { kind: 'regex', source: regex, anchor };
}

function escapeRegex(ch: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(ch) ? `\\${ch}` : ch;
}
