import {
  bytesMatch,
  chunkJsonMatches,
  chunkMatches,
  type CompiledQuery,
  type JsonChunkText,
} from './chunk-search';
import { mayContain } from './chunk-grams';
import { MAX_CHUNK_RECORDS, tokenBytes, tokenPlan } from './chunk-tokens';
import { candidates, indexOf, originalsLength, readOriginals, sealChunk, unsealChunk, type Sealed } from './sealed-chunk';
import type { ChunkIndexer } from './chunk-index';
import { splitTexts, visitOriginals, type ColumnTexts } from './haystack-reads';
import { SpillFile } from './spill-file';
import { HaystackTail } from './haystack-tail';

/**
 * The searched text of every event, and at the same time the only copy of its JSON columns.
 *
 * One record per event: lower(type) SEP lower(createdBy) SEP lower(data SEP preData SEP tags), the columns Unleash's
 * query runs over (null columns are ''). Records are packed into fixed-size chunks of UTF-8, so a query is a few
 * hundred native scans instead of a million small calls. Each chunk also records where every record's JSON part
 * begins, so GET /search/events (which ignores type and createdBy) can classify a hit by its offset.
 *
 * The bodies are most of an event's size (about 300 of its ~350 bytes at the bench's million), so a chunk, once full,
 * goes to a spill file (spill-file.ts) with the original-case JSON beside it: memory keeps only the byte offsets
 * (12 bytes an event) and the chunk still being filled. A text search reads the chunks back one at a time into one
 * reused buffer (the page cache serves them, outside the process's RSS), skipping those whose trigrams rule the
 * needle out (chunk-grams.ts); a returned row reads its own bytes.
 * JSON text never holds a raw NUL, so SEP splits it safely.
 */

export const CHUNK_EVENTS = 4096;

export type { ColumnTexts } from './haystack-reads';

export class Haystack {
  /** Events a chunk holds; smaller in tests, so that a few events already cross chunks. */
  private readonly chunkEvents: number;
  private readonly file = new SpillFile();
  private readonly sealed: Sealed[] = [];
  /** The chunk being filled, in memory (haystack-tail.ts). */
  private readonly tail: HaystackTail;
  /** Chunks read for a scan land here; per-row checks use `cached` so that a scan's chunk is never overwritten. */
  private scanBuffer = Buffer.alloc(0);
  private cached: { c: number; chunk: JsonChunkText; buffer: Buffer } | undefined;

  /** The last chunk's candidates for jsonMatches(), which is called for ascending or descending indexes. */
  private candidateCache: { q: CompiledQuery; c: number; hits: Uint16Array } | undefined;

  /** `indexer`: sealed chunks are indexed by it (another thread) rather than as they are sealed. */
  constructor(
    chunkEvents = CHUNK_EVENTS,
    private readonly indexer?: ChunkIndexer,
  ) {
    if (chunkEvents > MAX_CHUNK_RECORDS) throw new RangeError(`Haystack: chunks of ${chunkEvents} events are over ${MAX_CHUNK_RECORDS}`);
    this.chunkEvents = chunkEvents;
    this.tail = new HaystackTail(chunkEvents);
  }

  get size(): number {
    return this.sealed.length * this.chunkEvents + this.tail.count;
  }

  /** Resolves once every chunk sealed so far has its index from the indexer (or the indexer stopped). */
  async indexed(): Promise<void> {
    await this.indexer?.settle();
  }

  /** Appends the record of the next event (index = size before the call). */
  push(type: string, createdBy: string, texts: ColumnTexts): void {
    this.tail.push(type, createdBy, texts);
    if (this.tail.count === this.chunkEvents) this.seal();
  }

