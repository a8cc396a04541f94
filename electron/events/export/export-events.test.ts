import * as fsp from 'node:fs/promises';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventQueryPage, EventQueryParams, FlagEvent } from '../../../shared/schemas';
import { createDemoBackend } from '../../backend/demo';
import { serveAdminApi } from '../../backend/http/serve';
import { createRemoteBackend } from '../../backend/remote/remote-backend';
import { fakeEventLog } from '../test-support/fake-event-log';
import owasp from '../../../shared/csv/fixtures/owasp-csv-injection.json';
import { ExportCancelled, exportEvents, type ExportJob } from './export-events';
import { parseAnswer } from '../../backend/remote/response';
import { WINDOW_PAGE_SIZE } from '../date-windows';
import { createRedactor, REDACTED } from '../../security/redact';
import { eventQueryPageSchema } from '../../../shared/schemas';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-export-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const demo = createDemoBackend({ historyEvents: 2600, clock: () => new Date('2026-06-01T12:00:00.000Z') });
const query = (params: EventQueryParams) => demo.queryEvents(params);
const TOKEN = '*:*.export-test-token';

function job(fields: Partial<ExportJob> = {}): ExportJob {
  return {
    query,
    filter: {},
    format: 'jsonl',
    columns: ['id', 'type'],
    target: join(dir, 'events.jsonl'),
    signal: new AbortController().signal,
    ...fields,
  };
}

/** Every event matching a filter, straight from the search, for comparison. */
async function everyEvent(filter: EventQueryParams): Promise<FlagEvent[]> {
  const events: FlagEvent[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await query({ ...filter, offset: String(offset), limit: '1000' });
    events.push(...page.events);
    if (page.events.length < 1000) return events;
  }
}

