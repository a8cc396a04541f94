/**
 * The text forms Postgres gives the event columns, because the deprecated search runs ILIKE over `column::text`.
 * Unleash 6.10.1 stores `data` and `tags` as `json` (the text exactly as node-postgres sent it: JSON.stringify) and
 * `pre_data` as `jsonb` (normalised: keys sorted by byte length then bytes, ", " and ": " separators). The probe's
 * raw records show both: data keys keep insertion order, preData keys come back length-sorted.
 */

/** `json` column text: what JSON.stringify sent. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value);
}

/** `jsonb::text`: Postgres's canonical rendering of a jsonb value. Hand-rolled: it runs for every seeded event. */
export function jsonbText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value !== 'object') return JSON.stringify(value) ?? 'null'; // NaN/Infinity become null, as in JSON
  if (hasToJSON(value)) return jsonbText(value.toJSON());
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ', ') + jsonbText(value[i]);
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  let first = true;
  for (const [key, prefix] of sortedShape(Object.keys(record))) {
    const v = record[key];
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    out += (first ? prefix : ', ' + prefix) + jsonbText(v);
    first = false;
  }
  return out + '}';
}

/**
 * Payloads repeat a few object shapes (constraint, strategy, segment...), so each key list's sorted order and
 * quoted keys are computed once. Bounded, because keys can be user data (a variant payload, a legal value).
 */
const shapes = new Map<string, [string, string][]>();
const MAX_SHAPES = 4096;

function sortedShape(keys: string[]): [string, string][] {
  // the keys joined name one list only when there is a key and none holds the separator: no keys and [''] both join
  // to '', ['a\u0000b'] and ['a', 'b'] to the same text, and one shape given for the other loses members
  const id = keys.length > 0 && !keys.some((key) => key.includes('\u0000')) ? keys.join('\u0000') : undefined;
  let shape = id === undefined ? undefined : shapes.get(id);
  if (shape === undefined) {
    shape = [...keys].sort(compareJsonbKeys).map((k) => [k, JSON.stringify(k) + ': ']);
    if (id !== undefined) {
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(id, shape);
    }
  }
  return shape;
}

/** Empties the cache of key orders (a key that held a token must not stay in it). */
export function forgetShapes(): void {
  shapes.clear();
}

/**
 * jsonb orders object keys by UTF-8 length first, then bytewise. UTF-8's byte order is code point order, which the
 * order of UTF-16 units (a < b) breaks only between a surrogate (an astral character) and a unit of U+E000..U+FFFF:
 * the first units that differ are compared with the surrogates moved above those.
 */
function compareJsonbKeys(a: string, b: string): number {
  const la = utf8Length(a);
  const lb = utf8Length(b);
  if (la !== lb) return la - lb;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointOrder(x) - codePointOrder(y);
  }
  return a.length - b.length;
}

/** A UTF-16 unit's place in code point order (surrogates above U+E000..U+FFFF), for comparing two strings' units. */
export const codePointOrder = (unit: number): number => (unit < 0xd800 ? unit : unit >= 0xe000 ? unit - 0x800 : unit + 0x2000);

/** The UTF-8 length of `s` (or of its units from `from` to `to`). */
export function utf8Length(s: string, from = 0, to = s.length): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * Deep equality as Unleash's event service uses it to drop no-op updates (lodash isEqual on plain JSON): key order
 * does not matter. Written out rather than comparing jsonbText, since most updates differ early.
 */
export function jsonDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  // Dates and other toJSON objects compare by the JSON they become.
  if (hasToJSON(a) || hasToJSON(b)) return jsonbText(a) === jsonbText(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => jsonDeepEqual(v, other[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const kb = Object.keys(rb).filter((k) => rb[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(rb, k) && jsonDeepEqual(ra[k], rb[k]));
}

function hasToJSON(value: object): value is { toJSON(): unknown } {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}