  /**
   * Drops the events from `size` on, as if they had never been pushed (a copy's window that could not be stored
   * whole). A sealed chunk holding some of them becomes the tail again, read back from the spill file; a failure to
   * read it is thrown before anything has changed.
   */
  truncate(size: number): void {
    if (size >= this.size) return;
    const c = Math.floor(size / this.chunkEvents);
    const s = this.sealed[c];
    if (s !== undefined) {
      this.unseal(s);
      this.sealed.length = c;
    }
    // the file ends where the last chunk kept does: also past the bytes of a seal whose second write failed
    const last = this.sealed[c - 1];
    this.file.truncate(last === undefined ? 0 : last.originalAt + originalsLength(last));
    this.tail.truncate(size - c * this.chunkEvents);
    this.cached = undefined;
    this.candidateCache = undefined;
  }

  /** Makes sealed chunk `s` the tail again, as push() had written it. */
  private unseal(s: Sealed): void {
    this.tail.load(unsealChunk(this.file, s));
  }

  /** Bytes held in memory, by part (bench figures; the spill file is on disk and not counted). */
  memoryBytes(): Record<string, number> {
    let offsets = 0;
    let grams = 0;
    let tokens = 0;
    for (const s of this.sealed) {
      offsets += s.starts.byteLength + s.jsonStarts.byteLength + s.originals.byteLength;
      // a chunk still being indexed elsewhere holds none yet
      grams += s.index?.grams.byteLength ?? 0;
      tokens += s.index ? tokenBytes(s.index.tokens) : 0;
    }
    return { chunkOffsets: offsets, chunkGrams: grams, wordIndex: tokens, tailText: this.tail.bytes, spillFile: this.file.size };
  }

  /** The original data / preData / tags texts of event `index`. */
  texts(index: number): ColumnTexts {
    return this.textsOf([index])[0] as ColumnTexts;
  }

  /**
   * The texts of several events (a page of rows), in the order given. Indexes close together in one chunk are read
   * with one read of the bytes spanning them: a page of a date window is a run of neighbours, and a read per row cost
   * more than everything else the demo-server does to answer it.
   */
  textsOf(indexes: readonly number[]): ColumnTexts[] {
    const out = new Array<ColumnTexts>(indexes.length);
    this.originalsOf(indexes, (j, bytes, from, to) => {
      out[j] = splitTexts(bytes.toString('utf8', from, to));
    });
    return out;
  }

  /**
   * The stored JSON parts of several events as UTF-8, undecoded (data SEP preData SEP tags, each empty when null), in
   * the order given: `visit(j, bytes, from, to)` with event indexes[j]'s part at bytes[from, to). Read as textsOf
   * reads. The bytes are good during the visit only (the newest rows' are the tail's own buffer). For writing them
   * into an answer without making strings of them.
   */
  originalsOf(indexes: readonly number[], visit: (j: number, bytes: Buffer, from: number, to: number) => void): void {
    visitOriginals(this.file, this.sealed, this.tail.originalParts(), this.chunkEvents, indexes, visit);
  }

  /** Every event's texts, oldest first, reading each chunk once (snapshots). */
  *allTexts(): Generator<ColumnTexts> {
    for (const s of this.sealed) {
      const bytes = readOriginals(this.file, s);
      for (let k = 0; k + 1 < s.originals.length; k++) {
        yield splitTexts(bytes.toString('utf8', s.originals[k], s.originals[k + 1]));
      }
    }
    const tail = this.tail.originalParts();
    for (let k = 0; k + 1 < tail.starts.length; k++) yield splitTexts(tail.bytes.toString('utf8', tail.starts[k], tail.starts[k + 1]));
  }

  /** Whether event `index` matches. For candidate lists that are already small. */
  matches(index: number, q: CompiledQuery): boolean {
    if (q.matcher.kind === 'all' || q.matcher.kind === 'none') return q.matcher.kind === 'all';
    if (!this.mayHold(index, q)) return false;
    const { chunk, k } = this.chunkOf(index);
    return bytesMatch(chunk.bytes, chunk.starts[k] as number, (chunk.starts[k + 1] as number) - 1, q);
  }

