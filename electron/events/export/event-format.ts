import { stringify } from 'csv-stringify/sync';
import { spreadsheetSafe, spreadsheetSafeRow } from '../../../shared/csv/spreadsheet-safe';
import type { FlagEvent } from '../../../shared/schemas';
import type { ExportColumn, ExportFormat } from '../../../shared/schemas/event-export';
import { eventText } from './event-text';

/**
 * How each format frames a stream of pages: a head written once, each page as one chunk, a tail. Pages are turned
 * into text one at a time, so an export holds one page in memory whatever the result's size.
 */
export interface EventFormat {
  head(): string;
  page(events: readonly FlagEvent[], first: boolean): string;
  tail(): string;
}

/** An event as JSON: the server's own text when the page was sliced (event-text.ts), else serialised here. */
const json = (event: FlagEvent): string => eventText(event) ?? JSON.stringify(event);

export function eventFormat(format: ExportFormat, columns: readonly ExportColumn[]): EventFormat {
  switch (format) {
    case 'jsonl':
      return { head: () => '', page: (events) => events.map((event) => json(event) + '\n').join(''), tail: () => '' };
    case 'json':
      return {
        head: () => '[',
        page: (events, first) => events.map((event, index) => (first && index === 0 ? '\n' : ',\n') + json(event)).join(''),
        tail: () => '\n]\n',
      };
    case 'csv':
      return csvFormat(columns);
  }
}

/**
 * RFC 4180 through csv-stringify: CRLF records, fields quoted when they hold a quote, comma or line break; every
 * cell (the header too) made spreadsheet-safe first (shared/csv/spreadsheet-safe.ts).
 */
function csvFormat(columns: readonly ExportColumn[]): EventFormat {
  const options = { record_delimiter: 'windows' as const };
  return {
    head: () => stringify([spreadsheetSafeRow(columns)], options),
    page: (events) => (events.length ? stringify(events.map((event) => columns.map((column) => spreadsheetSafe(event[column]))), options) : ''),
    tail: () => '',
  };
}
