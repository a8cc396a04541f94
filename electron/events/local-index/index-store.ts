import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { constants as bufferLimits } from 'node:buffer';
import { createHash } from 'node:crypto';
import { gunzip, gzip } from 'node:zlib';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { loadDataFile, type DataFileKind } from '../../storage/data-file';
import { ChunkText } from './chunk-text';

/**
 * On-disk form of a local event copy, one folder per profile in the app's data folder: gzipped JSONL chunks (each
 * written whole, atomically, mode 0600) and a manifest naming the chunks and where the sync stands. The manifest is
 * written after its chunk, so a crash between the two leaves an unnamed chunk that the next load deletes: what the
 * manifest says is always on disk. Version 2 adds each chunk's SHA-256: a chunk read back unchanged holds the lines
 * the index wrote, whose bodies a restart then stores without parsing them (stored-line.ts); a copy of version 1 is
 * read, its chunks checked line by line, and written on as version 2.
 */
export const manifestSchema = z.strictObject({
  version: z.union([z.literal(1), z.literal(2)]),
  /** The server the copy is of; a profile pointed elsewhere starts over. */
  baseUrl: z.string(),
  /** 'full': walking date windows from the oldest day; 'complete': everything up to newestId is held. */
  phase: z.enum(['full', 'complete']),
  /** The first day (yyyy-MM-dd, UTC) the full sync has not yet stored; null before the oldest day is known. */
  nextDay: z.string().nullable(),
  /** The server's count when the sync began (progress). */
  total: z.number().int().min(0),
  count: z.number().int().min(0),
  chunks: z.array(z.string().regex(/^chunk-\d{6}\.jsonl\.gz$/)),
  /** Each chunk's SHA-256 (hex) as written, by name; chunks written by version 1 have none. */
  sums: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)).default({}),
  /** When the copy last heard from the server. */
  syncedAt: z.string().nullable(),
});
export type IndexManifest = z.infer<typeof manifestSchema>;

const MANIFEST = 'manifest.json';
const CHUNK = /^chunk-\d{6}\.jsonl\.gz$/;

const manifestKind: DataFileKind<IndexManifest> = {
  what: 'The local event copy',
  version: 2,
  parse: (json) => manifestSchema.parse(json),
  whenMoved: 'the copy starts over at the next sync',
  whenLeftAlone: 'the events are read from the server and the copy is not synced',
};

export interface LoadedManifest {
  /** Null when there is no usable copy (none yet, or unreadable: a copy can always be synced again). */
  manifest: IndexManifest | null;
  /** Names the manifest when it could not be used. */
  notice?: string;
  /** False when a newer Flagdesk wrote the copy (or it can be neither read nor moved): never write it. */
  writable: boolean;
}
const gunzipAsync = promisify(gunzip);
const gzipAsync = promisify(gzip);

/**
 * zlib compresses on the thread pool but hands its output back to this thread `chunkSize` bytes at a time (16 KiB
 * unless told), and each hand-back waits until this thread is free. A chunk of the copy (~12 MB of text) took ~80 of
 * them; with the sync indexing windows meanwhile, writing one took ~600 ms where gzip itself takes ~115 ms, and the
 * sync waited 7 s in all for writes. Output buffers about the size of the whole output make it one or two.
 */
const OUTPUT_MIN = 64 * 1024;
const OUTPUT_MAX = 16 * 1024 * 1024;
const outputChunk = (expected: number): number => Math.min(OUTPUT_MAX, Math.max(OUTPUT_MIN, Math.ceil(expected)));
/**
 * Level 3, not zlib's default 6: a chunk of 20,000 events compresses in ~60 ms instead of ~115 ms, to 1.58 MB
 * instead of 1.25 MB. The sync's compression shares the machine with the server and the indexing: a 1M-event copy
 * took 2.4-3.8 s less CPU to sync, for 70 MB on disk instead of 56 MB. The text still compresses about eightfold, so
 * a quarter of the input holds the output.
 */
const gzipOptions = (textLength: number) => ({ level: 3, chunkSize: outputChunk(textLength / 4) });
/** ...and a chunk's text is eight to ten times its file (level 3, or 6 in a copy written before). */
const gunzipOptions = (fileLength: number, maxOutputLength: number) => ({ chunkSize: outputChunk(fileLength * 12), maxOutputLength });
/**
 * The most a chunk may unpack to: the longest string V8 makes, so no chunk this Flagdesk wrote is refused. A chunk
 * of a version 1 copy has no sum to check first: without a cap, a small file changed on disk could unpack to
 * gigabytes before its text failed to become a string.
 */
const MAX_CHUNK_TEXT = bufferLimits.MAX_STRING_LENGTH;

export function emptyManifest(baseUrl: string): IndexManifest {
  return { version: 2, baseUrl, phase: 'full', nextDay: null, total: 0, count: 0, chunks: [], sums: {}, syncedAt: null };
}

/** A chunk's lines, and whether they are as the index wrote them (the chunk's sum matched). */
export interface ChunkLines {
  lines: string[];
  checked: boolean;
}

