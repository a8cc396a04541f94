import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import type { ChunkBytes, ChunkIndex, ChunkIndexer } from './chunk-index';

/**
 * Sealed chunks indexed on a worker thread (chunk-index-worker.ts). The local copy's sync runs on the main process's
 * one thread, which also answers the app; a chunk's word index and trigrams are ~2 s of that thread for a million
 * events, and need nothing but the chunk's bytes. One worker for the process, started on first use and not keeping
 * the process alive. Should it fail to start or stop, `done` is not called and the haystack indexes those chunks
 * itself when a search needs them.
 */

/** Set by the Electron bundle (scripts/build-electron.ts), where the worker is a file of its own beside main.cjs. */
declare const __FLAGDESK_CHUNK_INDEX_WORKER__: string | undefined;

let shared: ThreadIndexer | undefined;

/** A chunk of 4,096 events is ~2-3 MB of records. */
const MIN_BUFFER = 4 * 1024 * 1024;
/** Buffers kept for the next chunks: as many as are usually on their way at once. */
const KEPT_BUFFERS = 4;
/** A worker with nothing to do this long is stopped, and its memory (~30-40 MB in all) given back; the next chunk starts one. */
const IDLE_MS = 500;

/** The process's worker indexer. */
export function chunkIndexThread(): ChunkIndexer {
  shared ??= new ThreadIndexer();
  return shared;
}

class ThreadIndexer implements ChunkIndexer {
  #worker: Worker | undefined;
  #failed = false;
  #next = 0;
  readonly #waiting = new Map<number, (index: ChunkIndex) => void>();

  /**
   * Buffers the chunks' bytes are copied into and handed to the worker, which hands each back with the chunk's index:
   * a fresh buffer of megabytes a chunk was fresh pages from the kernel each time (~6 s of system time in a 1M sync).
   */
  readonly #free: ArrayBuffer[] = [];
  #idle: ReturnType<typeof setTimeout> | undefined;
  /** settle() calls waiting for the chunks on their way. */
  #settling: (() => void)[] = [];

  async settle(): Promise<void> {
    if (this.#waiting.size > 0) await new Promise<void>((resolve) => this.#settling.push(resolve));
    // the batch is done: the worker is not kept waiting for another
    if (this.#worker !== undefined) this.#retire(this.#worker);
  }

  #settled(): void {
    const settling = this.#settling;
    this.#settling = [];
    for (const resolve of settling) resolve();
  }

  index(chunk: ChunkBytes, done: (index: ChunkIndex) => void): void {
    clearTimeout(this.#idle);
    const worker = this.#start();
    if (worker === undefined) return;
    const id = this.#next++;
    this.#waiting.set(id, done);
    if (this.#waiting.size === 1) worker.ref();
    const length = chunk.bytes.length;
    const free = this.#free.findIndex((buffer) => buffer.byteLength >= length);
    const buffer = free === -1 ? new ArrayBuffer(Math.max(length, MIN_BUFFER)) : (this.#free.splice(free, 1)[0] as ArrayBuffer);
    const bytes = new Uint8Array(buffer, 0, length);
    bytes.set(chunk.bytes);
    worker.postMessage({ id, chunk: { ...chunk, bytes } }, [buffer]);
  }

  #start(): Worker | undefined {
    if (this.#worker !== undefined || this.#failed) return this.#worker;
    try {
      const worker = startWorker();
      worker.on('message', ({ id, index, bytes }: { id: number; index: ChunkIndex; bytes: Uint8Array }) => {
        if (this.#free.length < KEPT_BUFFERS) this.#free.push(bytes.buffer as ArrayBuffer);
        const done = this.#waiting.get(id);
        this.#waiting.delete(id);
        // a Buffer crosses as a plain Uint8Array
        const text = index.tokens.text;
        done?.({ ...index, tokens: { ...index.tokens, text: Buffer.from(text.buffer, text.byteOffset, text.byteLength) } });
        if (this.#waiting.size === 0) {
          // idle, the worker does not keep the process alive, and is stopped unless more comes soon
          worker.unref();
          this.#idle = setTimeout(() => this.#retire(worker), IDLE_MS);
          this.#idle.unref();
          this.#settled();
        }
      });
      const stop = () => {
        this.#failed = true;
        this.#worker = undefined;
        this.#waiting.clear();
        this.#settled();
      };
      worker.on('error', stop);
      worker.on('exit', stop);
      worker.unref();
      this.#worker = worker;
    } catch {
      this.#failed = true;
    }
    return this.#worker;
  }

  #retire(worker: Worker): void {
    clearTimeout(this.#idle);
    if (this.#worker !== worker || this.#waiting.size > 0) return;
    this.#worker = undefined;
    this.#free.length = 0;
    worker.removeAllListeners();
    void worker.terminate();
  }
}

function startWorker(): Worker {
  if (typeof __FLAGDESK_CHUNK_INDEX_WORKER__ === 'string') return new Worker(join(__dirname, __FLAGDESK_CHUNK_INDEX_WORKER__));
  // from the sources (tests, the bench, the demo-server): TypeScript, loaded through tsx's loader registered in the
  // worker first (given as `--import tsx`, it is not yet in place when a worker loads its file)
  const url = new URL('./chunk-index-worker.ts', import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}); })`, { eval: true });
}
