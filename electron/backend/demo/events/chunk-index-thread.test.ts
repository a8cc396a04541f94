import { describe, expect, it } from 'vitest';
import { indexChunk, type ChunkIndex } from './chunk-index';
import { chunkIndexThread } from './chunk-index-thread';
import { EventLog } from './event-log';

/** A chunk's records as the haystack's tail writes them: lower(type) NUL lower(createdBy) NUL lower(json) NUL. */
function chunkOf(jsons: string[]) {
  const parts: Buffer[] = [];
  const starts = new Int32Array(jsons.length + 1);
  const jsonStarts = new Int32Array(jsons.length);
  let at = 0;
  jsons.forEach((json, k) => {
    const head = Buffer.from('feature-updated\u0000admin\u0000');
    const body = Buffer.from(`${json.toLowerCase()}\u0000`);
    parts.push(head, body);
    jsonStarts[k] = at + head.length;
    at += head.length + body.length;
    starts[k + 1] = at;
  });
  return { bytes: Buffer.concat(parts), starts, jsonStarts };
}

const indexed = (chunk: ReturnType<typeof chunkOf>) =>
  new Promise<ChunkIndex>((resolve) => chunkIndexThread().index(chunk, resolve));

describe('chunk index thread', () => {
  it('gives the index the chunk makes here, its word text still a Buffer', async () => {
    const chunk = chunkOf(Array.from({ length: 300 }, (_, i) => `{"name":"flag-${i % 17}","rollout":${i},"note":"café ${i % 5}"}`));
    const there = await indexed(chunk);
    const here = indexChunk(chunk);
    expect(Buffer.isBuffer(there.tokens.text)).toBe(true);
    expect(there.tokens.text.equals(here.tokens.text)).toBe(true);
    expect([...there.tokens.starts]).toEqual([...here.tokens.starts]);
    expect([...there.tokens.at]).toEqual([...here.tokens.at]);
    expect([...there.tokens.counts]).toEqual([...here.tokens.counts]);
    expect([...there.tokens.postings]).toEqual([...here.tokens.postings]);
    expect(there.tokens.records).toBe(300);
    expect([...there.grams]).toEqual([...here.grams]);
  });

  it('answers a search the same whether its chunks were indexed there, or here before the thread answered', async () => {
    const fill = (log: EventLog) => {
      for (let i = 0; i < 40; i++) {
        log.append({ type: 'feature-updated', createdBy: 'admin', featureName: `flag-${i}`, data: { name: `flag-${i}`, note: i % 3 === 0 ? 'Rollout' : 'other' } });
      }
      return log;
    };
    const clock = () => new Date('2026-11-29T12:00:00.000Z');
    const plain = fill(new EventLog({ clock, chunkEvents: 8 }));
    const answer = (log: EventLog) => log.query({ query: 'rollout', limit: '100' }).events.map((event) => event.id);
    expect(answer(plain)).toHaveLength(14);
    // searched at once: the thread has not answered yet, so the chunks are indexed here
    const early = fill(new EventLog({ clock, chunkEvents: 8, indexer: chunkIndexThread() }));
    expect(answer(early)).toEqual(answer(plain));
    // and searched once every chunk came back from the thread
    const late = fill(new EventLog({ clock, chunkEvents: 8, indexer: chunkIndexThread() }));
    expect(late.memoryBytes().wordIndex).toBe(0);
    await late.indexed();
    expect(late.memoryBytes().wordIndex).toBe(plain.memoryBytes().wordIndex);
    expect(answer(late)).toEqual(answer(plain));
  });
});

describe('chunk index thread when idle', () => {
  it('is stopped after a while with nothing to do, and started again by the next chunk', { timeout: 15_000 }, async () => {
    const chunk = chunkOf(['{"name":"flag-a","note":"first"}', '{"name":"flag-b","note":"second"}']);
    expect((await indexed(chunk)).tokens.records).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const again = await indexed(chunk);
    expect(again.tokens.text.equals(indexChunk(chunk).tokens.text)).toBe(true);
  });
});