export interface IndexStore {
  readonly dir: string;
  /** The manifest through the data folder's loader: an unreadable one is moved aside, a newer one left alone. */
  openManifest(now?: Date): Promise<LoadedManifest>;
  /** The manifest, or null when there is no usable copy. */
  loadManifest(): Promise<IndexManifest | null>;
  /**
   * The lines of one chunk the manifest names, one event each, oldest first (LocalEventIndex.addLinesInSlices reads them).
   * Throws when the chunk is not the one written (its sum differs): the copy cannot be trusted and starts over.
   */
  readChunk(manifest: IndexManifest, name: string): Promise<ChunkLines>;
  /** Every stored line, chunk by chunk, oldest first. */
  readChunks(manifest: IndexManifest, onLines: (chunk: ChunkLines) => void): Promise<void>;
  /**
   * Stores events (oldest first) as a new chunk, then the manifest that names it. Returns that manifest. `lines` are
   * the events as LocalEventIndex.add gives them: one JSON text each, already redacted by the index's redactor (a
   * ChunkText is them written as UTF-8; it is not changed here).
   */
  appendChunk(manifest: IndexManifest, lines: ChunkText | readonly string[], patch: Partial<IndexManifest>): Promise<IndexManifest>;
  saveManifest(manifest: IndexManifest): Promise<void>;
  /** Removes the copy entirely (profile removed, or the user turned the copy off). */
  clear(): Promise<void>;
}

/**
 * The copy on disk never holds a token in clear, even when a server echoes one in event data (a segment's
 * description): `redact` scrubs the manifest's one free text, the server's address (not the chunks' names and sums,
 * which a short token could otherwise match), and the chunks' lines come from the index, which stored each event
 * through the same redactor (index-service.ts gives both the one redactor).
 */
export function openIndexStore(
  dir: string,
  redact: <T>(value: T) => T = (value) => value,
  { maxChunkText = MAX_CHUNK_TEXT }: { maxChunkText?: number } = {},
): IndexStore {
  const write = async (name: string, data: string | Buffer): Promise<void> => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(join(dir, name), data, { mode: 0o600 });
  };
  // always written as version 2, the form this Flagdesk writes (a manifest read as version 1 gains `sums`): a
  // Flagdesk that knows only version 1 then leaves the copy alone rather than take it for a damaged one
  const saveManifest = (manifest: IndexManifest) =>
    write(MANIFEST, JSON.stringify({ ...manifest, version: 2, baseUrl: redact(manifest.baseUrl) } satisfies IndexManifest));
  async function openManifest(now?: Date): Promise<LoadedManifest> {
    const loaded = await loadDataFile(join(dir, MANIFEST), manifestKind, now);
    if (loaded.state === 'missing') return { manifest: null, writable: true };
    if (loaded.state !== 'ok') return { manifest: null, notice: loaded.notice, writable: loaded.writable };
    // chunks the manifest does not name were written by a sync that stopped before its manifest: drop them
    // (only chunks: a manifest moved aside stays for the user)
    const names = new Set(loaded.data.chunks);
    for (const entry of await readdir(dir)) {
      if (CHUNK.test(entry) && !names.has(entry)) await rm(join(dir, entry), { force: true });
    }
    return { manifest: loaded.data, writable: true };
  }
  async function readChunk(manifest: IndexManifest, name: string): Promise<ChunkLines> {
    const file = await readFile(join(dir, name));
    const sum = manifest.sums[name];
    if (sum !== undefined && sha256(file) !== sum) throw new ChangedChunkError(name);
    const text = (await gunzipAsync(file, gunzipOptions(file.length, maxChunkText)).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new OversizedChunkError(name, maxChunkText);
      throw error;
    })).toString('utf8');
    return { lines: text.split('\n').filter((line) => line.length > 0), checked: sum !== undefined };
  }
  return {
    dir,
    openManifest,
    loadManifest: async () => (await openManifest()).manifest,
    readChunk,
    async readChunks(manifest, onLines) {
      for (const name of manifest.chunks) onLines(await readChunk(manifest, name));
    },
    async appendChunk(manifest, lines, patch) {
      const name = `chunk-${String(manifest.chunks.length + 1).padStart(6, '0')}.jsonl.gz`;
      const file = await gzipText(lines instanceof ChunkText ? lines : ChunkText.of(lines));
      await write(name, file);
      const next: IndexManifest = {
        ...manifest,
        ...patch,
        chunks: [...manifest.chunks, name],
        sums: { ...manifest.sums, [name]: sha256(file) },
        count: manifest.count + lines.length,
      };
      await saveManifest(next);
      return next;
    },
    saveManifest,
    async clear() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A chunk's lines gzipped (on the thread pool: its text is already bytes, ChunkText). */
function gzipText(text: ChunkText): Promise<Buffer> {
  const bytes = text.bytes();
  return gzipAsync(bytes, gzipOptions(bytes.length));
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A chunk whose bytes are not the ones its manifest names (changed on disk after it was written). */
export class ChangedChunkError extends Error {
  constructor(readonly chunk: string) {
    super(`The local event copy's ${chunk} was changed after it was written`);
    this.name = 'ChangedChunkError';
  }
}

/** A chunk that unpacks to more than any chunk written can (changed on disk, and with no sum to tell so first). */
export class OversizedChunkError extends Error {
  constructor(
    readonly chunk: string,
    readonly limit: number,
  ) {
    super(`The local event copy's ${chunk} unpacks to more than ${limit} bytes`);
    this.name = 'OversizedChunkError';
  }
}
