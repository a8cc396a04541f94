import type { LikeMatcher } from '../../event-query/like-pattern';

/**
 * Finding the records of one chunk that match a query. A chunk is one flat lower-cased string of records, each
 * ended by the field separator; starts[k] is where record k begins and starts[count] is one past the last one.
 */
export interface ChunkText {
  text: string;
  starts: Int32Array;
}

/**
 * Characters ordered from most to least frequent in the lower-cased haystack (counted over the demo's generated
 * history); anything absent counts as rare.
 */
const COMMON = '"eatsrn:i,l odmcup-f0v21b[]{}4g.3x65897yh@kw_zj/q*';
/**
 * V8 answers indexOf with a memchr on the needle's first char plus a compare, for needles under 7 chars (at 7 and
 * more it switches to a far slower Boyer-Moore setup). Its cost is set by how often that first char occurs, so the
 * search runs on a window of the needle (up to 6 chars, at least MIN_WINDOW) that starts at its rarest char, and
 * each window hit is checked against the full needle. For "admin" that is "dmin": ~35% less time than "admin".
 */
const WINDOW = 6;
const MIN_WINDOW = 3;

export interface NeedleFinder {
  needle: string;
  window: string;
  shift: number;
}

export function needleFinder(needle: string): NeedleFinder {
  if (needle.length <= MIN_WINDOW) return { needle, window: needle, shift: 0 };
  let best = 0;
  let bestRank = -1;
  // Earlier starts win ties: their windows are longer, so fewer of their hits are false.
  for (let p = 0; p + MIN_WINDOW <= needle.length; p++) {
    const c = COMMON.indexOf(needle[p] as string);
    const rank = c === -1 ? COMMON.length : c;
    if (rank > bestRank) {
      bestRank = rank;
      best = p;
    }
  }
  return { needle, window: needle.slice(best, best + WINDOW), shift: best };
}

/** Offset of the next occurrence of the needle at or after `from`, or -1. */
export function findNeedle(text: string, f: NeedleFinder, from: number): number {
  if (f.shift === 0 && f.window === f.needle) return text.indexOf(f.needle, from);
  let pos = text.indexOf(f.window, from + f.shift);
  while (pos !== -1) {
    const start = pos - f.shift;
    if (text.startsWith(f.needle, start)) return start;
    pos = text.indexOf(f.window, pos + 1);
  }
  return -1;
}

/** The record containing text offset `pos`: the last k with starts[k] <= pos. */
export function recordAt(starts: Int32Array, pos: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A compiled query: the matcher, plus its needle finder and regex when it needs them. */
export interface CompiledQuery {
  matcher: LikeMatcher;
  finder: NeedleFinder | undefined;
  regex: RegExp | undefined;
}

export function compileQuery(matcher: LikeMatcher): CompiledQuery {
  if (matcher.kind === 'substring') return { matcher, finder: needleFinder(matcher.needle), regex: undefined };
  if (matcher.kind === 'regex') {
    return {
      matcher,
      finder: matcher.anchor === '' ? undefined : needleFinder(matcher.anchor),
      regex: new RegExp(matcher.source),
    };
  }
  return { matcher, finder: undefined, regex: undefined };
}

/** Whether one record (without its trailing separator) matches. */
export function recordMatches(record: string, q: CompiledQuery): boolean {
  switch (q.matcher.kind) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'substring':
      return record.includes(q.matcher.needle);
    case 'regex':
      return (q.regex as RegExp).test(record);
  }
}

/** Record numbers (ascending) in one chunk that match; each record is reported once. */
export function chunkMatches(chunk: ChunkText, q: CompiledQuery, out: number[]): void {
  const { text, starts } = chunk;
  const count = starts.length - 1;
  if (q.matcher.kind === 'all') {
    for (let k = 0; k < count; k++) out.push(k);
    return;
  }
  if (q.matcher.kind === 'none') return;
  if (!q.finder) {
    // A pattern of '_' wildcards only: test each record.
    for (let k = 0; k < count; k++) if (recordMatches(recordText(chunk, k), q)) out.push(k);
    return;
  }
  const exact = q.matcher.kind === 'substring';
  let pos = findNeedle(text, q.finder, 0);
  while (pos !== -1) {
    const k = recordAt(starts, pos);
    if (exact || recordMatches(recordText(chunk, k), q)) out.push(k);
    pos = findNeedle(text, q.finder, starts[k + 1] as number);
  }
}

/** A chunk that also knows where each record's JSON part (data SEP preData SEP tags) begins. */
export interface JsonChunkText extends ChunkText {
  jsonStarts: Int32Array;
}

/**
 * Like chunkMatches, but only the JSON part of each record counts (GET /search/events ignores type and createdBy).
 * A hit's record is classified by its offset: a hit in the head just restarts the search at that record's JSON
 * part, so no record is tested twice. Hits ascend, so the record number is advanced, not binary-searched: the cost
 * per chunk is bounded by its record count however many hits there are.
 */
export function chunkJsonMatches(chunk: JsonChunkText, q: CompiledQuery, out: number[]): void {
  const { text, starts, jsonStarts } = chunk;
  const count = starts.length - 1;
  if (q.matcher.kind === 'none') return;
  if (q.matcher.kind === 'all') {
    for (let k = 0; k < count; k++) out.push(k);
    return;
  }
  if (!q.finder) {
    for (let k = 0; k < count; k++) if (recordMatches(jsonText(chunk, k), q)) out.push(k);
    return;
  }
  const exact = q.matcher.kind === 'substring';
  let k = 0;
  let pos = findNeedle(text, q.finder, jsonStarts[0] ?? 0);
  while (pos !== -1) {
    while ((starts[k + 1] as number) <= pos) k++;
    const json = jsonStarts[k] as number;
    if (pos < json) {
      pos = findNeedle(text, q.finder, json);
      continue;
    }
    if (exact || recordMatches(jsonText(chunk, k), q)) out.push(k);
    pos = findNeedle(text, q.finder, starts[k + 1] as number);
  }
}

/** The JSON part of record k (lower-cased data SEP preData SEP tags), without its trailing separator. */
export function jsonText(chunk: JsonChunkText, k: number): string {
  return chunk.text.slice(chunk.jsonStarts[k], (chunk.starts[k + 1] as number) - 1);
}

export function recordText(chunk: ChunkText, k: number): string {
  return chunk.text.slice(chunk.starts[k], (chunk.starts[k + 1] as number) - 1);
}