  /** Whether the JSON part (data, preData, tags) of event `index` matches. For candidate lists that are already small. */
  jsonMatches(index: number, q: CompiledQuery): boolean {
    if (q.matcher.kind === 'all' || q.matcher.kind === 'none') return q.matcher.kind === 'all';
    const plan = tokenPlan(q);
    const c = Math.floor(index / this.chunkEvents);
    const s = this.sealed[c];
    if (plan && s) {
      if (this.candidateCache?.q !== q || this.candidateCache.c !== c) {
        this.candidateCache = { q, c, hits: candidates(this.file, s, plan) ?? new Uint16Array(0) };
      }
      const k = index % this.chunkEvents;
      const word = this.candidateCache.hits[k >>> 4];
      if (word === undefined || (word & (1 << (k & 15))) === 0) return false;
      if (plan.exact) return true;
    }
    if (!this.mayHold(index, q)) return false;
    const { chunk, k } = this.chunkOf(index);
    return bytesMatch(chunk.bytes, chunk.jsonStarts[k] as number, (chunk.starts[k + 1] as number) - 1, q);
  }

  /** Calls `visit` with every matching event index, newest first, until it returns false. */
  scanNewestFirst(q: CompiledQuery, visit: (index: number) => boolean): void {
    this.scan(q, visit, chunkMatches);
  }

  /** Like scanNewestFirst, but only the JSON part (data, preData, tags) of each record counts. */
  scanJsonNewestFirst(q: CompiledQuery, visit: (index: number) => boolean): void {
    const plan = tokenPlan(q);
    if (plan === undefined) {
      this.scan(q, visit, chunkJsonMatches);
      return;
    }
    // The tail is still text in memory; sealed chunks answer from their word index, reading the text only to check
    // the candidates of a needle that spans tokens or of a pattern.
    if (this.tail.count > 0) {
      const found: number[] = [];
      chunkJsonMatches(this.tailChunk(), q, found);
      const base = this.sealed.length * this.chunkEvents;
      for (let j = found.length - 1; j >= 0; j--) if (!visit(base + (found[j] as number))) return;
    }
    for (let c = this.sealed.length - 1; c >= 0; c--) {
      const s = this.sealed[c] as Sealed;
      const hits = candidates(this.file, s, plan);
      if (hits === undefined) continue;
      const chunk = plan.exact ? undefined : this.readForScan(s);
      const base = c * this.chunkEvents;
      for (let w = hits.length - 1; w >= 0; w--) {
        const word = hits[w] as number;
        if (word === 0) continue;
        for (let b = 15; b >= 0; b--) {
          if ((word & (1 << b)) === 0) continue;
          const k = (w << 4) | b;
          if (chunk && !bytesMatch(chunk.bytes, chunk.jsonStarts[k] as number, (chunk.starts[k + 1] as number) - 1, q)) continue;
          if (!visit(base + k)) return;
        }
      }
    }
  }

  /**
   * The page [offset, offset + limit) of the events whose JSON part matches, newest first, and how many match in
   * all: counted a bitmap word at a time, without visiting each hit. Undefined when the word index alone cannot
   * answer (a needle spanning words, a pattern, or no literal): then scanJsonNewestFirst does.
   */
  pageJson(q: CompiledQuery, offset: number, limit: number): { indexes: number[]; total: number } | undefined {
    const plan = tokenPlan(q);
    if (!plan?.exact) return undefined;
    const indexes: number[] = [];
    let total = 0;
    const take = (index: number): void => {
      if (total >= offset && indexes.length < limit) indexes.push(index);
      total++;
    };
    if (this.tail.count > 0) {
      const found: number[] = [];
      chunkJsonMatches(this.tailChunk(), q, found);
      const base = this.sealed.length * this.chunkEvents;
      for (let j = found.length - 1; j >= 0; j--) take(base + (found[j] as number));
    }
    for (let c = this.sealed.length - 1; c >= 0; c--) {
      const hits = candidates(this.file, this.sealed[c] as Sealed, plan);
      if (hits === undefined) continue;
      const base = c * this.chunkEvents;
      for (let w = hits.length - 1; w >= 0; w--) {
        const word = hits[w] as number;
        if (word === 0) continue;
        const bits = BITS_SET[word] as number;
        // Words wholly before the page, or after it is full, are only counted.
        if (total + bits <= offset || indexes.length >= limit) {
          total += bits;
          continue;
        }
        for (let b = 15; b >= 0; b--) if ((word & (1 << b)) !== 0) take(base + ((w << 4) | b));
      }
    }
    return { indexes, total };
  }

