import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventQueryParams, FlagEvent } from '../../../shared/schemas';
import type { AnswerBytes } from '../../backend/operations/events';
import { createDemoBackend } from '../../backend/demo';
import { serveAdminApi } from '../../backend/http/serve';
import { createRemoteBackend } from '../../backend/remote/remote-backend';
import { createRedactor, REDACTED } from '../../security/redact';
import { exportEvents, type ExportJob } from './export-events';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-export-bytes-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const TOKEN = '*:*.export-bytes-token';
const clock = () => new Date('2026-06-01T12:00:00.000Z');

/** A demo log of `events` events whose newest hold characters of two to four bytes, served over HTTP and read as a remote. */
async function servedLog(events: number, descriptions: string[] = []) {
  const demo = createDemoBackend({ historyEvents: events, clock });
  for (const [n, description] of ['Grüße aus Köln', '日本語の説明', 'rocket 🚀 launch', ...descriptions].entries()) {
    await demo.createSegment({ name: `segment-${n}`, description, constraints: [] });
  }
  const served = await serveAdminApi(demo, { token: TOKEN, port: 0 });
  const remote = createRemoteBackend({ baseUrl: served.url, token: TOKEN });
  return {
    demo,
    remote,
    close: async () => {
      await remote.close();
      await served.close();
    },
  };
}

function job(fields: Partial<ExportJob> & Pick<ExportJob, 'query'>): ExportJob {
  return { filter: {}, format: 'jsonl', columns: ['id', 'type'], target: join(dir, 'events.jsonl'), signal: new AbortController().signal, ...fields };
}

const neverParsed = (): never => {
  throw new Error('a JSON format from answer bytes asked for a parsed page');
};

describe('exportEvents from the answers as bytes', () => {
  it.each(['jsonl', 'json'] as const)(
    "%s: writes the file the parsed answers write, byte for byte, and gives each answer's buffer back only once its page is written",
    async (format) => {
      const log = await servedLog(2600);
      try {
        const parsedTarget = join(dir, `parsed.${format}`);
        await exportEvents(job({ query: (params, signal) => log.remote.withSignal(signal).queryEvents(params), format, target: parsedTarget }));
        let asked = 0;
        let given = 0;
        const bytes = async (params: EventQueryParams, signal: AbortSignal): Promise<AnswerBytes> => {
          const answer = await log.remote.withSignal(signal).queryEventsBytes(params);
          asked++;
          return {
            bytes: answer.bytes,
            release: () => {
              given++;
              // as the next answer would: a page written from a buffer given back too soon would hold these bytes
              answer.bytes.fill(0x7e);
              answer.release();
            },
          };
        };
        const target = join(dir, `bytes.${format}`);
        const written = await exportEvents(job({ query: neverParsed, bytes, format, target }));
        const text = await readFile(target, 'utf8');
        expect(written).toBe(2603);
        expect(text).toBe(await readFile(parsedTarget, 'utf8'));
        expect(text).toContain('rocket 🚀 launch');
        expect(text).not.toContain('~~~');
        expect(asked).toBeGreaterThanOrEqual(3);
        expect(given).toBe(asked);
      } finally {
        await log.close();
      }
    },
  );

  it('scrubs a token from the one event holding it, written from its scrubbed copy, and walks no other', async () => {
    const SECRET = 'TOPSECRET-bytes-44';
    const log = await servedLog(1500, [`token ${SECRET}`]);
    const redactor = createRedactor([SECRET]);
    const walked: FlagEvent[] = [];
    const redact = { deep: <T>(value: T): T => (walked.push(value as FlagEvent), redactor.deep(value)), mayHoldInJson: redactor.mayHoldInJson };
    try {
      await exportEvents(job({ query: neverParsed, bytes: (params, signal) => log.remote.withSignal(signal).queryEventsBytes(params), redact }));
      const text = await readFile(join(dir, 'events.jsonl'), 'utf8');
      expect(text).not.toContain(SECRET);
      expect(text).toContain(`token ${REDACTED}`);
      expect(walked.map((event) => event.type)).toEqual(['segment-created']);
      expect(text.trimEnd().split('\n')).toHaveLength(1504);
    } finally {
      await log.close();
    }
  });

  it('a server writing its JSON over several lines still gives JSON Lines one event a line', async () => {
    const demo = createDemoBackend({ historyEvents: 1200, clock });
    const bytes = async (params: EventQueryParams): Promise<AnswerBytes> => ({
      bytes: Buffer.from(JSON.stringify(await demo.queryEvents(params), null, 2)),
      release: () => undefined,
    });
    await exportEvents(job({ query: neverParsed, bytes }));
    const lines = (await readFile(join(dir, 'events.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(1200);
    const first = (await demo.queryEvents({ limit: '1000' })).events;
    expect(lines.slice(0, 1000).map((line) => JSON.parse(line) as unknown)).toEqual(JSON.parse(JSON.stringify(first)));
  });

  it('an answer not as the schema has it stops the export with what is wrong and where, and leaves no file', async () => {
    const event = { id: 1, type: 't', createdBy: 'u', createdAt: '2026-05-01T00:00:00.000Z' };
    const bytes = async (): Promise<AnswerBytes> => ({ bytes: Buffer.from(JSON.stringify({ events: [event, { ...event, id: 0 }], total: 2 })), release: () => undefined });
    await expect(exportEvents(job({ query: neverParsed, bytes }))).rejects.toThrow(/expected shape at events\.1\.id/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('CSV, which writes columns of the parsed events, reads the parsed pages', async () => {
    const demo = createDemoBackend({ historyEvents: 50, clock });
    const target = join(dir, 'events.csv');
    const bytes = async (): Promise<never> => {
      throw new Error('CSV read bytes');
    };
    await exportEvents(job({ query: (params) => demo.queryEvents(params), bytes, format: 'csv', target }));
    expect((await readFile(target, 'utf8')).trimEnd().split('\r\n')).toHaveLength(51);
  });
});
