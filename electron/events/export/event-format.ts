import { stringify } from 'csv-stringify/sync';
import { spreadsheetSafe, spreadsheetSafeRow } from '../../../shared/csv/spreadsheet-safe';
import type { FlagEvent } from '../../../shared/schemas';
import type { ExportColumn, ExportFormat } from '../../../shared/schemas/event-export';

/**
 * How each format frames a stream of pages: a head written once, each page, a tail. Pages are turned into text one at
 * a time, so an export holds one page in memory whatever the result's size. A page is the pieces of its text in
 * order, written as they are: joined, each page of 1,000 events was one more large string for the collector.
 */
export interface EventFormat {
  head(): string;
  /** `textOf` gives an event's JSON as the server sent it, which the JSON formats write as it is. */
  page(events: readonly FlagEvent[], first: boolean, textOf?: TextOf): Piece[];
  /** The JSON formats: a page of events already as their JSON texts (or its UTF-8 bytes), framed. */
  framed?(texts: readonly Piece[], first: boolean): Piece[];
  tail(): string;
}

/** A piece of a page's text: a string, or bytes already UTF-8 (an event's text as a local copy keeps it). */
export type Piece = string | Uint8Array;

/** The server's own text of an event, when its page could be sliced (event-text.ts). */
export type TextOf = (event: FlagEvent) => string | undefined;
const none: TextOf = () => undefined;

export function eventFormat(format: ExportFormat, columns: readonly ExportColumn[]): EventFormat {
  switch (format) {
    case 'jsonl':
      return jsonFormat('', '', (texts) => texts.flatMap((text) => [text, NEWLINE]));
    case 'json':
      return jsonFormat('[', '\n]\n', (texts, first) => texts.flatMap((text, index) => [first && index === 0 ? NEWLINE : COMMA_NEWLINE, text]));
    case 'csv':
      return csvFormat(columns);
  }
}

/** Separators as bytes: copied into the page's buffer, where a string was encoded by a call per event (~0.3 s at 1M). */
const NEWLINE = Uint8Array.of(0x0a);
const COMMA_NEWLINE = Uint8Array.of(0x2c, 0x0a);

/** A JSON format: its head and tail, and how it frames a page of events' texts. */
function jsonFormat(head: string, tail: string, framed: (texts: readonly Piece[], first: boolean) => Piece[]): EventFormat {
  return {
    head: () => head,
    page: (events, first, textOf = none) => framed(events.map((event) => textOf(event) ?? JSON.stringify(event)), first),
    framed,
    tail: () => tail,
  };
}

/**
 * RFC 4180 through csv-stringify: CRLF records, fields quoted when they hold a quote, comma or line break; every
 * cell (the header too) made spreadsheet-safe first (shared/csv/spreadsheet-safe.ts).
 */
function csvFormat(columns: readonly ExportColumn[]): EventFormat {
  const options = { record_delimiter: 'windows' as const };
  return {
    head: () => stringify([spreadsheetSafeRow(columns)], options),
    page: (events) => (events.length ? [stringify(events.map((event) => columns.map((column) => spreadsheetSafe(event[column]))), options)] : []),
    tail: () => '',
  };
}
