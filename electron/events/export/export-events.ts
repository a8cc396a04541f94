import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { EventQueryPage, EventQueryParams, FlagEvent } from '../../../shared/schemas';
import type { ExportColumn, ExportFilter, ExportFormat, ExportProgress } from '../../../shared/schemas/event-export';
import { dayOf, newestWindowsFirst, settledSearch } from '../date-windows';
import { fileWriteError } from '../../storage/write-problem';
import { answerText } from '../../backend/remote/response';
import { eventFormat, type Piece } from './event-format';
import type { EventTextPage } from '../../backend/demo/events/event-json';
import { eventTexts, type EventTexts } from './event-text';
import type { ValueRedactor } from '../../security/redact';
import type { AnswerBytes } from '../../backend/operations/events';
import { spanEventBytes, type SpannedPage } from '../local-index/page-scan';
import { PIECE_BYTES } from '../local-index/answer-pieces';
import { checkedEventPage } from '../local-index/checked-page';

/** The file operations an export uses (tests inject a full disk or a read-only folder). */
export type ExportFiles = Pick<typeof fs, 'open' | 'rename' | 'rm' | 'stat'>;

export interface ExportJob {
  /** One page of the search; must honour `signal` (the remote backend's withSignal view does). */
  query(params: EventQueryParams, signal: AbortSignal): Promise<EventQueryPage>;
  /**
   * The page from a complete local copy as its events' JSON texts (EventLog.queryTexts), or null when it comes from
   * `query`. The JSON formats write those bytes as they are: parsing each event's bodies from the copy only to
   * serialise them again was most of an export of a local copy. No signal: the copy answers at once, and a cancel is
   * checked before each page. The bytes are what JSON.stringify of the parsed event gives, except that a preData with
   * integer-like keys keeps its stored order (as the demo-server's answers do, event-json.ts): the same JSON value.
   */
  texts?(params: EventQueryParams): Promise<EventTextPage | null>;
  /**
   * The server's answer to `query`'s request as its bytes (AdminBackend.queryEventsBytes), for the JSON formats, which
   * write each event's text as the server sent it: checked as the schema has it and written from the bytes, never
   * decoded whole. A page of 1,000 events decoded into one string was a string V8 makes in pages fresh from the kernel,
   * ~3 s of an export of a million events, and parsing it whole 2.5 s more.
   */
  bytes?(params: EventQueryParams, signal: AbortSignal): Promise<AnswerBytes>;
  filter: ExportFilter;
  format: ExportFormat;
  columns: readonly ExportColumn[];
  /** Where the user chose to save. Nothing appears under this name until the whole result is written. */
  target: string;
  signal: AbortSignal;
  onProgress?(progress: ExportProgress): void;
  /** Scrubs every known token from the events before they are written (every format). */
  redact?: ValueRedactor;
  now?: () => Date;
  files?: ExportFiles;
}

export class ExportCancelled extends Error {
  constructor() {
    super('Export cancelled');
    this.name = 'ExportCancelled';
  }
}

/**
 * Walks the filtered search in date windows, newest first (so no request asks for a large offset), and streams it to
 * a temporary file beside the target, then renames it into place. On cancel or failure the temporary file is
 * removed: the chosen name only ever holds a complete export (or whatever was there before). Resolves to the number
 * of events written. A file that cannot be written rejects with a FileWriteError naming the file and why.
 */
