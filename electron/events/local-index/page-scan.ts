import { z } from 'zod';
import { ApiError } from '../../../shared/errors';
import { eventTagSchema, type EventQueryParams, type FlagEvent } from '../../../shared/schemas';
import type { AdminBackend } from '../../backend/admin-backend';
import { jsonbText, jsonText } from '../../backend/event-query/pg-json-text';
import type { StoredScalars } from './stored-line';
import { COLON, COMMA, Form, JsonTextScanner, QUOTE, Unscannable } from './json-text-scanner';
import { checkAnswer } from '../../backend/remote/answer-check';
import { AnswerPieces, PIECE_BYTES } from './answer-pieces';
import { checkedEventPage } from './checked-page';
import { CREATED_AT, CREATED_BY, ENVIRONMENT, FEATURE_NAME, PROJECT, ScannedEvent, TYPE } from './scanned-event';

/**
 * A page of GET /search/events read for the local copy without parsing it into objects. The copy stores each event's
 * scalar columns and its bodies as texts (data and tags as JSON.stringify writes them, preData as jsonb's text), so
 * parsing the page only for the index to serialise every body again was most of a sync's own work: at 1M events,
 * JSON.parse 7.0 s, the bodies' texts 6.5 s and much of 9 s of garbage collection. The scanner reads the page as the
 * schema has it (eventQueryPageSchema: the same members, types and nulls; any other member skipped but checked as
 * JSON) and takes each body's text from the page as it is when it is already the text the index would write: data
 * compact, with JSON.stringify's escapes and numbers, no key twice and no key that is an array index (JSON.parse moves
 * those first); preData with jsonb's key order (its spaces put in where the page has none). A body in any other form
 * is parsed and written as before, so the texts are always the ones the parsed path gives. A page not as the schema
 * has it is parsed and checked as before (checkedEventPage), so the schema says what is wrong. The text must be decoded
 * UTF-8, as an answer's is: it then holds no lone surrogate, which JSON.stringify would escape.
 */

/** A scanned page: its events as scanned, or parsed when the scanner left the page to JSON.parse (checkedEventPage). */
export interface ScannedPage {
  events: (ScannedEvent | FlagEvent)[];
  total: number;
}

const tagsSchema = z.array(eventTagSchema);

/** A page of the server's search as the sync reads it: the answer's bytes, scanned. */
export async function scannedSearch(backend: AdminBackend, params: EventQueryParams, signal: AbortSignal): Promise<ScannedPage> {
  const answer = await backend.withSignal(signal).queryEventsBytes(params);
  try {
    return scanEventBytes(answer.bytes);
  } finally {
    answer.release();
  }
}

/** Throws an ApiError (InvalidResponseError, as a parsed answer's check does) naming where the page is not one. */
export function scanEventPage(text: string): ScannedPage {
  return new PageScanner(text).page();
}

/**
 * scanEventPage of an answer's UTF-8 bytes, decoded a piece at a time (answer-pieces.ts). Whatever the pieces do not
 * read (a page not as the schema has it, not JSON, not UTF-8) is read as one text, as scanEventPage reads it: the
 * answer is the same and so is what it says is wrong.
 */
export function scanEventBytes(bytes: Buffer): ScannedPage {
  if (bytes.length > PIECE_BYTES) {
    try {
      return scanInPieces(bytes);
    } catch {
      // read again below as one text
    }
  }
  return scanEventPage(bytes.toString('utf8'));
}

/** The page read a piece at a time; throws whatever it cannot read so (scanEventBytes then reads it as one text). */
export function scanInPieces(bytes: Buffer): ScannedPage {
  return new PageScanner('', new AnswerPieces(bytes)).inPieces();
}

/** A page checked as the schema has it, with where each event's text is in the answer: bytes [starts[k], ends[k]). */
export interface SpannedPage {
  events: ScannedEvent[];
  total: number;
  starts: number[];
  ends: number[];
}

/**
 * The page as an export writes it (the server's text of each event, unchanged): checked as scanEventBytes checks it,
 * each event's id, date and place in the answer, its bodies checked but not kept. Throws whatever it cannot read so
 * (the export then reads the answer whole, and the schema says what is wrong).
 */
export function spanEventBytes(bytes: Buffer): SpannedPage {
  const spans = { starts: [], ends: [] };
  const page = new PageScanner('', new AnswerPieces(bytes), spans).inPieces();
  return { events: page.events as ScannedEvent[], total: page.total, ...spans };
}