  private readForScan(s: Sealed): JsonChunkText {
    if (this.scanBuffer.length < s.length) this.scanBuffer = Buffer.allocUnsafeSlow(Math.ceil(s.length * 1.25));
    return { bytes: this.file.read(s.at, s.length, this.scanBuffer), starts: s.starts, jsonStarts: s.jsonStarts };
  }

  private scan(
    q: CompiledQuery,
    visit: (index: number) => boolean,
    matchChunk: (chunk: JsonChunkText, q: CompiledQuery, out: number[]) => void,
  ): void {
    if (q.matcher.kind === 'none') return;
    const found: number[] = [];
    for (let c = this.chunkCount - 1; c >= 0; c--) {
      found.length = 0;
      let chunk: JsonChunkText;
      if (c < this.sealed.length) {
        const s = this.sealed[c] as Sealed;
        if (q.finder && !mayContain(indexOf(this.file, s).grams, q.finder.needle)) continue;
        chunk = this.readForScan(s);
      } else chunk = this.tailChunk();
      matchChunk(chunk, q, found);
      const base = c * this.chunkEvents;
      for (let j = found.length - 1; j >= 0; j--) if (!visit(base + (found[j] as number))) return;
    }
  }

  private get chunkCount(): number {
    return this.sealed.length + (this.tail.count > 0 ? 1 : 0);
  }

  /** False when event `index` sits in a sealed chunk that cannot hold the query's needle (or anchor). */
  private mayHold(index: number, q: CompiledQuery): boolean {
    const s = this.sealed[Math.floor(index / this.chunkEvents)];
    return s === undefined || q.finder === undefined || mayContain(indexOf(this.file, s).grams, q.finder.needle);
  }

  /** The chunk holding event `index` (a sealed one read once and kept until another is asked for). */
  private chunkOf(index: number): { chunk: JsonChunkText; k: number } {
    const c = Math.floor(index / this.chunkEvents);
    const k = index % this.chunkEvents;
    if (c >= this.sealed.length) return { chunk: this.tailChunk(), k };
    if (this.cached?.c !== c) {
      const s = this.sealed[c] as Sealed;
      let buffer = this.cached?.buffer ?? Buffer.alloc(0);
      if (buffer.length < s.length) buffer = Buffer.allocUnsafeSlow(Math.ceil(s.length * 1.25));
      const bytes = this.file.read(s.at, s.length, buffer);
      this.cached = { c, chunk: { bytes, starts: s.starts, jsonStarts: s.jsonStarts }, buffer };
    }
    return { chunk: this.cached.chunk, k };
  }

  /** The tail as a chunk's text: views of its buffers, used before the next push. */
  private tailChunk(): JsonChunkText {
    return this.tail.chunk();
  }

  /** Moves the full tail to the spill file, keeping only its offsets. */
  private seal(): void {
    this.sealed.push(sealChunk(this.file, this.tail.chunk(), this.tail.originalParts(), this.indexer));
    this.tail.reset();
  }
}

/** Set bits of every 16-bit word. */
const BITS_SET = new Uint8Array(1 << 16);
for (let w = 1; w < BITS_SET.length; w++) BITS_SET[w] = (BITS_SET[w >>> 1] as number) + (w & 1);