export async function exportEvents(job: ExportJob): Promise<number> {
  const temporary = join(dirname(job.target), `.${basename(job.target)}.${randomBytes(6).toString('hex')}.part`);
  const format = eventFormat(job.format, job.columns);
  const now = job.now ?? (() => new Date());
  const redactor = job.redact;
  // the JSON formats (the ones that frame texts) write each event as the server's text when the page came as text
  // (a remote's answer), or as a local copy's bytes
  const writesTexts = format.framed !== undefined;
  const oneLine = job.format === 'jsonl';
  /**
   * The answer each event of a remote page came in, screened once its page is written (redact). Its text is let go
   * then: held by each event until the events are collected, the texts raised the export's peak RSS by ~15 MB.
   */
  const answerOf = new WeakMap<FlagEvent, { text: string | undefined; clean: boolean }>();
  /** The JSON text of each event of the page being written that came without the server's: made once, to screen it and to write it. */
  const own = new Map<FlagEvent, string>();
  /**
   * Scrubs a page as it is written, with the tokens known then (one saved while the page waited is scrubbed too). A
   * remote page whose whole answer holds no token (ValueRedactor.mayHoldInJson, one test) is written as it came. Any
   * other event is screened in its own JSON text and walked only when that may hold one: walking every event of a
   * local copy's pages (which come without a text) took 22 of the 46 s an export of a million events took. An event
   * whose served text may hold one is written from its scrubbed copy, never from that text: a key the server gave
   * twice holds in the text what the parse dropped.
   */
  const redact = (events: FlagEvent[]): FlagEvent[] => {
    if (redactor === undefined) return events;
    const inCleanAnswer = (event: FlagEvent): boolean => {
      const answer = answerOf.get(event);
      if (answer === undefined) return false;
      if (answer.text !== undefined) {
        answer.clean = !redactor.mayHoldInJson(answer.text);
        answer.text = undefined;
      }
      return answer.clean;
    };
    return events.map((event) => {
      if (inCleanAnswer(event)) return event;
      const served = textOf(event);
      const text = served ?? JSON.stringify(event);
      if (redactor.mayHoldInJson(text)) {
        const scrubbed = redactor.deep(event);
        // a new object either way: the format writes it from itself, not from the served text
        return scrubbed === event ? { ...event } : scrubbed;
      }
      if (served === undefined && writesTexts) own.set(event, text);
      return event;
    });
  };
  const today = () => dayOf(now());
  /** A parsed page of the server's, with the text it was read from when there is one (each event's is written). */
  const withText = (result: EventQueryPage, text: string | undefined): EventQueryPage => {
    if (redactor !== undefined && text !== undefined) {
      const answer = { text, clean: false };
      for (const event of result.events) answerOf.set(event, answer);
    }
    const texts = writesTexts ? eventTexts(result, text) : undefined;
    if (texts) recent = [...recent.slice(-1), texts];
    return result;
  };
  const fromServer = (params: EventQueryParams): Promise<EventQueryPage> =>
    job.query(params, job.signal).then((result) => withText(result, answerText(result)));
  /** A page of the server's as its answer's bytes: each event written from them (textPieces), its buffer given back once written. */
  const fromBytes = async (bytes: NonNullable<ExportJob['bytes']>, params: EventQueryParams): Promise<{ events: Walked[]; total: number }> => {
    const answer = await bytes(params, job.signal);
    let spanned: SpannedPage;
    try {
      spanned = spanEventBytes(answer.bytes);
    } catch {
      // an answer not as the scanner reads it is read whole, as before: the schema says what is wrong, if anything
      const text = answer.bytes.toString('utf8');
      answer.release();
      return withText(checkedEventPage(text), text);
    }
    const page: TextPage = { bytes: answer.bytes, starts: spanned.starts, ends: spanned.ends, release: answer.release };
    return { events: spanned.events.map((event, k) => new TextEvent(event.id, event.createdAt, page, k)), total: spanned.total };
  };
  const query = readAhead(today, async (params: EventQueryParams): Promise<{ events: Walked[]; total: number }> => {
    if (job.signal.aborted) throw new ExportCancelled();
    const local = writesTexts && job.texts ? await job.texts(params) : null;
    if (local !== null) return { events: local.events.map((event, k) => new TextEvent(event.id, event.createdAt, local, k)), total: local.total };
    return writesTexts && job.bytes ? fromBytes(job.bytes, params) : fromServer(params);
  });
  /**
   * A page of texts (a local copy's, or a server's answer's bytes) as it is written, its bytes as they are. Screened
   * for a token with the tokens known then, a run of events of up to PIECE_BYTES at a time (a string under V8's
   * large-object size); in a run that may hold one, each event is, and one that may is parsed, scrubbed and written from
   * its scrubbed copy (which drops a key the server gave twice, as the parse does).
   */
  const framedTexts = (events: readonly TextEvent[], first: boolean): Piece[] => {
    // text pages are asked for only by a format that frames texts (the query above)
    if (format.framed === undefined) throw new Error('exportEvents: a page of texts for a format that writes none');
    return format.framed(textPieces(events), first);
  };
  const textPieces = (events: readonly TextEvent[]): Piece[] => {
    const pieces: Piece[] = [];
    for (let from = 0; from < events.length; ) {
      const head = events[from] as TextEvent;
      let to = from + 1;
      while (to < events.length && (events[to] as TextEvent).page === head.page && (events[to] as TextEvent).end - head.start <= PIECE_BYTES) to++;
      const { bytes } = head.page;
      const end = (events[to - 1] as TextEvent).end;
      const clean = redactor === undefined || !redactor.mayHoldInJson(bytes.toString('utf8', head.start, end));
      // a server that writes its JSON spread over lines: JSON Lines holds each event on one line
      const flat = !oneLine || !bytes.subarray(head.start, end).includes(NEWLINE);
      for (; from < to; from++) {
        const event = events[from] as TextEvent;
        const piece = bytes.subarray(event.start, event.end);
        const text = clean ? undefined : piece.toString('utf8');
        if (text !== undefined && redactor?.mayHoldInJson(text)) pieces.push(JSON.stringify(redactor.deep(JSON.parse(text) as unknown)));
        else if (!flat && piece.includes(NEWLINE)) pieces.push(JSON.stringify(JSON.parse(text ?? piece.toString('utf8')) as unknown));
        else pieces.push(piece);
      }
    }
    return pieces;
  };
  /** Gives back the answers' buffers of a page of texts once it is written (a local copy's pages have none). */
  const released = (events: readonly TextEvent[]): void => {
    let last: TextPage | undefined;
    for (const { page } of events) {
      if (page !== last) page.release?.();
      last = page;
    }
  };
  /**
   * The texts of the page being written and of the one read ahead; a page's are let go once it is written (they
   * hold its events and its answer's text: kept longer, the export's peak RSS rose by tens of MB).
   */
  let recent: EventTexts[] = [];
  const textOf = (event: FlagEvent): string | undefined => {
    for (const texts of recent) {
      const text = texts.get(event);
      if (text !== undefined) return text;
    }
    return undefined;
  };
  const textOrOwn = (event: FlagEvent): string | undefined => textOf(event) ?? own.get(event);
  const done = (events: readonly FlagEvent[]): void => {
    const last = events.at(-1);
    // only the page written: the page after it may have arrived before it and come earlier in the list
    if (last !== undefined) recent = recent.filter((texts) => !texts.has(last));
  };
  const files = job.files ?? fs;
  // every file operation's failure says which file and why (the page's own failures pass through as they are)
  const disk = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      return await operation();
    } catch (error) {
      throw fileWriteError(job.target, error);
    }
  };
  // a folder under the chosen name would only fail at the end, after every page was fetched
  const existing = await files.stat(job.target).catch(() => undefined);
  if (existing?.isDirectory()) throw fileWriteError(job.target, Object.assign(new Error('is a folder'), { code: 'EISDIR' }));
  const file = await disk(() => files.open(temporary, 'wx', 0o600));
  let closed = false;
  /**
   * A page's pieces are encoded into a buffer kept for the whole export and written with one call: a fresh buffer of
   * ~0.7 MB for each of a thousand pages left the process's allocator holding tens of MB more at its peak. Two such
   * buffers, taken in turn, so that a page is written while the next is made: awaited at once, the writes held the
   * export ~4.8 s of a million events' ~14 s (the thread pool's write shares two cores with the server). One write is
   * in flight at a time, so the file is written in order; its failure is thrown by the next page's write or by flush.
   */
  const scratch = [Buffer.allocUnsafeSlow(1 << 20), Buffer.allocUnsafeSlow(1 << 20)];
  let turn = 0;
  let writing: Promise<unknown> | undefined;
  const flush = async (): Promise<void> => {
    const pending = writing;
    writing = undefined;
    await pending;
  };
  const writePieces = async (pieces: readonly Piece[]): Promise<void> => {
    let buffer = scratch[turn] as Buffer;
    let length = 0;
    for (const piece of pieces) {
      // UTF-8 takes at most 3 bytes for each UTF-16 unit: grow before a piece that might not fit
      const room = typeof piece === 'string' ? piece.length * 3 : piece.length;
      if (buffer.length - length < room) {
        const grown = Buffer.allocUnsafeSlow(Math.max(buffer.length * 2, length + room));
        buffer.copy(grown, 0, 0, length);
        buffer = scratch[turn] = grown;
      }
      if (typeof piece === 'string') length += buffer.write(piece, length);
      else {
        buffer.set(piece, length);
        length += piece.length;
      }
    }
    await flush();
    writing = file.write(buffer, 0, length);
    // met by the next flush: unhandled meanwhile, a failure would end the process
    writing.catch(() => undefined);
    turn = 1 - turn;
  };
  try {
    await disk(() => file.write(format.head()));
    let written = 0;
    let total = 0;
    const pages = newestWindowsFirst(query, job.filter, { today, onTotal: (count) => (total = count), hint: query.hint });
    // Windows are disjoint days and each drops the ids it already gave (events arriving meanwhile push its pages
    // down), so nothing is written twice; the windows already written are older than anything that arrives.
    for await (const page of pages) {
      if (job.signal.aborted) throw new ExportCancelled();
      // a page comes from one source, so one of the two is empty; were both not, the second would not open the file
      const { texts, parsed } = sources(page.events);
      if (texts.length > 0) {
        await disk(() => writePieces(framedTexts(texts, written === 0)));
        released(texts);
      }
      if (parsed.length > 0) await disk(() => writePieces(format.page(redact(parsed), written === 0 && texts.length === 0, textOrOwn)));
      own.clear();
      done(parsed);
      written += page.events.length;
      job.onProgress?.({ written, total: Math.max(total, written), done: false });
    }
    job.onProgress?.({ written, total: written, done: true });
    await disk(flush);
    await disk(() => file.write(format.tail()));
    await disk(() => file.sync());
    closed = true;
    await disk(() => file.close());
    await disk(() => files.rename(temporary, job.target));
    return written;
  } catch (error) {
    await writing?.catch(() => undefined);
    if (!closed) await file.close().catch(() => undefined);
    await files.rm(temporary, { force: true }).catch(() => undefined);
    if (job.signal.aborted) throw new ExportCancelled();
    throw error;
  }
}

