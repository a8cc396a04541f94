import { z } from 'zod';
import { ApiError } from '../../../shared/errors';
import { eventQueryPageSchema, eventTagSchema, type EventQueryParams, type FlagEvent } from '../../../shared/schemas';
import { jsonOrUndefined } from '../../../shared/json';
import type { AdminBackend } from '../../backend/admin-backend';
import { jsonbText, jsonText } from '../../backend/event-query/pg-json-text';
import type { StoredScalars } from './stored-line';
import { COLON, COMMA, Form, JsonTextScanner, QUOTE, Unscannable } from './json-text-scanner';
import { checkAnswer } from '../../backend/remote/answer-check';

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
 * has it is parsed and checked as before (parsedPage), so the schema says what is wrong. The text must be decoded
 * UTF-8, as an answer's is: it then holds no lone surrogate, which JSON.stringify would escape.
 */

/** An event of a scanned page: what the copy stores of it. */
export class ScannedEvent {
  constructor(
    readonly id: number,
    readonly createdAt: string,
    readonly scalars: StoredScalars,
    readonly texts: { data: string | null; preData: string | null; tags: string | null },
    /** Its line of the copy on disk, as the index writes one (local-event-index.ts). */
    readonly line: string,
  ) {}
}

/** A scanned page: its events as scanned, or parsed when the scanner left the page to JSON.parse (parsedPage). */
export interface ScannedPage {
  events: (ScannedEvent | FlagEvent)[];
  total: number;
}

const tagsSchema = z.array(eventTagSchema);

/** A page of the server's search as the sync reads it: the answer's text, scanned. */
export async function scannedSearch(backend: AdminBackend, params: EventQueryParams, signal: AbortSignal): Promise<ScannedPage> {
  return scanEventPage(await backend.withSignal(signal).queryEventsText(params));
}

/** Throws an ApiError (InvalidResponseError, as a parsed answer's check does) naming where the page is not one. */
export function scanEventPage(text: string): ScannedPage {
  return new PageScanner(text).page();
}

/**
 * A page the scanner does not read (a member not as the schema has it, which a later one of the same name may
 * replace, as JSON.parse keeps the last; nesting deeper than the scanner goes), parsed and checked as the remote's read
 * of an answer is: the schema says what is wrong, if anything. No server sends one, so it need not be fast.
 */
function parsedPage(text: string): ScannedPage {
  const json = jsonOrUndefined(text);
  if (json === undefined) throw ApiError.fault('InvalidResponseError', "The server's answer to a search of events was not valid JSON.", undefined, 502);
  const page = checkAnswer(eventQueryPageSchema, json);
  if (!page.success) {
    const issue = page.error.issues[0];
    const where = issue && issue.path.length ? ` at ${issue.path.join('.')}` : '';
    throw ApiError.fault('InvalidResponseError', `The server's answer to a search of events did not have the expected shape${where}: ${issue?.message ?? 'invalid'}.`, undefined, 502);
  }
  return page.data;
}

class PageScanner extends JsonTextScanner {
  /** The key last read (#key): where it starts, its name's length, and its name when it holds an escape. */
  #keyStart = 0;
  #keyLength = 0;
  #keyDecoded: string | undefined;
  /** Where the string last read by #text starts. */
  #textStart = 0;
  /** Which event of the page is being read (for errors), -1 outside the events. */
  #event = -1;

  page(): ScannedPage {
    try {
      return this.#page();
    } catch (error) {
      // a page not as the schema has it is parsed and checked: the schema says what is wrong (or, with a member given
      // twice, that the last one is right, as JSON.parse keeps it)
      if (error instanceof Unscannable) return parsedPage(this.s);
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
        if (this.#isKey('events')) events = this.#events();
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
        events.push(this.#readEvent());
      } while (this.#next(0x5d));
    this.#event = -1;
    return events;
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
    // each string column as its JSON text, for the event's line of the copy on disk
    let typeJson = '';
    let createdByJson = '';
    let createdAtJson = '';
    let environmentJson = 'null';
    let projectJson = 'null';
    let featureNameJson = 'null';
    let data: string | null = null;
    let preData: string | null = null;
    let tags: string | null = null;
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
              type = this.#text('type');
              typeJson = this.#json(type);
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
              projectJson = this.#json(project);
              continue;
            }
            if (this.#isKey('preData')) {
              preData = this.#body('preData', Form.Jsonb);
              continue;
            }
            break;
          case 9:
            if (this.#isKey('createdBy')) {
              createdBy = this.#text('createdBy');
              createdByJson = this.#json(createdBy);
              continue;
            }
            if (this.#isKey('createdAt')) {
              createdAt = this.#text('createdAt');
              createdAtJson = this.#json(createdAt);
              continue;
            }
            break;
          case 11:
            if (this.#isKey('environment')) {
              environment = this.#nullableText('environment');
              environmentJson = this.#json(environment);
              continue;
            }
            if (this.#isKey('featureName')) {
              featureName = this.#nullableText('featureName');
              featureNameJson = this.#json(featureName);
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
    // the line as chunkLine (local-event-index.ts) writes it, from the page's own JSON texts: joined, not concatenated,
    // so it waits for its chunk as one string rather than a rope of its pieces
    const line = [
      '{"id":', String(id), ',"type":', typeJson, ',"createdBy":', createdByJson, ',"createdAt":', createdAtJson,
      ',"createdByUserId":', JSON.stringify(createdByUserId), ',"environment":', environmentJson, ',"project":', projectJson,
      ',"featureName":', featureNameJson, ',"data":', data ?? 'null', ',"preData":', preData ?? 'null', ',"tags":', tags ?? '[]', '}',
    ].join('');
    return new ScannedEvent(id, createdAt, scalars, { data, preData, tags }, line);
  }

  /** Why the page is left to JSON.parse and the schema (parsedPage, which says what is wrong): a member not as expected. */
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
   * keeps it; a first one the schema would refuse sends the page to parsedPage, which keeps the last.
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
    this.#textStart = start;
    const end = this.string();
    if (!wanted) return undefined;
    return this.escaped ? (JSON.parse(s.slice(start, end)) as string) : s.slice(start + 1, end - 1);
  }

  /** The string just read (#text) as JSON.stringify writes it: its text in the page, unless written otherwise there. */
  #json(value: string | null): string {
    if (value === null) return 'null';
    return this.escaped && !this.plainEscapes ? JSON.stringify(value) : this.s.slice(this.#textStart, this.i);
  }

  #nullableText(field: string): string | null {
    return this.isNull() ? null : this.#text(field);
  }

  /** data or preData: an object's text in the form the copy stores it, or null. */
  #body(field: string, form: typeof Form.Json | typeof Form.Jsonb): string | null {
    if (this.isNull()) return null;
    const start = this.i;
    if (this.s.charCodeAt(start) !== 0x7b) throw this.#shape(field, 'must be an object');
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
