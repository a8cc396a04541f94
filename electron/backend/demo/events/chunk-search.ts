import type { LikeMatcher } from '../../event-query/like-pattern';

/**
 * Finding the records of one chunk that match a query. A chunk is one flat run of lower-cased UTF-8 records, each
 * ended by the field separator (a NUL byte, which UTF-8 never produces otherwise); starts[k] is the byte where record
 * k begins and starts[count] is one past the last one. Bytes rather than a string: chunks live on disk (see
 * haystack.ts) and are scanned where they were read, and a UTF-8 needle found in UTF-8 text is always whole
 * characters, so a byte hit is a character hit.
 */
export interface ChunkText {
  bytes: Buffer;
  starts: Int32Array;
}

/**
 * Characters ordered from most to least frequent in the lower-cased haystack (counted over the demo's generated
 * history); anything absent counts as rare.
 */
const COMMON = '"eatsrn:i,l odmcup-f0v21b[]{}4g.3x65897yh@kw_zj/q*';
/**
 * A native search for a needle under 7 bytes is a memchr on its first byte plus a compare (at 7 and more it switches
 * to a far slower Boyer-Moore setup, paid on every call). Its cost is set by how often that first byte occurs, so the
 * search runs on a window of the needle (up to 6 chars, at least MIN_WINDOW) that starts at its rarest char, and
 * each window hit is checked against the full needle. For "admin" that is "dmin": ~35% less time than "admin".
 */
const WINDOW = 6;
const MIN_WINDOW = 3;

export interface NeedleFinder {
  needle: Buffer;
  window: Buffer;
  /** Bytes of the needle before its window. */
  shift: number;
}

export function needleFinder(needle: string): NeedleFinder {
  const bytes = Buffer.from(needle, 'utf8');
  if (needle.length <= MIN_WINDOW) return { needle: bytes, window: bytes, shift: 0 };
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
  return {
    needle: bytes,
    window: Buffer.from(needle.slice(best, best + WINDOW), 'utf8'),
    shift: Buffer.byteLength(needle.slice(0, best), 'utf8'),
  };
}

/** Byte offset of the next occurrence of the needle at or after `from`, or -1. */
export function findNeedle(text: Buffer, f: NeedleFinder, from: number): number {
  if (f.window.length === f.needle.length) return text.indexOf(f.needle, from);
  let pos = text.indexOf(f.window, from + f.shift);
  while (pos !== -1) {
    const start = pos - f.shift;
    if (start >= from && sameBytes(text, start, f.needle)) return start;
    pos = text.indexOf(f.window, pos + 1);
  }
  return -1;
}

/** Compared in JS: the needle is short, and a native call per window hit costs more than the loop. */
function sameBytes(text: Buffer, at: number, needle: Buffer): boolean {
  if (at + needle.length > text.length) return false;
  for (let i = 0; i < needle.length; i++) if (text[at + i] !== needle[i]) return false;
  return true;
}

/** The record containing byte `pos`: the last k with starts[k] <= pos. */
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

/** Whether bytes [from, to) match: a plain needle is searched in place, a pattern is tested on the decoded text. */
export function bytesMatch(bytes: Buffer, from: number, to: number, q: CompiledQuery): boolean {
  if (q.matcher.kind === 'substring' && q.finder) return findNeedle(bytes.subarray(from, to), q.finder, 0) !== -1;
  return recordMatches(bytes.toString('utf8', from, to), q);
}

/** Record numbers (ascending) in one chunk that match; each record is reported once. */
export function chunkMatches(chunk: ChunkText, q: CompiledQuery, out: number[]): void {
  const { bytes, starts } = chunk;
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
  let pos = findNeedle(bytes, q.finder, 0);
  while (pos !== -1) {
    const k = recordAt(starts, pos);
    if (exact || recordMatches(recordText(chunk, k), q)) out.push(k);
    pos = findNeedle(bytes, q.finder, starts[k + 1] as number);
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
  const { bytes, starts, jsonStarts } = chunk;
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
  let pos = findNeedle(bytes, q.finder, jsonStarts[0] ?? 0);
  while (pos !== -1) {
    while ((starts[k + 1] as number) <= pos) k++;
    const json = jsonStarts[k] as number;
    if (pos < json) {
      pos = findNeedle(bytes, q.finder, json);
      continue;
    }
    if (exact || recordMatches(jsonText(chunk, k), q)) out.push(k);
    pos = findNeedle(bytes, q.finder, starts[k + 1] as number);
  }
}

/** The JSON part of record k (lower-cased data SEP preData SEP tags), without its trailing separator. */
export function jsonText(chunk: JsonChunkText, k: number): string {
  return chunk.bytes.toString('utf8', chunk.jsonStarts[k], (chunk.starts[k + 1] as number) - 1);
}

export function recordText(chunk: ChunkText, k: number): string {
  return chunk.bytes.toString('utf8', chunk.starts[k], (chunk.starts[k + 1] as number) - 1);
}
