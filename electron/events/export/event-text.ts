import type { EventQueryPage, FlagEvent } from '../../../shared/schemas';

/**
 * Each event's JSON text as the server sent it, for the JSON formats of the export: a page of 1,000 events was parsed,
 * validated and then serialised again event by event, which cost the export more than reading it. Keyed by event
 * object, so an event the redactor had to change (a new object) is serialised from its scrubbed copy instead.
 */
export type EventTexts = ReadonlyMap<FlagEvent, string>;

/** Slices `pageText` (the body `page` was parsed from) into its events' texts; undefined for a body it cannot follow. */
export function eventTexts(page: EventQueryPage, pageText: string | undefined): EventTexts | undefined {
  if (pageText === undefined) return undefined;
  const slices = eventSlices(pageText);
  if (!slices || slices.length !== page.events.length) return undefined;
  return new Map(page.events.map((event, index) => [event, slices[index] as string]));
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;

/** The index of the quote closing the string opened at `open` (-1: none). */
function stringEnd(text: string, open: number): number {
  for (let quote = text.indexOf('"', open + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return quote;
  }
  return -1;
}

/**
 * The texts of the elements of the top-level `"events"` array of a JSON object, in order; undefined when the text
 * is not shaped so (no such key, twice, an element that is not an object). Strings are skipped whole, so a brace
 * or bracket inside one never counts.
 */
export function eventSlices(text: string): string[] | undefined {
  const slices: string[] = [];
  let depth = 0;
  /** Where the events array is open: 'before' its key, 'key' (read, its array next), 'in', 'after'. */
  let state: 'before' | 'key' | 'in' | 'after' = 'before';
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      if (state === 'in' && depth === 2) return undefined; // an element that is no object
      const end = stringEnd(text, i);
      if (end === -1) return undefined;
      if (depth === 1 && end === i + 7 && text.startsWith('events', i + 1)) {
        // a key only when a colon follows ({"a":"events"} is a value)
        let next = end + 1;
        while (text.charCodeAt(next) <= 32) next++;
        if (text.charCodeAt(next) === 58) {
          if (state !== 'before') return undefined;
          state = 'key';
        }
      }
      i = end;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (state === 'key') {
        if (depth !== 1 || c !== OPEN_ARRAY) return undefined;
        state = 'in';
      } else if (state === 'in' && depth === 2) {
        if (c !== OPEN_OBJECT) return undefined;
        start = i;
      }
      depth++;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
      if (state === 'in' && depth === 2) slices.push(text.slice(start, i + 1));
      else if (state === 'in' && depth === 1) state = 'after';
    } else if (state === 'key' && c > 32 && c !== 58) {
      return undefined; // the key's value is no array
    } else if (state === 'in' && depth === 2 && c > 32 && c !== 44) {
      return undefined; // an element that is no object
    }
  }
  return state === 'after' ? slices : undefined;
}
