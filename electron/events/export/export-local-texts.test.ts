import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventQueryParams, FlagEvent } from '../../../shared/schemas';
import { createDemoBackend } from '../../backend/demo';
import { jsonOrUndefined } from '../../../shared/json';
import { WINDOW_PAGE_SIZE } from '../date-windows';
import { LocalEventIndex } from '../local-index/local-event-index';
import { createRedactor, REDACTED } from '../../security/redact';
import { exportEvents, type ExportJob } from './export-events';

/** The export of a complete local copy, whose pages come as their events' texts (ExportJob.texts). */

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-export-texts-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function job(fields: Partial<ExportJob> & Pick<ExportJob, 'query'>): ExportJob {
  return { filter: {}, format: 'jsonl', columns: ['id', 'type'], target: join(dir, 'events.jsonl'), signal: new AbortController().signal, ...fields };
}

describe("exportEvents from a local copy's pages as texts", () => {
  /** A local copy of a demo's log (server ids kept), holding `secret` in clear if given: one learned after the sync. */
  async function copyOf(secret?: string) {
    const source = createDemoBackend({ historyEvents: 2600, clock: () => new Date('2026-06-01T12:00:00.000Z') });
    if (secret) await source.createSegment({ name: 'leaky', description: `token ${secret}`, constraints: [] });
    const events: FlagEvent[] = [];
    for (let offset = 0; ; offset += 1000) {
      const page = await source.queryEvents({ offset: String(offset), limit: '1000' });
      events.push(...page.events);
      if (page.events.length < 1000) break;
    }
    const index = new LocalEventIndex();
    index.add(events.reverse());
    let textPages = 0;
    const texts = (params: EventQueryParams) => (textPages++, Promise.resolve(index.queryTexts(params)));
    return { index, texts, pages: () => textPages, query: (params: EventQueryParams) => Promise.resolve(index.query(params)) };
  }

  it.each(['jsonl', 'json'] as const)('%s: writes every event as the parsed pages would, from the texts alone', async (format) => {
    const copy = await copyOf();
    const parsedTarget = join(dir, `parsed.${format}`);
    const textTarget = join(dir, `texts.${format}`);
    await exportEvents(job({ query: copy.query, format, target: parsedTarget }));
    const asked: EventQueryParams[] = [];
    const written = await exportEvents(
      job({ query: (params) => (asked.push(params), copy.query(params)), texts: copy.texts, format, target: textTarget }),
    );
    expect(written).toBe(copy.index.size);
    expect(asked).toEqual([]); // no page came parsed
    expect(copy.pages()).toBeGreaterThan(2);
    // the same file: JSON.stringify of each event, framed alike
    expect(await readFile(textTarget, 'utf8')).toBe(await readFile(parsedTarget, 'utf8'));
  });

  it('writes the texts of a token learned after the sync scrubbed, tests clean runs of events once each, and parses only the event holding it', async () => {
    const SECRET = 'TOPSECRET-export-44';
    const copy = await copyOf(SECRET);
    const redactor = createRedactor([SECRET]);
    const walked: unknown[] = [];
    const screened: string[] = [];
    const redact = {
      deep: <T>(value: T): T => (walked.push(value), redactor.deep(value)),
      mayHoldInJson: (json: string) => (screened.push(json), redactor.mayHoldInJson(json)),
    };
    await exportEvents(job({ query: copy.query, texts: copy.texts, redact }));
    const lines = (await readFile(join(dir, 'events.jsonl'), 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(copy.index.size);
    expect(lines.join('\n')).not.toContain(SECRET);
    const leaky = lines.map((line) => JSON.parse(line) as FlagEvent).find((event) => event.type === 'segment-created' && event.data?.name === 'leaky');
    expect(leaky?.data?.description).toBe(`token ${REDACTED}`);
    expect(walked).toHaveLength(1);
    // runs of events under V8's large-object size (no string of its own pages for each page), each tested once; then
    // each event of the run holding the token, and none of any other run
    expect(Math.max(...screened.map((json) => json.length))).toBeLessThanOrEqual(60 * 1024);
    const runs = screened.filter((json) => jsonOrUndefined(json) === undefined);
    const single = screened.filter((json) => jsonOrUndefined(json) !== undefined);
    expect(runs.join('')).toBe(lines.join('').replace(`token ${REDACTED}`, `token ${SECRET}`));
    expect(single.length).toBeGreaterThan(1);
    expect(single.length).toBeLessThan(WINDOW_PAGE_SIZE / 5);
    expect(single.filter((json) => json.includes(SECRET))).toHaveLength(1);
  });

  it('skips events already written when new ones arrive mid-export and push the pages down', async () => {
    const copy = await copyOf();
    let calls = 0;
    // after the first page, 5 newer events shift every later page by 5: the first 5 of page two repeat page one
    const shifted = (params: EventQueryParams) => {
      calls++;
      const offset = Number(params.offset ?? 0);
      return copy.texts({ ...params, offset: String(calls === 1 ? offset : Math.max(0, offset - 5)) });
    };
    await exportEvents(job({ query: copy.query, texts: shifted }));
    const ids = (await readFile(join(dir, 'events.jsonl'), 'utf8')).trimEnd().split('\n').map((line) => (JSON.parse(line) as FlagEvent).id);
    const held = [0, 1000, 2000].flatMap((offset) => copy.index.query({ offset: String(offset), limit: '1000' }).events.map((event) => event.id));
    expect(held).toHaveLength(copy.index.size);
    expect(ids).toEqual(held);
  });

  it('CSV: writes the parsed pages, never asking for texts', async () => {
    const copy = await copyOf();
    const target = join(dir, 'events.csv');
    await exportEvents(job({ query: copy.query, texts: copy.texts, format: 'csv', target, columns: ['id', 'type'] }));
    expect(copy.pages()).toBe(0);
    expect((await readFile(target, 'utf8')).trimEnd().split('\r\n')).toHaveLength(copy.index.size + 1);
  });
});