const NEWLINE = 0x0a;

/**
 * Events' texts in one buffer: a local copy's page (EventTextPage, event k ends where k + 1 starts) or a server's
 * answer (its events apart, each [starts[k], ends[k]), its buffer given back once the page is written). A page read
 * ahead that the walk drops is never given back: its buffer is left to the collector.
 */
interface TextPage {
  bytes: Buffer;
  starts: readonly number[];
  ends?: readonly number[];
  release?(): void;
}

/** An event of a page of texts: its id and date for the walk, its text bytes k of `page`. */
class TextEvent {
  constructor(
    readonly id: number,
    readonly createdAt: string,
    readonly page: TextPage,
    readonly k: number,
  ) {}

  get start(): number {
    return this.page.starts[this.k] as number;
  }

  get end(): number {
    return (this.page.ends ? this.page.ends[this.k] : this.page.starts[this.k + 1]) as number;
  }
}

/** What the walk goes over: events parsed (a server's page, or any page of a CSV export) or as their texts. */
type Walked = FlagEvent | TextEvent;

/** A page's events by kind (a page comes from one source, so one of the two is empty). */
function sources(events: readonly Walked[]): { texts: TextEvent[]; parsed: FlagEvent[] } {
  const texts: TextEvent[] = [];
  const parsed: FlagEvent[] = [];
  for (const event of events) {
    if (event instanceof TextEvent) texts.push(event);
    else parsed.push(event);
  }
  return { texts, parsed };
}

