import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EventCreator, EventQueryPage, EventQueryParams, FlagEvent } from '../../../shared/schemas';
import { EventLog, type CopiedRow, type LogMark } from '../../backend/demo/events/event-log';
import { chunkIndexThread } from '../../backend/demo/events/chunk-index-thread';
import type { ColumnTexts } from '../../backend/demo/events/haystack';
import type { EventTextPage } from '../../backend/demo/events/event-json';
import { forgetQuoted, quoted } from '../../backend/demo/events/quoted';
import { forgetShapes } from '../../backend/event-query/pg-json-text';
import { parseStoredLine, readStoredLine } from './stored-line';
import { ScannedEvent } from './scanned-event';
import type { ValueRedactor } from '../../security/redact';

/**
 * A local copy of a remote instance's event log, searched by the demo's event-log engine (columns, interned values,
 * a text haystack: the same code that answers GET /search/events over a million demo events). The engine numbers
 * rows 1..n; this keeps the server's id of each row beside it and translates on the way in and out.
 * Events must be added oldest first (createdAt, then id, ascending), as the sync delivers them.
 */
export class LocalEventIndex {
  /** Its text chunks indexed on a worker thread: the sync stores events on the thread that answers the app. */
  readonly #log = new EventLog({ indexer: chunkIndexThread() });
  #ids = new Float64Array(1024);
  #size = 0;
  /** Server ids usually rise with time; if one does not, id lookups fall back to a scan. */
  #sorted = true;

  get size(): number {
    return this.#size;
  }

  /** The newest server id held (0 when empty): where an incremental top-up starts. */
  get newestId(): number {
    let newest = 0;
    if (this.#sorted) return this.#size ? (this.#ids[this.#size - 1] as number) : 0;
    for (let i = 0; i < this.#size; i++) newest = Math.max(newest, this.#ids[i] as number);
    return newest;
  }

  /**
   * Resolves once every text chunk stored so far has its word index from the worker (chunk-index-thread.ts), which is
   * then stopped until the next chunk: the end of a sync or of loading the copy, so that the first search does not
   * make those indexes itself.
   */
  indexed(): Promise<void> {
    return this.#log.indexed();
  }

  get newestCreatedAt(): string | null {
    return this.#size === 0 ? null : (this.#log.query({ limit: '1' }).events[0]?.createdAt ?? null);
  }

  readonly #redact: ValueRedactor | undefined;
  /** Set when a failed window could not be taken back: why this copy takes no more events. */
  #unusable: string | undefined;
  /** The last batch added in slices (addInSlices, addLinesInSlices): the next one starts after it. */
  #batches: Promise<void> = Promise.resolve();
  /** A batch is between two of its slices: add() and addLines() meanwhile would interleave with it. */
  #slicing = false;

  /**
   * `redact` scrubs tokens from each event as it is stored: the bodies go to a scratch file on disk (haystack.ts),
   * which must hold no token in clear any more than the copy's own files do, and the answers are then the same
   * before and after a restart (which reloads the redacted files).
   */
  constructor(redact?: ValueRedactor) {
    this.#redact = redact;
  }

  /**
   * Appends events, oldest first, all of them or none: a sync that fails on one (a createdAt it cannot read, a body
   * nested too deep to serialise, a full disk under the scratch file) leaves in memory what it left on disk, whole
   * windows. Each event is stored as soon as it is ready and the log rolled back on a failure: holding a whole window
   * ready before storing any kept every one of its events alive long enough to be moved out of V8's young generation,
   * some 4 s of a 1M-event sync's garbage collection. With `lines`, each event is also pushed there as its line of the
   * copy on disk (chunkLine); those too are taken back on a failure. Should the rollback itself fail (the scratch file
   * unreadable), the index takes no more events until the app is restarted.
   */
  add(events: readonly (FlagEvent | ScannedEvent)[], lines?: LineSink): void {
    this.#storeAll(events, this.#eventPreparer(lines), lines);
  }

  /**
   * add() for a window of a sync or a chunk of the copy on disk (thousands of events): stored SLICE_EVENTS at a time,
   * the event loop served between slices. The index lives on the main process's one thread, which also answers the
   * app: a window of 20,000 events stored in one go held every click's answer for 0.5-0.7 s, each window, for the
   * whole of a sync. All of them or none, as add(): a failure in any slice takes back the slices before it, and so
   * does `signal` aborting between two slices (a stop takes effect within a slice, not a window); it rejects with the
   * signal's reason. Queries meanwhile may see part of the batch, which such a failure then takes back (the copy is
   * searched only once complete, so only a top-up's new events show a slice at a time).
   */
  addInSlices(events: readonly (FlagEvent | ScannedEvent)[], lines?: LineSink, signal?: AbortSignal): Promise<void> {
    return this.#queued(() => this.#storeInSlices(events, this.#eventPreparer(lines), lines, signal));
  }

  /**
   * Appends the events of lines of the copy on disk (index-store.ts), oldest first, all of them or none, as add() does.
   * Their bodies are stored as the texts the lines hold (stored-line.ts): a restart serialises no body again. `checked`:
   * the lines are as this index wrote them (their chunk's sum matched), so their bodies are not parsed to be checked
   * either. Each line is screened for tokens as a synced event is, in the line itself.
   */
  addLines(lines: readonly string[], checked = false): void {
    this.#storeAll(lines, this.#linePreparer(checked), undefined);
  }

  /** addLines() a slice at a time, as addInSlices() (a restart loads the copy while the app answers). */
  addLinesInSlices(lines: readonly string[], checked = false): Promise<void> {
    return this.#queued(() => this.#storeInSlices(lines, this.#linePreparer(checked), undefined));
  }

  /** Batches added in slices run one after the other: two interleaved would each roll back into the other. */
  #queued(run: () => Promise<void>): Promise<void> {
    const done = this.#batches.then(run);
    this.#batches = done.catch(() => undefined);
    return done;
  }

  #eventPreparer(lines: LineSink | undefined): (event: FlagEvent | ScannedEvent) => Prepared {
    const wantLine = lines !== undefined;
    return (event) => (event instanceof ScannedEvent ? this.#prepareScanned(event, wantLine) : { id: event.id, ...this.#prepare(event, wantLine) });
  }

  #linePreparer(checked: boolean): (line: string) => Prepared {
    return (line) => this.#prepareLine(line, checked);
  }

