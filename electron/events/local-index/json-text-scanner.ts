import { codePointOrder, utf8Length } from '../../backend/event-query/pg-json-text';

/**
 * A JSON text read in place, without making a value of it: checked as JSON.parse checks it, and told whether a value is
 * already written in the form the local copy stores (JSON.stringify's text, or jsonb's), so that its text can be taken
 * as it is. page-scan.ts reads the server's pages of events with it.
 */

/** How a value's text must be written to be taken as it is. */
export const Form = {
  /** Only checked (a member the copy does not keep). */
  Any: 0,
  /** JSON.stringify's text. */
  Json: 1,
  /** jsonb's text. */
  Jsonb: 2,
} as const;
export type Form = (typeof Form)[keyof typeof Form];

export const QUOTE = 0x22;
const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
const SPACE = 0x20;
/** Objects and arrays nested in one another that the scanner reads (deeper: Unscannable). */
const MAX_DEPTH = 256;

/** A text the scanner does not read (nested too deep, or a member given twice): the caller parses it instead. */
export class Unscannable extends Error {}

/** Keys an object may hold before its keys are no longer compared with each other (its text is then parsed). */
const MAX_KEYS = 64;

export class JsonTextScanner {
  protected s: string;
  protected i = 0;
  /** Set by string(): whether the last string held an escape, and whether all its escapes are JSON.stringify's. */
  protected escaped = false;
  protected plainEscapes = true;
  /** Spans of the keys of the objects being read, innermost last (duplicate and order checks). */
  private keyStarts = new Int32Array(256);
  private keyEnds = new Int32Array(256);
  private keyTop = 0;
  /** The value of the last number read. */
  protected number = 0;
  /** Objects and arrays open around the scanner. */
  private depth = 0;
  /** Where the next backslash and the next control character (U+0000 to U+001F) are from where they were last looked for. */
  private nextBackslash = -1;
  private nextControl = -1;
  /** Where the jsonb text being read lacks the space after a separator (jsonbGap), the first `spaces` of them. */
  private spaceAt = new Int32Array(256);
  private spaces = 0;

  constructor(text: string) {
    this.s = text;
  }

  /** Reads `text` from its start instead, as a scanner made for it would (between two values only). */
  protected restart(text: string): void {
    this.s = text;
    this.i = 0;
    this.keyTop = 0;
    this.depth = 0;
    this.nextBackslash = -1;
    this.nextControl = -1;
    this.spaces = 0;
  }

  protected isNull(): boolean {
    if (this.s.startsWith('null', this.i)) {
      this.i += 4;
      return true;
    }
    return false;
  }

  /** Reads a value: its text in `form` (jsonb's spaces put in where a compact text lacks them), or undefined when it is written otherwise. */
  protected valueText(form: typeof Form.Json | typeof Form.Jsonb): string | undefined {
    const start = this.i;
    this.spaces = 0;
    if (!this.value(form)) return undefined;
    return this.spaces === 0 ? this.kept(start, this.i) : this.spaced(start);
  }

  /** The text s[from, to) of a value that is kept (page-scan.ts gives one that keeps no piece of the answer alive). */
  protected kept(from: number, to: number): string {
    return this.s.slice(from, to);
  }

  /** The jsonb text just read (from `start`) with the spaces it lacks after its separators put in. */
  private spaced(start: number): string {
    const s = this.s;
    const pieces: string[] = [];
    let from = start;
    for (let k = 0; k < this.spaces; k++) {
      const at = this.spaceAt[k] as number;
      pieces.push(s.slice(from, at));
      from = at;
    }
    pieces.push(s.slice(from, this.i));
    return pieces.join(' ');
  }

