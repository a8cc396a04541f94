import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseBaseUrl } from './base-url';
import { createHttpClient } from './http-client';
import { createRemoteClient } from './remote-client';
import { fetchTransport } from './transport';
import { TOKEN } from './test-support/fixtures';
import { startStub, type Stub } from './test-support/stub-server';

/**
 * Answers arriving in many chunks, several at once: each is put together as it arrives, in buffers reused from
 * answer to answer (http-client.ts), and none may end up with another's bytes or a reused buffer's leftovers.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function projectsOf(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({ id: `${prefix}-${i}`, name: `${prefix} project ${i} ${'x'.repeat(i % 50)}` }));
}

/** The answer's JSON written in `pieces` parts with pauses between them, so they arrive as separate reads. */
async function writeInPieces(res: ServerResponse, body: unknown, pieces: number): Promise<void> {
  const text = Buffer.from(JSON.stringify(body));
  res.writeHead(200, { 'Content-Type': 'application/json' });
  const size = Math.ceil(text.length / pieces);
  for (let at = 0; at < text.length; at += size) {
    res.write(text.subarray(at, at + size));
    await pause(5);
  }
  res.end();
}

describe('answers whose first chunk is larger than a reused buffer', () => {
  /** A transport handing over the body in chunks of the given sizes (fetch's may be megabytes; node's are 64 KB). */
  const chunked = (sizes: number[]) =>
    fetchTransport((async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            sizes.forEach((size, i) => controller.enqueue(new Uint8Array(size).fill(0x61 + i)));
            controller.close();
          },
        }),
        { status: 200, headers: { 'content-type': 'text/plain' } },
      )) as unknown as typeof fetch);

  it.each([
    [[2 * 1024 * 1024, 1]],
    [[100, 1]],
    [[0, 0, 5]],
    [[3 * 1024 * 1024, 2 * 1024 * 1024]],
  ])('reads %j whole, after answers that left small buffers for reuse', async (sizes) => {
    const client = (s: number[]) =>
      createHttpClient({ server: normaliseBaseUrl('http://127.0.0.1:1', true), token: TOKEN, timeoutMs: 5000, maxBodyBytes: 50 * 1024 * 1024, retries: 0, transport: chunked(s) });
    // a two-chunk answer first, so a 1 MB buffer waits in the pool (this describe runs first: the pool starts empty)
    await client([10, 10]).send({ method: 'GET', path: '/api/admin/projects' });
    const text = (await client(sizes).send({ method: 'GET', path: '/api/admin/projects' })).text;
    expect(text).toBe(sizes.map((size, i) => String.fromCharCode(0x61 + i).repeat(size)).join(''));
  });
});

describe('answers in many chunks', () => {
  let stub: Stub;

  beforeAll(async () => {
    stub = await startStub();
    stub.handle((req, res) => {
      const prefix = new URL(req.url, 'http://x').searchParams.get('p') ?? 'none';
      // a small answer, a middling one and one over the 4 MB the reused buffers hold
      const count = prefix === 'big' ? 60_000 : prefix === 'small' ? 3 : 2_000;
      void writeInPieces(res, { version: 1, projects: projectsOf(prefix, count) }, prefix === 'big' ? 40 : 8);
    });
  });
  afterAll(() => stub.close());

  it('each answer read at the same time as others is its own, whole', async () => {
    const { http } = createRemoteClient({ baseUrl: stub.url, token: TOKEN });
    try {
      const read = async (prefix: string) => JSON.parse((await http.send({ method: 'GET', path: `/api/admin/projects?p=${prefix}` })).text) as { projects: unknown[] };
      for (let round = 0; round < 2; round++) {
        const [a, b, big, small] = await Promise.all([read('a'), read('b'), read('big'), read('small')]);
        expect(a.projects).toEqual(projectsOf('a', 2_000));
        expect(b.projects).toEqual(projectsOf('b', 2_000));
        expect(big.projects).toEqual(projectsOf('big', 60_000));
        expect(small.projects).toEqual(projectsOf('small', 3));
      }
    } finally {
      http.close();
    }
  });
});
