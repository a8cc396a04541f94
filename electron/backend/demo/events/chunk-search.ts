import type { LikeMatcher } from './like-pattern';

/**
 * Finding the records of one chunk that match a query. A chunk is one flat lower-cased string of records, each
 * ended by the field separator; starts[k] is where record k begins and starts[count] is one past the last one.
 */
export interface ChunkText {
  text: string;
  starts: Int32Array;
}

/** Characters ordered from most to least frequent in event JSON; anything absent counts as rare. */
const COMMON = ' "e:,ta{}oinsrlcdu-_[]0m1p2.hgfb3y4k5v6w789@x';
/**
 * V8 answers indexOf with a memchr-driven linear scan for needles under 7 chars but switches to a far slower
 * Boyer-Moore setup at 7 and more; so long needles are found by their 6-char window starting at the rarest char,
 * then checked in full.
 */
const WINDOW = 6;

export interface NeedleFinder {
  needle: string;
  window: string;
  shift: number;
}

export function needleFinder(needle: string): NeedleFinder {
  if (needle.length <= WINDOW) return { needle, window: needle, shift: 0 };
  let best = 0;
  let bestRank = -1;
  for (let p = 0; p + WINDOW <= needle.length; p++) {
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

export function recordText(chunk: ChunkText, k: number): string {
  return chunk.text.slice(chunk.starts[k], (chunk.starts[k + 1] as number) - 1);
}