/** When less than this is left of a piece after an event, the next event is read from a new piece that starts at it. */
const PIECE_MARGIN = 16 * 1024;

class PageScanner extends JsonTextScanner {
  /** Set when the answer is read in pieces (scanEventBytes): the piece being read is `s`. */
  readonly #pieces: AnswerPieces | undefined;
  /** The key last read (#key): where it starts, its name's length, and its name when it holds an escape. */
  #keyStart = 0;
  #keyLength = 0;
  #keyDecoded: string | undefined;
  /** Which event of the page is being read (for errors), -1 outside the events. */
  #event = -1;
  /** Set when reading spans (spanEventBytes): where each event is in the answer's bytes; bodies are then not kept. */
  readonly #spans: { starts: number[]; ends: number[] } | undefined;

  constructor(text: string, pieces?: AnswerPieces, spans?: { starts: number[]; ends: number[] }) {
    super(text);
    this.#pieces = pieces;
    this.#spans = spans;
  }

  /**
   * In pieces, a kept text is a string of its own rather than a slice of the piece: a slice keeps its piece alive,
   * and the piece then waited with its window's events long enough for V8 to copy it into its old generation, the
   * whole answer's text in the end, where a page decoded whole is made there (large objects are not copied).
   */
  protected override kept(from: number, to: number): string {
    return this.#pieces?.own(this.s, from, to) ?? this.s.slice(from, to);
  }