  /** Reads any JSON value; true when its text is already in `form` (always true for Form.Any, whose form is not asked). */
  protected value(form: Form): boolean {
    const s = this.s;
    const c = s.charCodeAt(this.i);
    if (c === QUOTE) {
      this.string();
      return !this.escaped || this.plainEscapes;
    }
    if (c === 0x7b || c === 0x5b) {
      // JSON.parse nests as deep as memory allows; a recursive reader runs out of stack first: past this depth the
      // text is left to JSON.parse (Unscannable)
      if (++this.depth > MAX_DEPTH) throw new Unscannable('nested too deep');
      const kept = c === 0x7b ? this.object(form) : this.array(form);
      this.depth--;
      return kept;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.numberToken();
    if (s.startsWith('true', this.i)) this.i += 4;
    else if (s.startsWith('false', this.i)) this.i += 5;
    else if (s.startsWith('null', this.i)) this.i += 4;
    else this.syntax('expected a value');
    return true;
  }

  private object(form: Form): boolean {
    const s = this.s;
    let kept = true;
    const base = this.keyTop;
    this.i++;
    if (this.gap()) kept = false;
    if (s.charCodeAt(this.i) === 0x7d) {
      this.i++;
      return kept;
    }
    try {
      for (let count = 0; ; count++) {
        const keyStart = this.i;
        if (s.charCodeAt(keyStart) !== QUOTE) this.syntax('expected a key');
        const keyEnd = this.string();
        if (form !== Form.Any && kept) kept = this.keyKept(form, keyStart, keyEnd, base, count);
        if (this.gap()) kept = false;
        if (s.charCodeAt(this.i++) !== COLON) this.syntax('expected :');
        if (form === Form.Jsonb ? this.jsonbGap() : this.gap()) kept = false;
        if (!this.value(form)) kept = false;
        if (this.gap()) kept = false;
        const c = s.charCodeAt(this.i++);
        if (c === 0x7d) return kept;
        if (c !== COMMA) this.syntax('expected , or }');
        if (form === Form.Jsonb ? this.jsonbGap() : this.gap()) kept = false;
      }
    } finally {
      this.keyTop = base;
    }
  }

  /** Whether a key leaves its object's text as it is: written plainly, not seen before in it, in jsonb's order for jsonb. */
  private keyKept(form: Form, start: number, end: number, base: number, count: number): boolean {
    if (this.escaped && (!this.plainEscapes || form === Form.Jsonb)) return false;
    if (count >= MAX_KEYS) return false;
    const s = this.s;
    if (form === Form.Json) {
      if (isIndexKey(s, start + 1, end - 1)) return false;
      for (let k = base; k < this.keyTop; k++) if (sameSpan(s, this.keyStarts[k] as number, this.keyEnds[k] as number, start, end)) return false;
    } else if (count > 0 && jsonbOrder(s, this.keyStarts[this.keyTop - 1] as number, this.keyEnds[this.keyTop - 1] as number, start, end) >= 0) {
      return false;
    }
    if (this.keyTop === this.keyStarts.length) {
      const starts = new Int32Array(this.keyTop * 2);
      const ends = new Int32Array(this.keyTop * 2);
      starts.set(this.keyStarts);
      ends.set(this.keyEnds);
      this.keyStarts = starts;
      this.keyEnds = ends;
    }
    this.keyStarts[this.keyTop] = start;
    this.keyEnds[this.keyTop] = end;
    this.keyTop++;
    return true;
  }

  private array(form: Form): boolean {
    const s = this.s;
    let kept = true;
    this.i++;
    if (this.gap()) kept = false;
    if (s.charCodeAt(this.i) === 0x5d) {
      this.i++;
      return kept;
    }
    for (;;) {
      if (!this.value(form)) kept = false;
      if (this.gap()) kept = false;
      const c = s.charCodeAt(this.i++);
      if (c === 0x5d) return kept;
      if (c !== COMMA) this.syntax('expected , or ]');
      if (form === Form.Jsonb ? this.jsonbGap() : this.gap()) kept = false;
    }
  }

  /** Skips whitespace; true when there was any (the stored forms have none there). */
  private gap(): boolean {
    const start = this.i;
    this.ws();
    return this.i !== start;
  }

  /**
   * Skips whitespace after a separator of a jsonb text; true when it was neither jsonb's one space nor nothing. Where
   * there is nothing (a compact text, as Unleash sends preData: jsonb's order, JSON.stringify's spacing), the space
   * jsonb has there is noted, to be put in when the text is taken (valueText).
   */
  private jsonbGap(): boolean {
    const start = this.i;
    this.ws();
    const length = this.i - start;
    if (length === 0) {
      if (this.spaces === this.spaceAt.length) {
        const grown = new Int32Array(this.spaces * 2);
        grown.set(this.spaceAt);
        this.spaceAt = grown;
      }
      this.spaceAt[this.spaces++] = start;
      return false;
    }
    return length !== 1 || this.s.charCodeAt(start) !== SPACE;
  }

  protected ws(): void {
    const s = this.s;
    let i = this.i;
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === SPACE || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
    this.i = i;
  }

  /** Reads a string at the scanner (at its opening quote); returns the index after its closing quote. */
  protected string(): number {
    const s = this.s;
    const open = this.i;
    // most strings hold neither an escape nor a control character: their closing quote is the next one, found
    // natively; where the next backslash and control character are is looked up once and kept until passed
    const close = s.indexOf('"', open + 1);
    if (close !== -1) {
      if (this.nextBackslash <= open) this.nextBackslash = nextAt(s, '\\', open + 1);
      if (this.nextControl <= open) this.nextControl = nextControl(s, open + 1);
      if (this.nextBackslash > close && this.nextControl > close) {
        this.escaped = false;
        this.plainEscapes = true;
        this.i = close + 1;
        return this.i;
      }
    }
    return this.escapedString();
  }

  /** string() for a string holding an escape (or not closed, or holding a control character: not JSON), char by char. */
  private escapedString(): number {
    const s = this.s;
    let i = this.i + 1;
    let escaped = false;
    let plain = true;
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === QUOTE) break;
      if (c === BACKSLASH) {
        escaped = true;
        const e = s.charCodeAt(i + 1);
        if (e === 0x75 /* u */) {
          const hex = s.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.syntax('bad \\u escape', i);
          // JSON.stringify writes \u only for control characters without a short escape, and lone surrogates
          const unit = Number.parseInt(hex, 16);
          if (hex !== hex.toLowerCase() || unit >= 0x20 || unit === 8 || unit === 9 || unit === 10 || unit === 12 || unit === 13) plain = false;
          i += 6;
        } else {
          if (e === 0x2f /* / */) plain = false;
          else if (e !== QUOTE && e !== BACKSLASH && e !== 0x62 && e !== 0x66 && e !== 0x6e && e !== 0x72 && e !== 0x74) this.syntax('bad escape', i);
          i += 2;
        }
        continue;
      }
      if (c < 0x20 || Number.isNaN(c)) this.syntax(Number.isNaN(c) ? 'unterminated string' : 'control character in a string', i);
      i++;
    }
    this.escaped = escaped;
    this.plainEscapes = plain;
    this.i = i + 1;
    return this.i;
  }

  /** Reads a number; true when it is written as JSON.stringify writes it. Its value is left in `number`. */
  protected numberToken(): boolean {
    const s = this.s;
    const start = this.i;
    let i = start;
    if (s.charCodeAt(i) === 0x2d) i++;
    const first = s.charCodeAt(i);
    if (first === 0x30) i++;
    else if (first >= 0x31 && first <= 0x39) while (isDigit(s.charCodeAt(i))) i++;
    else this.syntax('bad number', i);
    const intEnd = i;
    if (s.charCodeAt(i) === 0x2e) {
      i++;
      if (!isDigit(s.charCodeAt(i))) this.syntax('bad number', i);
      while (isDigit(s.charCodeAt(i))) i++;
    }
    let c = s.charCodeAt(i);
    if (c === 0x65 || c === 0x45) {
      i++;
      c = s.charCodeAt(i);
      if (c === 0x2b || c === 0x2d) i++;
      if (!isDigit(s.charCodeAt(i))) this.syntax('bad number', i);
      while (isDigit(s.charCodeAt(i))) i++;
    }
    this.i = i;
    // a whole number of up to 15 digits is written the one way (but -0, which JSON.stringify writes as 0)
    if (i === intEnd && i - start <= 15) {
      let value = 0;
      for (let k = s.charCodeAt(start) === 0x2d ? start + 1 : start; k < i; k++) value = value * 10 + (s.charCodeAt(k) - 0x30);
      this.number = s.charCodeAt(start) === 0x2d ? -value : value;
      return !(value === 0 && i - start === 2);
    }
    const text = s.slice(start, i);
    this.number = Number(text);
    return String(this.number) === text;
  }

  protected syntax(message: string, at = this.i): never {
    throw new SyntaxError(`${message} at position ${at}`);
  }
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** Where `char` next is from `from`, or past the end. */
function nextAt(s: string, char: string, from: number): number {
  const at = s.indexOf(char, from);
  return at === -1 ? s.length : at;
}

