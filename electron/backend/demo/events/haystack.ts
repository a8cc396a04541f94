import {
  chunkJsonMatches,
  chunkMatches,
  jsonText,
  recordMatches,
  recordText,
  type CompiledQuery,
  type JsonChunkText,
} from './chunk-search';
import { FIELD_SEPARATOR } from '../../event-query/like-pattern';

/**
 * The searched text of every event, and at the same time the only copy of its JSON columns.
 *
 * One record per event: lower(type) SEP lower(createdBy) SEP lower(data SEP preData SEP tags), the columns Unleash's
 * query runs over (null columns are ''). Records are packed into fixed-size chunks, each one flat string, so a
 * query is a few hundred native scans instead of a million small calls (budget: p50 < 150 ms at 1,000,000).
 * Each chunk also records where every record's JSON part begins, so GET /search/events (which ignores type and
 * createdBy) can classify a hit by its offset instead of testing the JSON again (4 bytes per event).
 * Keeping a second, original-case copy of the JSON would double the memory (budget: < 1 GB at 1,000,000), so each
 * record instead remembers where lower-casing changed a character and what it was; the JSON is rebuilt from the
 * lower-cased text for the few rows a call returns. JSON text never holds a raw NUL, so SEP splits it safely.
 */

export const CHUNK_EVENTS = 4096;
const MAX_DIFF_POS = 0xffff;
const CASED = /[A-Z\u0080-\uffff]/g;

export interface ColumnTexts {
  data: string | null;
  preData: string | null;
  tags: string | null;
}

interface Chunk extends JsonChunkText {
  /** Case changes of record k: entries diffStart[k] .. diffStart[k+1], position relative to its JSON part. */
  diffStart: Int32Array;
  diffPos: Uint16Array;
  diffCode: Uint16Array;
}

export class Haystack {
  private readonly sealed: Chunk[] = [];
  private tailRecords: string[] = [];
  private tailStarts: number[] = [0];
  private tailJsonStarts: number[] = [];
  private tailDiffStart: number[] = [0];
  private tailDiffPos: number[] = [];
  private tailDiffCode: number[] = [];
  private tailCache: Chunk | undefined;
  /** Records whose lower-casing changed their length (rare non-ASCII), kept verbatim. */
  private readonly verbatim = new Map<number, string>();

  get size(): number {
    return this.sealed.length * CHUNK_EVENTS + this.tailRecords.length;
  }

  /** Appends the record of the next event (index = size before the call). */
  push(type: string, createdBy: string, texts: ColumnTexts): void {
    const index = this.size;
    const json = `${texts.data ?? ''}${FIELD_SEPARATOR}${texts.preData ?? ''}${FIELD_SEPARATOR}${texts.tags ?? ''}`;
    const lower = json.toLowerCase();
    if (lower !== json) {
      if (lower.length !== json.length || json.length > MAX_DIFF_POS) this.verbatim.set(index, json);
      else {
        // Only upper-case ASCII and non-ASCII characters can change; a native scan finds them.
        CASED.lastIndex = 0;
        for (let m = CASED.exec(json); m !== null; m = CASED.exec(json)) {
          const i = m.index;
          const code = json.charCodeAt(i);
          if (code !== lower.charCodeAt(i)) {
            this.tailDiffPos.push(i);
            this.tailDiffCode.push(code);
          }
        }
      }
    }
    this.tailDiffStart.push(this.tailDiffPos.length);
    const head = `${stripSeparator(type)}${FIELD_SEPARATOR}${stripSeparator(createdBy)}${FIELD_SEPARATOR}`.toLowerCase();
    const record = head + lower;
    this.tailRecords.push(record);
    this.tailJsonStarts.push((this.tailStarts[this.tailStarts.length - 1] as number) + head.length);
    this.tailStarts.push((this.tailStarts[this.tailStarts.length - 1] as number) + record.length + 1);
    this.tailCache = undefined;
    if (this.tailRecords.length === CHUNK_EVENTS) {
      this.sealed.push(this.buildTail());
      this.tailRecords = [];
      this.tailStarts = [0];
      this.tailJsonStarts = [];
      this.tailDiffStart = [0];
      this.tailDiffPos = [];
      this.tailDiffCode = [];
    }
  }

