import { ownString } from './own-string';

/**
 * JSON.stringify of a column value, remembered: types, actors, projects, flags and labels repeat on every page, and a
 * call per value was a good part of writing a page of events (event-json.ts) or a line of a local copy's chunk
 * (local-event-index.ts). Bounded, as pg-json-text.ts's shapes are.
 */
const quotes = new Map<string, string>();
const MAX_QUOTES = 8192;

export function quoted(value: string | null): string {
  if (value === null) return 'null';
  let text = quotes.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    if (quotes.size >= MAX_QUOTES) quotes.clear();
    quotes.set(ownString(value), text);
  }
  return text;
}

/** Empties the cache (a value that held a token must not stay in it). */
export function forgetQuoted(): void {
  quotes.clear();
}