// eslint-disable-next-line no-control-regex -- the characters a JSON string may not hold unescaped
const CONTROL = /[\u0000-\u001f]/g;
/** Where the next control character is from `from`, or past the end (a pretty-printed page has one per line). */
function nextControl(s: string, from: number): number {
  CONTROL.lastIndex = from;
  return CONTROL.test(s) ? CONTROL.lastIndex - 1 : s.length;
}

/** A key JSON.parse moves ahead of the others: an array index ("0", or 1 to 2^32 - 2 without leading zeros). */
function isIndexKey(s: string, from: number, to: number): boolean {
  const length = to - from;
  if (length === 0 || length > 10) return false;
  const first = s.charCodeAt(from);
  if (!isDigit(first) || (first === 0x30 && length > 1)) return false;
  for (let k = from + 1; k < to; k++) if (!isDigit(s.charCodeAt(k))) return false;
  return Number(s.slice(from, to)) < 4294967295;
}

function sameSpan(s: string, aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  if (aEnd - aStart !== bEnd - bStart) return false;
  for (let k = 0; k < aEnd - aStart; k++) if (s.charCodeAt(aStart + k) !== s.charCodeAt(bStart + k)) return false;
  return true;
}

/**
 * jsonb's order of two keys written without escapes (spans with their quotes): UTF-8 length first, then code points
 * (pg-json-text.ts orders the same way when it writes preData).
 */
function jsonbOrder(s: string, aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  const la = utf8Length(s, aStart + 1, aEnd - 1);
  const lb = utf8Length(s, bStart + 1, bEnd - 1);
  if (la !== lb) return la - lb;
  const n = Math.min(aEnd - aStart, bEnd - bStart) - 2;
  for (let k = 1; k <= n; k++) {
    const x = s.charCodeAt(aStart + k);
    const y = s.charCodeAt(bStart + k);
    if (x !== y) return codePointOrder(x) - codePointOrder(y);
  }
  return aEnd - aStart - (bEnd - bStart);
}