  /** The original data / preData / tags texts of event `index`. */
  texts(index: number): ColumnTexts {
    let json = this.verbatim.get(index);
    if (json === undefined) {
      const record = this.record(index);
      const lower = record.slice(record.indexOf(FIELD_SEPARATOR, record.indexOf(FIELD_SEPARATOR) + 1) + 1);
      const c = Math.floor(index / CHUNK_EVENTS);
      const k = index % CHUNK_EVENTS;
      // The tail is read from its growing arrays: building its chunk on every append would be quadratic.
      const d: Diffs =
        c < this.sealed.length
          ? (this.sealed[c] as Chunk)
          : { diffStart: this.tailDiffStart, diffPos: this.tailDiffPos, diffCode: this.tailDiffCode };
      json = restoreCase(lower, d, k);
    }
    const first = json.indexOf(FIELD_SEPARATOR);
    const second = json.indexOf(FIELD_SEPARATOR, first + 1);
    return {
      data: first === 0 ? null : json.slice(0, first),
      preData: second === first + 1 ? null : json.slice(first + 1, second),
      tags: second === json.length - 1 ? null : json.slice(second + 1),
    };
  }

  /** Whether event `index` matches. For candidate lists that are already small. */
  matches(index: number, q: CompiledQuery): boolean {
    if (q.matcher.kind === 'all' || q.matcher.kind === 'none') return q.matcher.kind === 'all';
    return recordMatches(this.record(index), q);
  }

  /** Whether the JSON part (data, preData, tags) of event `index` matches. For candidate lists that are already small. */
  jsonMatches(index: number, q: CompiledQuery): boolean {
    if (q.matcher.kind === 'all' || q.matcher.kind === 'none') return q.matcher.kind === 'all';
    const c = Math.floor(index / CHUNK_EVENTS);
    const k = index % CHUNK_EVENTS;
    if (c < this.sealed.length) return recordMatches(jsonText(this.sealed[c] as Chunk, k), q);
    const headLength = (this.tailJsonStarts[k] as number) - (this.tailStarts[k] as number);
    return recordMatches((this.tailRecords[k] as string).slice(headLength), q);
  }

  /** The lower-cased record of event `index`, without its trailing separator. */
  private record(index: number): string {
    const c = Math.floor(index / CHUNK_EVENTS);
    const k = index % CHUNK_EVENTS;
    return c < this.sealed.length ? recordText(this.sealed[c] as Chunk, k) : (this.tailRecords[k] as string);
  }

  /** Calls `visit` with every matching event index, newest first, until it returns false. */
  scanNewestFirst(q: CompiledQuery, visit: (index: number) => boolean): void {
    this.scan(q, visit, chunkMatches);
  }

  /** Like scanNewestFirst, but only the JSON part (data, preData, tags) of each record counts. */
  scanJsonNewestFirst(q: CompiledQuery, visit: (index: number) => boolean): void {
    this.scan(q, visit, chunkJsonMatches);
  }

  private scan(
    q: CompiledQuery,
    visit: (index: number) => boolean,
    matchChunk: (chunk: Chunk, q: CompiledQuery, out: number[]) => void,
  ): void {
    if (q.matcher.kind === 'none') return;
    const chunkCount = this.sealed.length + (this.tailRecords.length > 0 ? 1 : 0);
    const found: number[] = [];
    for (let c = chunkCount - 1; c >= 0; c--) {
      found.length = 0;
      matchChunk(this.chunk(c) as Chunk, q, found);
      const base = c * CHUNK_EVENTS;
      for (let j = found.length - 1; j >= 0; j--) if (!visit(base + (found[j] as number))) return;
    }
  }

  private chunk(c: number): Chunk | undefined {
    if (c < this.sealed.length) return this.sealed[c];
    if (c === this.sealed.length && this.tailRecords.length > 0) {
      this.tailCache ??= this.buildTail();
      return this.tailCache;
    }
    return undefined;
  }

  private buildTail(): Chunk {
    return {
      // The trailing separator gives the last record the same ending as the others.
      text: this.tailRecords.join(FIELD_SEPARATOR) + FIELD_SEPARATOR,
      starts: Int32Array.from(this.tailStarts),
      jsonStarts: Int32Array.from(this.tailJsonStarts),
      diffStart: Int32Array.from(this.tailDiffStart),
      diffPos: Uint16Array.from(this.tailDiffPos),
      diffCode: Uint16Array.from(this.tailDiffCode),
    };
  }
}

interface Diffs {
  diffStart: ArrayLike<number>;
  diffPos: ArrayLike<number>;
  diffCode: ArrayLike<number>;
}

function restoreCase(lower: string, chunk: Diffs, k: number): string {
  const from = chunk.diffStart[k] as number;
  const to = chunk.diffStart[k + 1] as number;
  if (from === to) return lower;
  let out = '';
  let at = 0;
  for (let d = from; d < to; d++) {
    const pos = chunk.diffPos[d] as number;
    out += lower.slice(at, pos) + String.fromCharCode(chunk.diffCode[d] as number);
    at = pos + 1;
  }
  return out + lower.slice(at);
}

/** type and createdBy are free strings; a NUL in them must not shift the record's fields. */
function stripSeparator(s: string): string {
  return s.includes(FIELD_SEPARATOR) ? s.replaceAll(FIELD_SEPARATOR, ' ') : s;
}