  /** A batch stored in one go, all of it or none (add, addLines). */
  #storeAll<T>(items: readonly T[], prepare: (item: T) => Prepared, lines: LineSink | undefined): void {
    const checkpoint = this.#checkpoint(lines);
    try {
      this.#storeRange(items, 0, items.length, prepare, lines);
    } catch (error) {
      this.#undo(checkpoint, lines, error);
    }
  }

  async #storeInSlices<T>(items: readonly T[], prepare: (item: T) => Prepared, lines: LineSink | undefined, signal?: AbortSignal): Promise<void> {
    const checkpoint = this.#checkpoint(lines);
    try {
      this.#slicing = true;
      for (let from = 0; from < items.length; from += SLICE_EVENTS) {
        if (from > 0) await nextTurn();
        signal?.throwIfAborted();
        this.#storeRange(items, from, Math.min(items.length, from + SLICE_EVENTS), prepare, lines);
      }
    } catch (error) {
      this.#undo(checkpoint, lines, error);
    } finally {
      this.#slicing = false;
    }
  }

  /** Where a batch starts: what a failure anywhere in it rolls the index (and `lines`) back to. */
  #checkpoint(lines: LineSink | undefined): Checkpoint {
    if (this.#unusable !== undefined) throw new Error(this.#unusable);
    if (this.#slicing) throw new Error('LocalEventIndex: a batch is being added in slices; add this one after it');
    return { mark: this.#log.mark(), size: this.#size, sorted: this.#sorted, lineCount: lines?.length ?? 0 };
  }

  #storeRange<T>(items: readonly T[], from: number, to: number, prepare: (item: T) => Prepared, lines: LineSink | undefined): void {
    for (let i = from; i < to; i++) {
      const { id, copied, line } = prepare(items[i] as T);
      if (this.#size === this.#ids.length) {
        const grown = new Float64Array(this.#ids.length * 2);
        grown.set(this.#ids);
        this.#ids = grown;
      }
      if (this.#size > 0 && id <= (this.#ids[this.#size - 1] as number)) this.#sorted = false;
      // the id first: should the store fail after the engine counted the row, the row still has its id
      this.#ids[this.#size] = id;
      this.#log.storeCopied(copied);
      this.#size++;
      if (line !== undefined) lines?.push(line);
    }
  }

  /** Takes a failed batch back to its checkpoint and rethrows its error. */
  #undo(checkpoint: Checkpoint, lines: LineSink | undefined, error: unknown): never {
    if (lines) lines.length = checkpoint.lineCount;
    try {
      this.#log.rollBack(checkpoint.mark);
    } catch {
      // the engine could not read back what it must forget, and changed nothing: it holds part of a window the
      // copy on disk does not, so it takes no more events; a restart loads the copy from disk
      this.#unusable = `${UNUSABLE} (${error instanceof Error ? error.message : String(error)})`;
      this.#size = this.#log.size;
      throw error;
    }
    this.#size = checkpoint.size;
    this.#sorted = checkpoint.sorted;
    throw error;
  }

  /** A line of the copy on disk made ready to store: its texts as they are, unless it must be parsed (a token, another layout). */
  #prepareLine(line: string, checked: boolean): Prepared {
    const stored = readStoredLine(line, checked);
    if (stored.kind === 'parsed') return { id: stored.event.id, ...this.#prepare(stored.event, false) };
    const redact = this.#redact;
    if (redact?.mayHoldInJson(line)) return { id: stored.id, ...this.#prepare(parseStoredLine(line), false) };
    return { id: stored.id, copied: this.#log.prepareStored(stored.scalars, stored.texts), line: undefined };
  }

  /**
   * An event of a scanned page (page-scan.ts) made ready to store: its texts as the page gave them, as a line of the
   * copy on disk is stored. Screened for tokens in its line, which it is parsed from when the screen finds one.
   */
  #prepareScanned(event: ScannedEvent, wantLine: boolean): Prepared {
    const line = event.line();
    if (this.#redact?.mayHoldInJson(line)) {
      // a preData the page did not give in jsonb's order was ordered through the cache of key orders: not kept there
      forgetShapes();
      return { id: event.id, ...this.#prepare(parseStoredLine(line), wantLine) };
    }
    return { id: event.id, copied: this.#log.prepareStored(event.scalars, event.texts), line: wantLine ? line : undefined };
  }

  /**
   * One event made ready to store, with its line of the copy on disk when `wantLine`. Events almost never hold a
   * token, so each is screened in one JSON text made of the texts the engine makes anyway (its line when that is
   * wanted): one test (ValueRedactor.mayHoldInJson), where walking every event's strings took some 5 s of a 1M-event
   * sync. The event is walked only when that finds one. Every string of the event, key or value, is in that text.
   */
  #prepare(event: FlagEvent, wantLine: boolean): Omit<Prepared, 'id'> {
    const redact = this.#redact;
    const plain = toNewEvent(event);
    const copied = this.#log.prepareCopied(plain);
    const line = wantLine ? chunkLine(event.id, plain, copied.texts) : undefined;
    if (redact === undefined) return { copied, line };
    if (!redact.mayHoldInJson(line ?? joined(plain, copied.texts))) return { copied, line };
    // the line quoted the event's columns and its preData's keys as they came: none of them stays in those caches
    forgetQuoted();
    forgetShapes();
    const scrubbed = toNewEvent(redact.deep(event));
    const again = this.#log.prepareCopied(scrubbed);
    return { copied: again, line: wantLine ? chunkLine(event.id, scrubbed, again.texts) : undefined };
  }

  /** Bytes held in memory, by part (bench figures). */
  memoryBytes(): Record<string, number> {
    return { serverIds: this.#ids.byteLength, ...this.#log.memoryBytes() };
  }

  /** Who wrote the events held (as the server's GET /event-creators). */
  creators(): EventCreator[] {
    return this.#log.creators();
  }

  /** GET /search/events answered locally: same parameters, same answer shape, the server's ids. */
  query(params: EventQueryParams): EventQueryPage {
    const local = this.#engineParams(params);
    if (local === undefined) return { events: [], total: 0 };
    const page = this.#log.query(local);
    return { ...page, events: page.events.map((event) => ({ ...event, id: this.#ids[event.id - 1] as number })) };
  }

  /** query() as its events' JSON texts (EventLog.queryTexts), for an export that writes them as they are. */
  queryTexts(params: EventQueryParams): EventTextPage {
    const local = this.#engineParams(params);
    if (local === undefined) return { events: [], total: 0, bytes: Buffer.alloc(0), starts: [0] };
    return this.#log.queryTexts(local, (index) => this.#ids[index] as number);
  }

  /** The parameters as the engine numbers its rows (an `id` filter names server ids); undefined: no id is held. */
  #engineParams(params: EventQueryParams): EventQueryParams | undefined {
    if (params.id === undefined) return params;
    const positions = operands(params.id)
      .map((id) => this.#position(Number(id)))
      .filter((position): position is number => position !== undefined);
    if (positions.length === 0) return undefined;
    return { ...params, id: `IS_ANY_OF:${positions.map((p) => p + 1).join(',')}` };
  }

  #position(id: number): number | undefined {
    if (!Number.isInteger(id)) return undefined;
    if (!this.#sorted) {
      for (let i = 0; i < this.#size; i++) if (this.#ids[i] === id) return i;
      return undefined;
    }
    let low = 0;
    let high = this.#size - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const value = this.#ids[mid] as number;
      if (value === id) return mid;
      if (value < id) low = mid + 1;
      else high = mid - 1;
    }
    return undefined;
  }
}

/**
 * Where the index puts the line of the copy on disk of each event it stores (a string[], or a ChunkText that writes
 * it as bytes at once): pushed in order, and cut back to an earlier length when a batch is taken back.
 */
export interface LineSink {
  push(line: string): unknown;
  length: number;
}

/** Events stored between two turns of the event loop: some 10-15 ms of this thread on a two-core machine. */
const SLICE_EVENTS = 250;

/** Where a batch started (LocalEventIndex.#checkpoint). */
interface Checkpoint {
  mark: LogMark;
  size: number;
  sorted: boolean;
  lineCount: number;
}

const UNUSABLE = 'The local event copy in memory could not take back a window it failed to store; restart Flagdesk to load the copy again from disk';

/** Every string of a stored event, in one text (its bodies as the engine's texts). */
function joined(stored: ReturnType<typeof toNewEvent>, texts: ColumnTexts): string {
  const columns = JSON.stringify([stored.type, stored.createdBy, stored.createdAt, stored.project, stored.featureName, stored.environment]);
  return [columns, texts.data ?? '', texts.preData ?? '', texts.tags ?? ''].join('\u0000');
}

/** An event ready to store (the server's id), with its line of the copy on disk when one is wanted. */
interface Prepared {
  id: number;
  copied: CopiedRow;
  line: string | undefined;
}

function operands(value: string): string[] {
  const colon = value.indexOf(':');
  return value
    .slice(colon + 1)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** What the engine stores of an event (label and summary are recomputed on read, as the server computes them). */
export function toNewEvent(event: FlagEvent) {
  return {
    type: event.type,
    createdBy: event.createdBy,
    createdAt: event.createdAt,
    createdByUserId: event.createdByUserId ?? null,
    project: event.project ?? null,
    featureName: event.featureName ?? null,
    environment: event.environment ?? null,
    data: event.data ?? null,
    preData: event.preData ?? null,
    tags: event.tags ?? [],
  };
}

/**
 * An event as one JSON line of the copy on disk: what the index holds of it (redacted, without label and summary),
 * its bodies as the texts the index just made of them rather than serialised again (serialising chunks was a tenth of
 * a full sync's own work). preData is in the key order the index keeps (jsonb's), which reads back the same. A scanned
 * page's event writes its line the same way (ScannedEvent.line, page-scan.ts) as the index stores it.
 */
function chunkLine(id: number, event: ReturnType<typeof toNewEvent>, texts: ColumnTexts): string {
  // joined rather than concatenated: a line in a string[] waits in memory for its chunk, and as a rope of its pieces it
  // kept some twenty objects alive each (the full sync's garbage collection doubled). The repeating columns are
  // quoted once.
  return [
    `{"id":${JSON.stringify(id)},"type":${quoted(event.type)},"createdBy":${quoted(event.createdBy)},"createdAt":${JSON.stringify(event.createdAt)}` +
      `,"createdByUserId":${JSON.stringify(event.createdByUserId)},"environment":${quoted(event.environment)},"project":${quoted(event.project)}` +
      `,"featureName":${quoted(event.featureName)},"data":`,
    texts.data ?? 'null',
    ',"preData":',
    texts.preData ?? 'null',
    ',"tags":',
    texts.tags ?? '[]',
    '}',
  ].join('');
}