describe('exportEvents', () => {
  it('writes the whole filtered result as JSONL across pages, with progress after each page', async () => {
    const expected = await everyEvent({});
    expect(expected.length).toBeGreaterThan(2000);
    const progress: string[] = [];
    const written = await exportEvents(job({ onProgress: (p) => progress.push(`${p.written}/${p.total}${p.done ? ' done' : ''}`) }));
    const lines = (await readFile(join(dir, 'events.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(written).toBe(expected.length);
    expect(lines.map((line) => (JSON.parse(line) as FlagEvent).id)).toEqual(expected.map((event) => event.id));
    const all = expected.length;
    expect(progress).toEqual([`1000/${all}`, `2000/${all}`, `${all}/${all}`, `${all}/${all} done`]);
  });

  it('applies the filter and writes a JSON array', async () => {
    const filter = { type: 'IS:segment-updated' };
    const expected = await everyEvent(filter);
    expect(expected.length).toBeGreaterThan(0);
    const target = join(dir, 'segments.json');
    await exportEvents(job({ filter, format: 'json', target }));
    const parsed = JSON.parse(await readFile(target, 'utf8')) as FlagEvent[];
    expect(parsed.map((event) => event.id)).toEqual(expected.map((event) => event.id));
    expect(new Set(parsed.map((event) => event.type))).toEqual(new Set(['segment-updated']));
  });

  it('writes an empty result as a valid, empty JSON array', async () => {
    const target = join(dir, 'none.json');
    expect(await exportEvents(job({ filter: { type: 'IS:no-such-type' }, format: 'json', target }))).toBe(0);
    expect(JSON.parse(await readFile(target, 'utf8'))).toEqual([]);
  });

  it('writes CSV by RFC 4180: a header of the chosen columns, CRLF, quotes doubled, objects as JSON', async () => {
    const event: FlagEvent = {
      id: 7,
      type: 'segment-updated',
      createdBy: 'ann',
      createdAt: '2026-01-01T00:00:00.000Z',
      summary: 'said "hi", then\nleft',
      data: { name: 'a,b' },
    };
    const target = join(dir, 'one.csv');
    await exportEvents(job({ query: async () => ({ events: [event], total: 1 }), format: 'csv', columns: ['id', 'summary', 'data', 'project'], target }));
    expect(await readFile(target, 'utf8')).toBe('id,summary,data,project\r\n7,"said ""hi"", then\nleft","{""name"":""a,b""}",\r\n');
  });

  describe('OWASP CSV-injection payloads from the server', () => {
    // each payload as a flag name, a user and a summary: what anyone who can create a flag could plant
    const planted: FlagEvent[] = owasp.payloads.map((payload, index) => ({
      id: index + 1,
      type: 'feature-created',
      createdBy: payload,
      createdAt: '2026-01-01T00:00:00.000Z',
      featureName: payload,
      summary: payload,
      data: { name: payload },
    }));
    const plantedQuery = async () => ({ events: planted, total: planted.length });
    const columns = ['id', 'featureName', 'createdBy', 'summary', 'data'] as const;

    it('CSV: every such cell starts with a quote, the rest of it as sent', async () => {
      const target = join(dir, 'planted.csv');
      await exportEvents(job({ query: plantedQuery, format: 'csv', columns: [...columns], target }));
      const rows = Papa.parse<string[]>((await readFile(target, 'utf8')).replace(/\r\n$/, ''), { newline: '\r\n' }).data;
      expect(rows).toHaveLength(planted.length + 1);
      rows.slice(1).forEach((row, index) => {
        const payload = owasp.payloads[index]!;
        expect(row.slice(1, 4)).toEqual([`'${payload}`, `'${payload}`, `'${payload}`]);
        expect(row[4]).toBe(JSON.stringify({ name: payload })); // JSON text starts with { and is not a formula
      });
    });

    it.each(['json', 'jsonl'] as const)('%s keeps the values exactly as sent', async (format) => {
      const target = join(dir, `planted.${format}`);
      await exportEvents(job({ query: plantedQuery, format, target }));
      const text = await readFile(target, 'utf8');
      const events = (format === 'json' ? JSON.parse(text) : text.trimEnd().split('\n').map((line) => JSON.parse(line))) as FlagEvent[];
      expect(events).toEqual(planted);
    });
  });

  it('a target that cannot be written names the file and why: a folder of that name, a full disk, a read-only folder', async () => {
    const folder = join(dir, 'taken.csv');
    await mkdir(folder);
    await expect(exportEvents(job({ target: folder }))).rejects.toMatchObject({ name: 'FileWriteError', message: '"taken.csv" could not be written: a folder has that name.' });
    const full = Object.assign(new Error('raw'), { code: 'ENOSPC', syscall: 'write' });
    const fullDisk = { ...fsp, open: async (...args: Parameters<typeof fsp.open>) => Object.assign(await fsp.open(...args), { write: async () => { throw full; } }) };
    await expect(exportEvents(job({ files: fullDisk as never }))).rejects.toMatchObject({ message: '"events.jsonl" could not be written: the disk is full.' });
    const readOnly = { ...fsp, open: async () => { throw Object.assign(new Error('raw'), { code: 'EACCES' }); } };
    await expect(exportEvents(job({ files: readOnly as never }))).rejects.toMatchObject({ message: '"events.jsonl" could not be written: permission denied (the folder is read-only or belongs to another user).' });
    expect(await readdir(dir)).toEqual(['taken.csv']);
  });

  it('asks for the next page before writing the one it has (the server prepares it meanwhile), and no page twice', async () => {
    const log: string[] = [];
    const recorded = (params: EventQueryParams): Promise<EventQueryPage> => {
      log.push(`ask ${params.offset}`);
      return query(params);
    };
    const written = await exportEvents(job({ query: recorded, onProgress: (p) => log.push(`wrote ${p.written}${p.done ? ' done' : ''}`) }));
    const lines = (await readFile(join(dir, 'events.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as FlagEvent).id)).toEqual((await everyEvent({})).map((event) => event.id));
    expect(log).toEqual(['ask 0', 'ask 1000', 'wrote 1000', 'ask 2000', 'wrote 2000', `wrote ${written}`, `wrote ${written} done`]);
  });

  it("writes every page as the server's text when a page read ahead comes before the one asked first", async () => {
    const total = 3500;
    // the escape marks the server's own text: serialised again, the name would read "admin"
    const eventText = (id: number) => `{"id":${id},"type":"t","createdBy":"\\u0061dmin","createdAt":"2026-01-05T00:00:00.000Z"}`;
    const delays: Record<string, number> = { '1000': 40, '2000': 5 };
    const exchange = { operation: 'queryEvents', request: { method: 'GET', path: '/api/admin/search/events' }, token: 't' } as unknown as Parameters<typeof parseAnswer>[1];
    const fromServer = (params: EventQueryParams): Promise<EventQueryPage> => {
      const offset = Number(params.offset ?? 0);
      const ids = Array.from({ length: Math.max(0, Math.min(Number(params.limit), total - offset)) }, (_, i) => total - offset - i);
      const text = `{"events":[${ids.map(eventText).join(',')}],"total":${total}}`;
      const res = { status: 200, statusText: 'OK', contentType: 'application/json', text };
      return new Promise((resolve) => setTimeout(() => resolve(parseAnswer(res, exchange, eventQueryPageSchema)), delays[String(offset)] ?? 0));
    };
    // a window that can no longer grow, so its pages are asked ahead and may come out of order
    const filter = { from: 'IS:2026-01-01', to: 'IS:2026-01-10' };
    const written = await exportEvents(job({ query: fromServer, filter, format: 'jsonl', now: () => new Date('2026-06-01T00:00:00.000Z') }));
    const lines = (await readFile(join(dir, 'events.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(written).toBe(total);
    expect(lines.filter((line) => !line.includes('\\u0061dmin'))).toEqual([]);
  });

  describe('a token in a served text', () => {
    const SECRET = 'TOPSECRET-export-44';
    const exchange = { operation: 'queryEvents', request: { method: 'GET', path: '/api/admin/search/events' }, token: 't' } as unknown as Parameters<typeof parseAnswer>[1];
    /** A server answering `total` events, newest first, each as `eventText` writes it; answered at once. */
    const textServer = (total: number, eventText: (id: number) => string) => (params: EventQueryParams): Promise<EventQueryPage> => {
      const offset = Number(params.offset ?? 0);
      const ids = Array.from({ length: Math.max(0, Math.min(Number(params.limit), total - offset)) }, (_, i) => total - offset - i);
      const text = `{"events":[${ids.map(eventText).join(',')}],"total":${total}}`;
      return Promise.resolve(parseAnswer({ status: 200, statusText: 'OK', contentType: 'application/json', text }, exchange, eventQueryPageSchema));
    };
    const plain = (id: number, createdBy = 'admin') => `{"id":${id},"type":"t","createdBy":"${createdBy}","createdAt":"2026-01-05T00:00:00.000Z"}`;
    // a window that can no longer grow: the page after the one being written is read ahead
    const settledJob = { filter: { from: 'IS:2026-01-01', to: 'IS:2026-01-10' }, now: () => new Date('2026-06-01T00:00:00.000Z') };

    it('is scrubbed with the tokens known when its page is written, not when it was read ahead', async () => {
      let current = createRedactor([]);
      const redact = { deep: <T>(value: T): T => current.deep(value), mayHoldInJson: (json: string) => current.mayHoldInJson(json) };
      // the second page holds the token; it is read while the first is written, and the token is saved after that
      const query = textServer(2500, (id) => plain(id, id === 1200 ? `deploy ${SECRET}` : 'admin'));
      const learn = () => (current = createRedactor([SECRET]));
      await exportEvents(job({ query, redact, ...settledJob, onProgress: learn }));
      const text = await readFile(join(dir, 'events.jsonl'), 'utf8');
      expect(text).not.toContain(SECRET);
      expect(text).toContain(`deploy ${REDACTED}`);
    });

    it('a key the server gave twice is written from the parsed event, never as the served text that holds the token', async () => {
      const redactor = createRedactor([SECRET]);
      const twice = (id: number) => `{"id":${id},"type":"t","createdBy":"${SECRET}","createdBy":"admin","createdAt":"2026-01-05T00:00:00.000Z"}`;
      await exportEvents(job({ query: textServer(3, (id) => (id === 2 ? twice(id) : plain(id))), redact: redactor, ...settledJob }));
      const lines = (await readFile(join(dir, 'events.jsonl'), 'utf8')).trimEnd().split('\n');
      expect(lines.join('\n')).not.toContain(SECRET);
      expect(JSON.parse(lines[1] as string)).toMatchObject({ id: 2, createdBy: 'admin' });
      expect([lines[0], lines[2]]).toEqual([plain(3), plain(1)]);
    });
  });

  it("from a remote: writes each event as the server's text, and an event the redactor changed as its scrubbed copy", async () => {
    const served = await serveAdminApi(demo, { token: TOKEN, port: 0 });
    const remote = createRemoteBackend({ baseUrl: served.url, token: TOKEN });
    try {
      const expected = await everyEvent({});
      // every page may hold a token; the second event is scrubbed (a new object, as the app's redactor answers a changed value)
      const redact = {
        deep: <T>(value: T): T => ((value as FlagEvent).id === expected[1]?.id ? { ...(value as FlagEvent), createdBy: '[hidden token]' } : value) as T,
        mayHoldInJson: () => true,
      };
      await exportEvents(job({ query: (params, signal) => remote.withSignal(signal).queryEvents(params), redact }));
      const lines = (await readFile(join(dir, 'events.jsonl'), 'utf8')).trimEnd().split('\n');
      const events = lines.map((line) => JSON.parse(line) as FlagEvent);
      expect(events.map((event) => event.id)).toEqual(expected.map((event) => event.id));
      expect(events[1]?.createdBy).toBe('[hidden token]');
      // the server's text itself: its key order, not the parsed copy's (zod's shape order)
      expect(lines.slice(2)).toEqual(expected.slice(2).map((event) => JSON.stringify(event)));
    } finally {
      await remote.close();
      await served.close();
    }
  });

  it('from a remote: a page whose text holds no token is tested once, and of the others only the event holding one is walked', async () => {
    const SECRET = 'TOPSECRET-export-42';
    const leaky = createDemoBackend({ historyEvents: 1500, clock: () => new Date('2026-06-01T12:00:00.000Z') });
    await leaky.createSegment({ name: 'leaky', description: `token ${SECRET}`, constraints: [] });
    const served = await serveAdminApi(leaky, { token: TOKEN, port: 0 });
    const remote = createRemoteBackend({ baseUrl: served.url, token: TOKEN });
    const redactor = createRedactor([SECRET]);
    const walked: FlagEvent[] = [];
    let screened = 0;
    const redact = {
      deep: <T>(value: T): T => (walked.push(value as FlagEvent), redactor.deep(value)),
      mayHoldInJson: (json: string) => (screened++, redactor.mayHoldInJson(json)),
    };
    try {
      const total = (await leaky.queryEvents({ limit: '1' })).total;
      await exportEvents(job({ query: (params, signal) => remote.withSignal(signal).queryEvents(params), redact }));
      const text = await readFile(join(dir, 'events.jsonl'), 'utf8');
      expect(text.trimEnd().split('\n')).toHaveLength(total);
      expect(text).not.toContain(SECRET);
      expect(text).toContain(`token ${REDACTED}`);
      // what spares an export the walk: only the event with the token is walked, and the newest page (it holds that
      // event) has each of its events tested, while the older page is tested once, whole
      expect(walked.map((event) => event.type)).toEqual(['segment-created']);
      expect(total).toBeGreaterThan(WINDOW_PAGE_SIZE);
      expect(screened).toBe(2 + WINDOW_PAGE_SIZE);
    } finally {
      await remote.close();
      await served.close();
    }
  });

  it.each(['jsonl', 'csv'] as const)('from pages without a text (a local copy), %s: walks only the event that holds a token', async (format) => {
    const SECRET = 'TOPSECRET-export-43';
    const leaky = createDemoBackend({ historyEvents: 1500, clock: () => new Date('2026-06-01T12:00:00.000Z') });
    await leaky.createSegment({ name: 'leaky', description: `token ${SECRET}`, constraints: [] });
    const redactor = createRedactor([SECRET]);
    const walked: FlagEvent[] = [];
    const redact = { deep: <T>(value: T): T => (walked.push(value as FlagEvent), redactor.deep(value)), mayHoldInJson: redactor.mayHoldInJson };
    const all = await leaky.queryEvents({ limit: '1000' });
    const target = join(dir, `events.${format}`);
    await exportEvents(job({ query: (params) => leaky.queryEvents(params), redact, format, target, columns: ['id', 'type', 'data'] }));
    const text = await readFile(target, 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).toContain(`token ${REDACTED}`);
    expect(walked.map((event) => event.type)).toEqual(['segment-created']);
    if (format === 'jsonl') expect(text.split('\n')[1]).toBe(JSON.stringify(all.events[1]));
  });

  it('skips events already written when new ones arrive mid-export and push the pages down', async () => {
    const all = await everyEvent({});
    let calls = 0;
    // after the first page, 5 newer events shift every later page by 5: the first 5 of page two repeat page one
    const shifted = async (params: EventQueryParams): Promise<EventQueryPage> => {
      const offset = Number(params.offset);
      calls++;
      const adjusted = calls === 1 ? offset : offset - 5;
      return { events: all.slice(adjusted, adjusted + 1000), total: all.length };
    };
    await exportEvents(job({ query: shifted }));
    const ids = (await readFile(join(dir, 'events.jsonl'), 'utf8')).trimEnd().split('\n').map((line) => (JSON.parse(line) as FlagEvent).id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(all.map((event) => event.id));
  });

  it('cancelled midway: rejects with ExportCancelled and leaves no file at all, not even a partial one', async () => {
    const controller = new AbortController();
    let pages = 0;
    const slow = async (params: EventQueryParams, signal: AbortSignal): Promise<EventQueryPage> => {
      pages++;
      if (pages === 2) controller.abort(); // the user presses Cancel while page two is in flight
      if (signal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError', status: 0 });
      return query(params);
    };
    await expect(exportEvents(job({ query: slow, signal: controller.signal }))).rejects.toBeInstanceOf(ExportCancelled);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a failure midway removes the temporary file and leaves an earlier file under the chosen name untouched', async () => {
    const target = join(dir, 'events.jsonl');
    await writeFile(target, 'yesterday\n');
    let pages = 0;
    const failing = async (params: EventQueryParams): Promise<EventQueryPage> => {
      if (++pages === 2) throw Object.assign(new Error('socket hang up'), { status: 0, name: 'NetworkError' });
      return query(params);
    };
    await expect(exportEvents(job({ query: failing }))).rejects.toThrow('socket hang up');
    expect(await readdir(dir)).toEqual(['events.jsonl']);
    expect(await readFile(target, 'utf8')).toBe('yesterday\n');
  });

  it('at a large log, walks date windows newest first and never asks for an offset above one window', async () => {
    // 150,000 events, one every 3 minutes (480 a day, ten months): offset paging would ask up to 149,000
    const log = fakeEventLog({ count: 150_000, everyMs: 180_000, newest: new Date('2026-06-01T12:00:00.000Z') });
    const progress: number[] = [];
    const written = await exportEvents(job({ query: log.query, onProgress: (p) => progress.push(p.total), now: () => new Date('2026-06-01T12:00:00.000Z') }));
    expect(written).toBe(150_000);
    const lines = (await readFile(join(dir, 'events.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as FlagEvent).id)).toEqual(log.all().map((event) => event.id));
    expect(Math.max(...log.requests.map((params) => Number(params.offset ?? 0)))).toBeLessThan(20_000);
    expect(new Set(progress)).toEqual(new Set([150_000])); // the whole count from the first answer on
  }, 30_000); // 150,000 events: seconds on a loaded machine

  it("with a filter's date range: exactly the events of those days, each request kept within them", async () => {
    const log = fakeEventLog({ count: 150_000, everyMs: 180_000, newest: new Date('2026-06-01T12:00:00.000Z') });
    const filter = { type: 'IS:segment-updated', from: 'IS:2025-10-01', to: 'IS:2026-03-31' };
    const target = join(dir, 'winter.csv');
    const written = await exportEvents(job({ query: log.query, filter, format: 'csv', columns: ['id', 'createdAt', 'type'], target }));
    const expected = log.all().filter((event) => event.type === 'segment-updated' && event.createdAt >= '2025-10-01' && event.createdAt < '2026-04-01');
    expect(written).toBe(expected.length);
    expect(written).toBeGreaterThan(20_000); // more than one window: the range is split
    const rows = (await readFile(target, 'utf8')).trimEnd().split('\r\n');
    expect(rows[0]).toBe('id,createdAt,type');
    expect(rows.slice(1)).toEqual(expected.map((event) => `${event.id},${event.createdAt},segment-updated`));
    for (const params of log.requests) {
      expect(params.from! >= filter.from && params.to! <= filter.to).toBe(true);
    }
  });
});
