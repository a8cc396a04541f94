import { parentPort } from 'node:worker_threads';
import { indexChunk, type ChunkBytes } from './chunk-index';

/** The thread chunk-index-thread.ts starts: indexes each chunk it is given and hands the index back. */
parentPort?.on('message', ({ id, chunk }: { id: number; chunk: ChunkBytes }) => {
  const index = indexChunk(chunk);
  // the word index lives in one buffer (chunk-tokens.ts) and the trigrams in another: both handed over, not copied
  // and the chunk's buffer goes back for the next chunk
  const transfer = [index.tokens.text.buffer, index.grams.buffer, chunk.bytes.buffer] as ArrayBuffer[];
  parentPort?.postMessage({ id, index, bytes: chunk.bytes }, [...new Set(transfer)]);
});
