import type { EventTag, FlagEvent } from '../../../../shared/schemas/event';
import { describeEvent, summaryReads } from '../../../../shared/domain/event-summary';
import { quoted } from './quoted';

/**
 * A page of GET /api/admin/search/events written as the UTF-8 JSON text of `{ events, total }` straight from the
 * stored bodies, for the HTTP face (electron/backend/http/json-text-reads.ts). The bodies are already JSON (haystack.ts
 * keeps them as Postgres's json/jsonb text, as UTF-8), so their bytes are copied into the answer: parsing them into
 * objects only for JSON.stringify to write them out again, and encoding that, was most of what the demo-server did
 * to answer a page of an export.
 *
 * The answer is the bytes JSON.stringify of EventLog.query's page gives (event-json.test.ts): the scalar columns,
 * label and summary are written with JSON.stringify as before (createdAt, an ISO date, needs no escaping), data and
 * tags are JSON.stringify's own text, and preData's jsonb text loses the spaces jsonb puts after `,` and `:`. One
 * difference, of bytes only: an object of preData with integer-like keys ("10") keeps jsonb's key order, where a
 * parse and stringify would put those keys first; JSON.parse gives the same object either way. Of the bodies, only
 * those the event's summary reads are parsed (summaryView).
 */

/** The columns of a record that are not JSON bodies, in the record's key order. */
export interface EventScalars {
  id: number;
  type: string;
  createdBy: string;
  createdAt: string;
  createdByUserId: number | null;
  featureName: string | null;
  project: string | null;
  environment: string | null;
}

/**
 * A page of the search as its events' JSON texts (EventLog.queryTexts): event k is bytes[starts[k], starts[k + 1]),
 * and `events` names each by id and date, as the date windows that walk the search need.
 */
export interface EventTextPage {
  events: { id: number; createdAt: string }[];
  total: number;
  bytes: Buffer;
  starts: number[];
}

const NUL = 0;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SPACE = 0x20;
/** '[]' is the tags column's default and what the record answers for no tags. */
const NO_TAGS = '[]';

/**
 * How the events are framed: the page's JSON object (the HTTP face), or nothing, the events' texts back to back (the
 * export of a local copy, which frames them itself).
 */
export interface PageFraming {
  open: string;
  separator: string;
  close(total: number): string;
}

const ANSWER_PAGE: PageFraming = { open: '{"events":[', separator: ',', close: (total) => `],"total":${total}}` };
export const BARE_EVENTS: PageFraming = { open: '', separator: '', close: () => '' };

/**
 * Writes the page into one buffer, grown by doubling; finish() answers the bytes written. Each event is one encode of
 * text (its scalars, joined with the previous event's closing ones), the stored bytes of data and tags copied, and
 * preData's compacted. Event k's text starts at starts[k].
 */
export class EventPageWriter {
  private buffer: Buffer;
  private length = 0;
  /** Text still to be written before the next event's bytes: the previous event's closing members. */
  private pending: string;
  private events = 0;
  readonly starts: number[] = [];

  constructor(
    events: number,
    private readonly unleashUrl?: string,
    private readonly framing: PageFraming = ANSWER_PAGE,
  ) {
    // about 700 bytes an event on the seeded log: most pages fit the first buffer
    this.buffer = Buffer.allocUnsafe(Math.max(4096, events * 1024));
    this.pending = framing.open;
  }