/**
 * Keeps the next page of a window asked for while the walk turns the one it has into text and writes it. In a window
 * that can no longer grow (date-windows.ts settled()) it is asked as soon as the walk asks for the page before it
 * (the window's total, from its pages so far, says it exists), so the server prepares it while the page before is in
 * transit, parsed and written: asked only once the page before had arrived, the server and the export took turns. In
 * a window still growing it is asked only then: answered before the page before it, with an event arriving between
 * the two answers, one event would fall between the pages. One page ahead: a second cost more memory than it saved
 * time. The window walk asks the same parameters with the next offset; any other request goes to the server as usual,
 * and a page read ahead but never asked for (the window was split) is dropped. `hint` asks the next window's first page
 * early, when the walk says which it will be (newestWindowsFirst): held apart, so the window's own page ahead stays.
 */
export function readAhead<P extends { events: readonly unknown[]; total: number }>(
  today: () => string,
  query: (params: EventQueryParams) => Promise<P>,
): ((params: EventQueryParams) => Promise<P>) & { hint(params: EventQueryParams): void } {
  let ahead: { key: string; page: Promise<P> } | undefined;
  /** The next window's first page, asked on the walk's word (newestWindowsFirst's hint); kept apart from `ahead`. */
  let hinted: { key: string; page: Promise<P> } | undefined;
  /** The total the last page of a window answered (the window: its parameters without the offset). */
  let known: { window: string; total: number } | undefined;
  const early = (params: EventQueryParams): Promise<P> => {
    const page = Promise.resolve().then(() => query(params));
    // read or dropped, its failure must not go unhandled: the walk meets it when it asks for that page
    page.catch(() => undefined);
    return page;
  };
  const hint = (params: EventQueryParams): void => {
    const key = JSON.stringify(params);
    if (hinted?.key !== key && ahead?.key !== key) hinted = { key, page: early(params) };
  };
  const read = (params: EventQueryParams): Promise<P> => {
    const key = JSON.stringify(params);
    const page = ahead?.key === key ? ahead.page : hinted?.key === key ? hinted.page : query(params);
    if (hinted?.key === key) hinted = undefined;
    ahead = undefined;
    const offset = Number(params.offset ?? 0);
    const limit = Number(params.limit);
    if (!Number.isInteger(limit) || limit <= 0) return page;
    const window = JSON.stringify({ ...params, offset: undefined });
    const askNext = (total: number): void => {
      if (ahead !== undefined || offset + limit >= total) return;
      const next = { ...params, offset: String(offset + limit) };
      ahead = { key: JSON.stringify(next), page: early(next) };
    };
    if (known?.window === window && settledSearch(params, today())) askNext(known.total);
    return page.then((result) => {
      known = { window, total: result.total };
      if (result.events.length === limit) askNext(result.total);
      return result;
    });
  };
  return Object.assign(read, { hint });
}