  /** The page read in pieces; throws whatever it cannot read (scanEventBytes then reads it as one text). */
  inPieces(): ScannedPage {
    this.restart((this.#pieces as AnswerPieces).at(0));
    return this.#page();
  }

  page(): ScannedPage {
    try {
      return this.#page();
    } catch (error) {
      // a page not as the schema has it is parsed and checked: the schema says what is wrong (or, with a member given
      // twice, that the last one is right, as JSON.parse keeps it)
      if (error instanceof Unscannable) return checkedEventPage(this.s);
      if (error instanceof SyntaxError) {
        throw ApiError.fault('InvalidResponseError', `The server's answer to a search of events was not valid JSON (${error.message}).`, undefined, 502);
      }
      throw error;
    }
  }

  #page(): ScannedPage {
    let events: ScannedEvent[] | undefined;
    let total: number | undefined;
    this.ws();
    if (this.s.charCodeAt(this.i) !== 0x7b) throw new Unscannable('not an object');
    if (this.#open(0x7d))
      do {
        this.#key();
        if (this.#isKey('events')) {
          events = this.#events();
          // what follows the events (the total) is small: the rest of the answer as one last piece
          const pieces = this.#pieces;
          if (pieces && !pieces.final) this.restart(pieces.at(pieces.byteAt(this.s, this.i), Infinity));
        }
        else if (this.#isKey('total')) total = this.#integer('total', -Infinity);
        else this.value(Form.Any);
      } while (this.#next(0x7d));
    this.ws();
    if (this.i !== this.s.length) this.syntax('unexpected text after the answer');
    if (events === undefined) throw new Unscannable('events: not an array');
    if (total === undefined) throw new Unscannable('total: missing');
    return { events, total };
  }

  #events(): ScannedEvent[] {
    const events: ScannedEvent[] = [];
    if (this.s.charCodeAt(this.i) !== 0x5b) throw new Unscannable('events: not an array');
    if (this.#open(0x5d))
      do {
        this.#event = events.length;
        if (this.s.charCodeAt(this.i) !== 0x7b) throw new Unscannable(`events.${this.#event}: not an object`);
        events.push(this.#pieces ? this.#readEventInPieces(this.#pieces) : this.#readEvent());
      } while (this.#next(0x5d));
    this.#event = -1;
    return events;
  }

  /**
   * #readEvent from a piece. An event the piece ends inside fails to read (its closing brace is not there): it is read
   * again from a piece that starts at it, twice as long each time, until the piece runs to the answer's end. When
   * little of the piece is left after an event, the next piece starts after it.
   */
  #readEventInPieces(pieces: AnswerPieces): ScannedEvent {
    for (let length = PIECE_BYTES; ; length *= 2) {
      const start = this.i;
      const spans = this.#spans;
      const from = spans ? pieces.byteAt(this.s, start) : 0;
      try {
        const event = this.#readEvent();
        if (spans) {
          spans.starts.push(from);
          spans.ends.push(pieces.byteAt(this.s, this.i));
        }
        if (!pieces.final && this.s.length - this.i < PIECE_MARGIN) this.restart(pieces.at(pieces.byteAt(this.s, this.i)));
        return event;
      } catch (error) {
        if (pieces.final) throw error;
        this.restart(pieces.at(pieces.byteAt(this.s, start), length * 2));
      }
    }
  }

  /** Reads an event: its members told apart by their key's length first, no string made of the key. */
  #readEvent(): ScannedEvent {
    let id: number | undefined;
    let type: string | undefined;
    let createdBy: string | undefined;
    let createdAt: string | undefined;
    let createdByUserId: number | null = null;
    let environment: string | null = null;
    let project: string | null = null;
    let featureName: string | null = null;
    let data: string | null = null;
    let preData: string | null = null;
    let tags: string | null = null;
    let escaped = 0;
    if (this.#open(0x7d))
      do {
        this.#key();
        switch (this.#keyLength) {
          case 2:
            if (this.#isKey('id')) {
              id = this.#integer('id', 1);
              continue;
            }
            break;
          case 4:
            if (this.#isKey('type')) {
              type = this.#rowText('type');
              if (this.escaped) escaped |= TYPE;
              continue;
            }
            if (this.#isKey('data')) {
              data = this.#body('data', Form.Json);
              continue;
            }
            if (this.#isKey('tags')) {
              tags = this.#tags();
              continue;
            }
            break;
          case 7:
            if (this.#isKey('project')) {
              project = this.#nullableText('project');
              if (project !== null && this.escaped) escaped |= PROJECT;
              continue;
            }
            if (this.#isKey('preData')) {
              preData = this.#body('preData', Form.Jsonb);
              continue;
            }
            break;
          case 9:
            if (this.#isKey('createdBy')) {
              createdBy = this.#rowText('createdBy');
              if (this.escaped) escaped |= CREATED_BY;
              continue;
            }
            if (this.#isKey('createdAt')) {
              createdAt = this.#text('createdAt');
              if (this.escaped) escaped |= CREATED_AT;
              continue;
            }
            break;
          case 11:
            if (this.#isKey('environment')) {
              environment = this.#nullableText('environment');
              if (environment !== null && this.escaped) escaped |= ENVIRONMENT;
              continue;
            }
            if (this.#isKey('featureName')) {
              featureName = this.#nullableText('featureName');
              if (featureName !== null && this.escaped) escaped |= FEATURE_NAME;
              continue;
            }
            break;
          case 15:
            if (this.#isKey('createdByUserId')) {
              createdByUserId = this.#nullableNumber('createdByUserId');
              continue;
            }
            break;
        }
        // members the copy does not keep, checked as the schema checks them
        const skipped = this.#isKey('label') ? 'label' : this.#isKey('summary') ? 'summary' : this.#isKey('groupType') ? 'groupType' : this.#isKey('groupId') ? 'groupId' : undefined;
        if (skipped === undefined) this.value(Form.Any);
        else if (!this.isNull()) this.#text(skipped, false);
      } while (this.#next(0x7d));
    if (id === undefined) throw this.#shape('id', 'expected a whole number');
    if (type === undefined) throw this.#shape('type', 'expected a string');
    if (createdBy === undefined) throw this.#shape('createdBy', 'expected a string');
    if (createdAt === undefined) throw this.#shape('createdAt', 'expected a string');
    const scalars: StoredScalars = { id, type, createdBy, createdAt, createdByUserId, environment, project, featureName };
    return new ScannedEvent(id, createdAt, scalars, { data, preData, tags }, escaped);
  }

  /** Why the page is left to JSON.parse and the schema (checkedEventPage, which says what is wrong): a member not as expected. */
  #shape(field: string, message: string): Unscannable {
    return new Unscannable(`${this.#event === -1 ? field : `events.${this.#event}.${field}`}: ${message}`);
  }

  /** Steps into an object or array at the scanner; false when it is empty (then it has been read). */
  #open(close: number): boolean {
    this.i++;
    this.ws();
    if (this.s.charCodeAt(this.i) !== close) return true;
    this.i++;
    return false;
  }

  /** After a member or element: true when another follows (the scanner is then at it), false at `close`. */
  #next(close: number): boolean {
    this.ws();
    const c = this.s.charCodeAt(this.i++);
    if (c === close) return false;
    if (c !== COMMA) this.syntax(close === 0x7d ? 'expected , or }' : 'expected , or ]');
    this.ws();
    return true;
  }

  /** Reads a member's key and its colon: its span, and its name when it holds an escape (read as JSON.parse reads it). */
  #key(): void {
    const s = this.s;
    const start = this.i;
    if (s.charCodeAt(start) !== QUOTE) this.syntax('expected a key');
    const end = this.string();
    this.#keyStart = start;
    this.#keyDecoded = this.escaped ? (JSON.parse(s.slice(start, end)) as string) : undefined;
    this.#keyLength = this.#keyDecoded === undefined ? end - start - 2 : this.#keyDecoded.length;
    this.ws();
    if (s.charCodeAt(this.i++) !== COLON) this.syntax('expected :');
    this.ws();
  }

  /**
   * Whether the key just read (#key) is `name`. A member given twice is read twice, the last one kept, as JSON.parse
   * keeps it; a first one the schema would refuse sends the page to checkedEventPage, which keeps the last.
   */
  #isKey(name: string): boolean {
    if (this.#keyDecoded !== undefined) return this.#keyDecoded === name;
    return this.#keyLength === name.length && this.s.startsWith(name, this.#keyStart + 1);
  }

  #integer(field: string, min: number): number {
    const c = this.s.charCodeAt(this.i);
    if (c !== 0x2d && (c < 0x30 || c > 0x39)) throw this.#shape(field, 'expected a whole number');
    this.numberToken();
    const value = this.number;
    if (!Number.isSafeInteger(value) || value < min) throw this.#shape(field, min === 1 ? 'expected a whole number of 1 or more' : 'expected a whole number');
    return value;
  }

  #nullableNumber(field: string): number | null {
    if (this.isNull()) return null;
    const c = this.s.charCodeAt(this.i);
    if (c !== 0x2d && (c < 0x30 || c > 0x39)) throw this.#shape(field, 'expected a number or null');
    this.numberToken();
    // 1e400 reads as Infinity, which the schema refuses
    if (!Number.isFinite(this.number)) throw this.#shape(field, 'expected a number or null');
    return this.number;
  }

  /** A string member's value; only checked when it is not `wanted`. */
  #text(field: string, wanted: false): undefined;
  #text(field: string, wanted?: true): string;
  #text(field: string, wanted = true): string | undefined {
    const s = this.s;
    const start = this.i;
    if (s.charCodeAt(start) !== QUOTE) throw this.#shape(field, 'expected a string');
    const end = this.string();
    if (!wanted) return undefined;
    return this.escaped ? (JSON.parse(s.slice(start, end)) as string) : this.kept(start + 1, end - 1);
  }

  /** A string the copy's row keeps; read for spans (the export needs only id and date), checked and not kept. */
  #rowText(field: string): string {
    if (this.#spans === undefined) return this.#text(field);
    this.#text(field, false);
    return '';
  }

  #nullableText(field: string): string | null {
    return this.isNull() ? null : this.#rowText(field);
  }