  /** One event: its scalars, and its stored part `bytes[from, to)` (data NUL preData NUL tags, empty when null). */
  event(row: EventScalars, bytes: Buffer, from: number, to: number): void {
    const first = bytes.indexOf(NUL, from);
    const second = bytes.indexOf(NUL, first + 1);
    if (first === -1 || second === -1 || second >= to) throw new Error(`EventPageWriter: event ${row.id} has no stored body parts`);
    const { label, summary } = describeEvent(summaryView(row, bytes, from, first, second, to), this.unleashUrl);
    this.text(this.events++ === 0 ? this.pending : this.pending + this.framing.separator);
    this.starts.push(this.length);
    this.text(
      `{"id":${row.id},"type":${quoted(row.type)},"createdBy":${quoted(row.createdBy)}` +
        `,"createdAt":"${row.createdAt}","createdByUserId":${JSON.stringify(row.createdByUserId)},"data":`,
    );
    this.part(bytes, from, first, NULL_BYTES);
    this.ascii(PRE_DATA_KEY);
    if (first + 1 === second) this.ascii(NULL_BYTES);
    else this.compact(bytes, first + 1, second);
    this.ascii(TAGS_KEY);
    this.part(bytes, second + 1, to, NO_TAGS_BYTES);
    this.pending =
      `,"featureName":${quoted(row.featureName)},"project":${quoted(row.project)},"environment":${quoted(row.environment)}` +
        `,"label":${quoted(label)},"summary":${JSON.stringify(summary)}}`;
  }

  /** The bytes written; with BARE_EVENTS, the last event ends where they do. */
  finish(total: number): Buffer {
    this.text(this.pending + this.framing.close(total));
    return this.buffer.subarray(0, this.length);
  }

  /** A stored JSON text, or `empty` for a null column. */
  private part(bytes: Buffer, from: number, to: number, empty: Uint8Array): void {
    if (from === to) {
      this.ascii(empty);
      return;
    }
    this.room(to - from);
    this.length += bytes.copy(this.buffer, this.length, from, to);
  }

  /**
   * preData's jsonb text without the spaces jsonb writes after each `,` and `:` (whitespace outside strings): the
   * answer then has the bytes JSON.stringify wrote before, as a real server's has, and so has an export that keeps
   * the server's text of each event (electron/events/export/event-text.ts).
   */
  private compact(bytes: Buffer, from: number, to: number): void {
    this.room(to - from);
    const out = this.buffer;
    let at = this.length;
    let inString = false;
    for (let i = from; i < to; i++) {
      const c = bytes[i] as number;
      if (inString) {
        out[at++] = c;
        if (c === BACKSLASH) out[at++] = bytes[++i] as number;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) {
        out[at++] = c;
        inString = true;
      } else if (c !== SPACE && c !== 0x0a && c !== 0x0d && c !== 0x09) out[at++] = c;
    }
    this.length = at;
  }

  /** A few constant bytes, copied here rather than through a call into Node. */
  private ascii(bytes: Uint8Array): void {
    this.room(bytes.length);
    const buffer = this.buffer;
    let at = this.length;
    for (let i = 0; i < bytes.length; i++) buffer[at++] = bytes[i] as number;
    this.length = at;
  }

  private text(value: string): void {
    this.room(value.length * 3); // a UTF-16 unit is at most 3 UTF-8 bytes
    this.length += this.buffer.write(value, this.length, 'utf8');
  }

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}

const PRE_DATA_KEY = Buffer.from(',"preData":');
const TAGS_KEY = Buffer.from(',"tags":');
const NULL_BYTES = Buffer.from('null');
const NO_TAGS_BYTES = Buffer.from(NO_TAGS);

/**
 * The record as describeEvent reads it: the scalar columns, and only the bodies its type's summary reads
 * (summaryReads) parsed; the others are `{}` (or null), which words it the same. Toggles and most other events are
 * worded from their scalars alone. One plain shape for every event, so that describeEvent's reads stay fast.
 */
function summaryView(row: EventScalars, bytes: Buffer, from: number, first: number, second: number, to: number): FlagEvent {
  const reads = summaryReads(row.type);
  return {
    id: row.id,
    type: row.type,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    createdByUserId: row.createdByUserId,
    data: body(bytes, from, first, reads.data),
    preData: body(bytes, first + 1, second, reads.preData),
    tags: reads.tags ? (JSON.parse(second + 1 === to ? NO_TAGS : bytes.toString('utf8', second + 1, to)) as EventTag[]) : [],
    featureName: row.featureName,
    project: row.project,
    environment: row.environment,
  };
}

function body(bytes: Buffer, from: number, to: number, read: boolean): Record<string, unknown> | null {
  if (from === to) return null;
  return read ? (JSON.parse(bytes.toString('utf8', from, to)) as Record<string, unknown>) : {};
}
