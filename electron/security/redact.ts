import { REDACTED } from '../../shared/security/token-shapes';

/**
 * The one token redactor of the main process. A server (or a proxy in front of it) may echo the token it was sent
 * in any field of an answer, and not always verbatim: URL-encoded in a path or query, lower- or upper-cased, JSON-
 * or base64-encoded. Every form below is replaced, case-insensitively, by one marker.
 */
export { REDACTED };

/** Secrets shorter than this are too common to scrub (they would blank out ordinary words). */
const MIN_SECRET = 4;

function percentEncodeAll(text: string): string {
  return [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

/** Every spelling of one secret we can think of a server producing. */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret]);
  const component = encodeURIComponent(secret);
  forms.add(component);
  forms.add(encodeURI(secret));
  forms.add(component.replace(/%20/g, '+'));
  forms.add(encodeURIComponent(component));
  forms.add(percentEncodeAll(secret));
  forms.add(new URLSearchParams({ t: secret }).toString().slice(2));
  forms.add(JSON.stringify(secret).slice(1, -1));
  forms.add(secret.replace(/[^\w]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
  forms.add(secret.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`));
  forms.add(secret.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c));
  const bytes = Buffer.from(secret);
  forms.add(bytes.toString('base64'));
  // Stryker disable next-line Regex: base64 has "=" only at its end, so /=+/ and /=+$/ are the same (equivalent mutant)
  forms.add(bytes.toString('base64').replace(/=+$/, ''));
  forms.add(bytes.toString('base64url'));
  forms.add(bytes.toString('hex'));
  // Each spelling also as it reads inside a JSON string (backslashes and quotes escaped), so a JSON text is scrubbed
  // of every spelling its strings hold: a string holding the \u form reads \\u in the text of its JSON.
  for (const form of [...forms]) forms.add(JSON.stringify(form).slice(1, -1));
  // Every spelling is at least as long as the secret, and createRedactor takes no secret shorter than MIN_SECRET.
  return [...forms];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface Redactor extends ValueRedactor {
  /** The text with every form of every secret replaced by REDACTED. */
  text(text: string): string;
}

/** What scrubs the events the app writes to disk (the local copy, an export). */
export interface ValueRedactor {
  /** A copy of a JSON-like value with every string (keys too) redacted; values without a secret are returned as is. */
  deep<T>(value: T): T;
  /**
   * Whether a JSON text (or several joined) may hold a secret in one of its strings, keys too: false means deep() of
   * what it parses to removes no secret (past its depth limit deep() writes the rest as text, secret or not). One test
   * over the text, where deep() walks every string of the value and builds each again (an export of a million events
   * spent some 20 s there).
   */
  mayHoldInJson(json: string): boolean;
}

/** Builds one matcher for a set of secrets (longest form first, so a longer encoding wins over its prefix). */
export function createRedactor(secrets: Iterable<string>): Redactor {
  const forms = [...new Set([...secrets].filter((s) => s.length >= MIN_SECRET).flatMap(secretForms))];
  forms.sort((a, b) => b.length - a.length);
  const pattern = forms.length ? new RegExp(forms.map(escapeRegExp).join('|'), 'gi') : undefined;
  // without the global flag: a test that need not find every match (a replace found them all, and took 2.5x longer)
  const screen = pattern ? new RegExp(pattern.source, 'i') : undefined;

  function text(value: string): string {
    if (!pattern) return value;
    pattern.lastIndex = 0;
    return value.replace(pattern, REDACTED);
  }

  return {
    text,
    deep: <T>(value: T): T => (pattern ? redactDeep(value, text) : value),
    mayHoldInJson: (json) => screen !== undefined && screen.test(decodedJson(json)),
  };
}

const JSON_ESCAPE = /\\(?:u([0-9a-fA-F]{4})|(.))/g;
const SHORT_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * A JSON text with its escapes decoded, so that each of its strings reads in it as it is: a secret spelled with
 * backslashes (its \u form) is \\u in the JSON of a string holding it, which the secret's forms do not match, and
 * one written with escapes (\u0066 for f) matches none of them until decoded. Most texts have no escape at all and
 * come back as they are.
 */
function decodedJson(json: string): string {
  // Searching for a backslash first is 3x faster than the replace's scan, and a replace without a match gives the
  // text back as well.
  // Stryker disable next-line ConditionalExpression,StringLiteral: the same result either way (equivalent mutant)
  if (!json.includes('\\')) return json;
  return json.replace(JSON_ESCAPE, (_, hex: string | undefined, char: string) =>
    hex === undefined ? (SHORT_ESCAPES[char] ?? char) : String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/**
 * A copy of a JSON-like value with `redactText` applied to every string, keys included; parts without a change
 * are returned as they are (no copy). Own data properties only, so a key such as `__proto__` stays a plain key.
 */
const MAX_DEPTH = 200;

export function redactDeep<T>(value: T, redactText: (text: string) => string): T {
  function walk(item: unknown, depth: number): unknown {
    if (typeof item === 'string') return redactText(item);
    if (typeof item !== 'object' || item === null) return item;
    // Past this depth the walk stops (no stack to exhaust), and what lies below goes on as redacted text rather
    // than as it came: nothing deeper than the walk can carry a secret through.
    if (depth > MAX_DEPTH) return redactText(JSON.stringify(item));
    if (Array.isArray(item)) {
      let changed = false;
      const out = item.map((entry: unknown) => {
        const next = walk(entry, depth + 1);
        if (next !== entry) changed = true;
        return next;
      });
      return changed ? out : item;
    }
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(item)) {
      const nextKey = redactText(key);
      const next = walk(entry, depth + 1);
      if (next !== entry || nextKey !== key) changed = true;
      Object.defineProperty(out, nextKey, { value: next, enumerable: true, writable: true, configurable: true });
    }
    return changed ? out : item;
  }
  return walk(value, 0) as T;
}

/** One-off redaction of a text (builds the matcher each call: for hot paths keep a Redactor). */
export function redactSecrets(text: string, secrets: Iterable<string>): string {
  return createRedactor(secrets).text(text);
}