  /** data or preData: an object's text in the form the copy stores it, or null. */
  #body(field: string, form: typeof Form.Json | typeof Form.Jsonb): string | null {
    if (this.isNull()) return null;
    const start = this.i;
    if (this.s.charCodeAt(start) !== 0x7b) throw this.#shape(field, 'must be an object');
    if (this.#spans) {
      this.value(Form.Any);
      return null;
    }
    const text = this.valueText(form);
    if (text !== undefined) return text;
    const value: unknown = JSON.parse(this.s.slice(start, this.i));
    return form === Form.Json ? jsonText(value) : jsonbText(value);
  }

  #tags(): string | null {
    if (this.isNull()) return null;
    const s = this.s;
    const start = this.i;
    if (s.charCodeAt(start) !== 0x5b) throw this.#shape('tags', 'expected an array');
    this.value(Form.Any);
    if (this.i === start + 2) return null; // [], as most events have
    // tags are few and small: parsed, checked as the schema checks an answer's and written from the parsed value as
    // the remote's read keeps it (answer-check.ts: the server's key order, every member)
    const value: unknown = JSON.parse(s.slice(start, this.i));
    const tags = checkAnswer(tagsSchema, value);
    if (!tags.success) {
      const issue = tags.error.issues[0];
      throw this.#shape(['tags', ...(issue?.path ?? [])].join('.'), issue?.message ?? 'invalid');
    }
    return tags.data.length === 0 ? null : jsonText(value);
  }
}
