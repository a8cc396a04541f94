import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/errors';
import { jsonOrUndefined } from '../../../shared/json';
import { eventQueryPageSchema, type FlagEvent } from '../../../shared/schemas';
import { toRow } from '../../backend/demo/events/event-row';
import { jsonbText } from '../../backend/event-query/pg-json-text';
import { LocalEventIndex, toNewEvent } from './local-event-index';
import { checkAnswer } from '../../backend/remote/answer-check';
import { scanEventBytes, scanEventPage, scanInPieces, spanEventBytes } from './page-scan';
import { eventSlices } from '../export/event-text';
import { ScannedEvent } from './scanned-event';

/** The property tests of many runs take 2-3 s alone, more beside other test files on 2 cores: room over the 5 s default. */
const PROPERTY_MS = 30_000;

/** Strings a body can hold that a scanner could trip on: quotes, escapes, separators, keys JSON.parse moves first. */
const word = fc.constantFrom('a', 'b', 'id', 'data', ',"data":', '": ', ', ', '}', ']', '\\', '"', '\n', '\u0001', '/', 'é', '😀', '\u2028', '10', '2', '0', '-1', '');
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    word,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constant(null),
    fc.boolean(),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(word, tie('value'), { maxKeys: 4 }),
  ),
})).value;
const body = fc.option(fc.dictionary(word, value, { maxKeys: 5 }), { nil: null });
const scalar = fc.option(word, { nil: null });
const events = fc.array(
  fc.record(
    {
      id: fc.integer({ min: 1, max: 2 ** 40 }),
      type: word,
      createdBy: word,
      createdAt: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      createdByUserId: fc.option(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), { nil: null }),
      project: scalar,
      featureName: scalar,
      environment: scalar,
      data: body,
      preData: body,
      tags: fc.option(fc.array(fc.record({ value: word, type: word }), { maxLength: 2 }), { nil: null }),
      label: scalar,
      summary: scalar,
      ip: word,
    },
    { requiredKeys: ['id', 'type', 'createdBy', 'createdAt'] },
  ),
  { maxLength: 6 },
);

/** The page as the remote's read gives it (parseAnswer): JSON.parse's objects, checked by the schema and kept. */
function checkedPage(text: string) {
  const page = checkAnswer(eventQueryPageSchema, JSON.parse(text));
  if (!page.success) throw page.error;
  return page.data;
}

/** What the parsed path stores of each event of a page: its scalars and its bodies' texts. */
function parsedPath(text: string, withLines = true) {
  return checkedPage(text).events.map((event: FlagEvent) => {
    const stored = toNewEvent(event);
    const row = toRow(stored, true);
    return {
      scalars: {
        id: event.id,
        type: stored.type,
        createdBy: stored.createdBy,
        createdAt: stored.createdAt,
        createdByUserId: stored.createdByUserId,
        environment: stored.environment,
        project: stored.project,
        featureName: stored.featureName,
      },
      texts: { data: row?.dataText ?? null, preData: row?.preDataText ?? null, tags: row?.tagsText ?? null },
      line: withLines ? lineOf(event) : '',
    };
  });
}

/** The event's line of the copy on disk, as the index writes it of a scanned or a parsed event. */
function lineOf(event: FlagEvent | ScannedEvent): string {
  const lines: string[] = [];
  new LocalEventIndex().add([event], lines);
  return lines[0] as string;
}

/** The page's events as scanned: each must be (a page the scanner leaves to JSON.parse is not one of these). */
const scannedEvents = (text: string): ScannedEvent[] =>
  scanEventPage(text).events.map((event) => {
    if (!(event instanceof ScannedEvent)) throw new Error(`not scanned: ${JSON.stringify(event)}`);
    return event;
  });
const scanned = (text: string, withLines = true) =>
  scannedEvents(text).map((event) => ({ scalars: { ...event.scalars }, texts: { ...event.texts }, line: withLines ? lineOf(event) : '' }));

/** jsonb's key order (UTF-8 length, then bytes) written compactly: preData as Unleash and the demo-server send it. */
function jsonbCompact(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonbCompact).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const record = value as Record<string, unknown>;
  const bytes = (key: string) => Buffer.from(key, 'utf8');
  const keys = Object.keys(record).sort((a, b) => bytes(a).length - bytes(b).length || Buffer.compare(bytes(a), bytes(b)));
  return `{${keys.map((key) => `${JSON.stringify(key)}:${jsonbCompact(record[key])}`).join(',')}}`;
}

/** The page with each preData written by `write`. */
function withPreData(page: { events: Record<string, unknown>[]; total: number }, write: (preData: unknown) => string): string {
  const written = page.events.map((event) => {
    const { preData, ...rest } = event;
    const head = JSON.stringify(rest).slice(0, -1);
    if (preData === undefined) return `${head}}`;
    return `${head}${head.length > 1 ? ',' : ''}"preData":${write(preData)}}`;
  });
  return `{"events":[${written.join(',')}],"total":${page.total}}`;
}

describe('scanEventPage', () => {
  it('gives every event the scalars and body texts the parsed path stores, in any form a server writes the page', () => {
    fc.assert(
      fc.property(events, fc.nat(), (list, total) => {
        const page = { events: list as Record<string, unknown>[], total };
        const compact = JSON.stringify(page);
        const expected = parsedPath(compact);
        // compact, pretty, preData in jsonb's order (as Unleash and the demo-server send it) or as jsonb's text, other
        // escapes, other numbers
        expect(scanned(compact)).toEqual(expected);
        expect(scanned(JSON.stringify(page, null, 2))).toEqual(expected);
        expect(scanned(withPreData(page, jsonbCompact))).toEqual(expected);
        expect(scanned(withPreData(page, jsonbText))).toEqual(expected);
        const escaped = compact.replaceAll('/', '\\/').replaceAll('é', '\\u00e9').replaceAll('\\u0001', '\\u0001'.toUpperCase().replace('\\U', '\\u'));
        expect(scanned(escaped)).toEqual(expected);
        // whole numbers written as other servers may (1.0, 1e0): the same numbers, not JSON.stringify's text
        expect(scanned(compact.replace(/(?<=[:[,])(-?\d+)(?=[,\]}])/g, (n, _, at: number) => (at % 2 ? `${n}.0` : `${n}e0`)))).toEqual(expected);
        expect(scanEventPage(compact).total).toBe(total);
      }),
      { numRuns: 300 },
    );
  }, PROPERTY_MS);

  it('stores in the index what the parsed events store: the same lines of the copy on disk, the same answers', async () => {
    await fc.assert(
      fc.asyncProperty(events, async (list) => {
        const ordered = list.map((event, i) => ({ ...event, id: i + 1, createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString() }));
        const text = withPreData({ events: ordered, total: ordered.length }, jsonbCompact);
        const parsed = new LocalEventIndex();
        const parsedLines: string[] = [];
        parsed.add(checkedPage(text).events, parsedLines);
        const fromScan = new LocalEventIndex();
        const scanLines: string[] = [];
        await fromScan.addInSlices(scanEventPage(text).events, scanLines);
        expect(scanLines).toEqual(parsedLines);
        expect(JSON.stringify(fromScan.query({ limit: '1000' }))).toBe(JSON.stringify(parsed.query({ limit: '1000' })));
      }),
      { numRuns: 100 },
    );
  }, PROPERTY_MS);

  it('writes a body holding a key twice as JSON.parse reads it: the last value, once', () => {
    const text = '{"events":[{"id":1,"type":"t","createdBy":"u","createdAt":"2026-01-01T00:00:00.000Z","data":{"a":1,"b":{"c":1,"c":2},"a":3},"preData":{"k": 1, "k": 2}}],"total":1}';
    const [event] = scannedEvents(text);
    expect(event?.texts.data).toBe('{"a":3,"b":{"c":2}}');
    expect(event?.texts.preData).toBe('{"k": 2}');
    expect(scanned(text)).toEqual(parsedPath(text));
  });

  it('reads a page with a member of an event given twice as JSON.parse does: the last one', () => {
    for (const twice of ['"type":"a","type":"b"', '"project":"p","project":null', '"data":[1],"data":{"a":1}', '"id":0,"id":2', '"type":1,"type":"t"', '"label":1,"label":"x"', '"tags":[1],"tags":null']) {
      const text = `{"events":[{"id":1,"type":"t","createdBy":"u","createdAt":"2026-01-01T00:00:00.000Z",${twice}}],"total":1}`;
      expect(scanEventPage(text).events.map(lineOf), twice).toEqual(parsedPath(text).map((event) => event.line));
    }
    expect(scanEventPage('{"events":1,"events":[],"total":"x","total":2}')).toEqual({ events: [], total: 2 });
    expect(scanEventPage('{"events":[{"id":1,"type":"t","createdBy":"u","createdAt":"x"}],"events":[],"total":0}').events).toEqual([]);
  });

  it('leaves a page nested deeper than it reads to JSON.parse, and refuses one that is not JSON either way', () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const text = `{"events":[{"id":1,"type":"t","createdBy":"u","createdAt":"2026-01-01T00:00:00.000Z","other":${deep(20_000)},"data":{"a":${deep(300)}}}],"total":1}`;
    expect(scanEventPage(text).events.map(lineOf)).toEqual(parsedPath(text).map((event) => event.line));
    expect(() => scanEventPage(`${text.slice(0, -1)}`)).toThrow(/not valid JSON/);
  });

  it('keeps each tag as the server wrote it, in its key order, every member', () => {
    const text = '{"events":[{"id":1,"type":"t","createdBy":"u","createdAt":"x","tags":[{"value":"my-tag","type":"simple","color":"red"}]}],"total":1}';
    expect(scannedEvents(text)[0]?.texts.tags).toBe('[{"value":"my-tag","type":"simple","color":"red"}]');
  });

  it('orders preData as jsonb does and puts array-index keys of data first, as the parsed path', () => {
    const text = '{"total":1,"events":[{"id":1,"type":"t","createdBy":"u","createdAt":"2026-01-01T00:00:00.000Z","data":{"b":1,"10":2,"2":3},"preData":{"bb":1,"a":{"z":1,"y":2}},"tags":[]}]}';
    const [event] = scannedEvents(text);
    expect(event?.texts).toEqual({ data: '{"2":3,"10":2,"b":1}', preData: '{"a": {"y": 2, "z": 1}, "bb": 1}', tags: null });
  });

  it('reads a member whose name is written with escapes as the member it names', () => {
    const text = '{"events":[{"\\u0069d":7,"type":"t","createdBy":"u","createdAt":"2026-01-01T00:00:00.000Z","d\\u0061ta":{"x":1}}],"total":1}';
    expect(scanned(text)).toEqual(parsedPath(text));
    expect(scannedEvents(text)[0]?.id).toBe(7);
  });

  it('refuses a page exactly when the schema refuses it, naming where', () => {
    const valid = { id: 1, type: 't', createdBy: 'u', createdAt: '2026-01-01T00:00:00.000Z', data: { a: 1 }, preData: null, tags: [{ type: 'simple', value: 'x' }] };
    const field = fc.constantFrom('id', 'type', 'createdBy', 'createdAt', 'createdByUserId', 'environment', 'project', 'featureName', 'data', 'preData', 'tags', 'label', 'summary', 'groupType', 'groupId', 'other');
    const replacement = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined), fc.constant([{ type: 'simple' }]), fc.constant(0), fc.constant(1.5));
    fc.assert(
      fc.property(field, replacement, fc.oneof(fc.integer(), fc.double(), fc.constant(undefined), fc.string()), (key, replaced, total) => {
        const event: Record<string, unknown> = { ...valid, [key]: replaced };
        const text = JSON.stringify({ events: [event], total });
        const schema = eventQueryPageSchema.safeParse(jsonOrUndefined(text));
        // (without the lines: the index makes one only of a createdAt it can read, which the schema does not ask)
        const columns = (events: { line: string }[]) => events.map(({ line: _line, ...rest }) => rest);
        if (schema.success) expect(columns(scanned(text, false))).toEqual(columns(parsedPath(text, false)));
        else expect(() => scanEventPage(text)).toThrow(ApiError);
      }),
      { numRuns: 400 },
    );
  });

  it('names the member that is not as the schema has it', () => {
    const page = (event: object) => JSON.stringify({ events: [{ id: 1, type: 't', createdBy: 'u', createdAt: 'x' }, event], total: 2 });
    expect(() => scanEventPage(page({ id: 0, type: 't', createdBy: 'u', createdAt: 'x' }))).toThrow(/shape at events\.1\.id: /);
    expect(() => scanEventPage(page({ id: 2, type: 't', createdBy: 'u', createdAt: 'x', data: [1] }))).toThrow(/shape at events\.1\.data: must be an object/);
    expect(() => scanEventPage(page({ id: 2, type: 't', createdBy: 'u', createdAt: 'x', tags: [{ type: 'simple', value: 1 }] }))).toThrow(/shape at events\.1\.tags\.0\.value: /);
    expect(() => scanEventPage(JSON.stringify({ events: [], total: 'many' }))).toThrow(/shape at total: /);
    expect(() => scanEventPage(page({ id: 2, type: 't', createdBy: 'u', createdAt: 'x' }).replace('"createdAt":"x"}]', '"createdAt":"x","createdByUserId":1e400}]'))).toThrow(
      /shape at events\.1\.createdByUserId: /,
    );
  });

  it('refuses text that is not JSON, with InvalidResponseError', () => {
    const good = JSON.stringify({ events: [{ id: 1, type: 't', createdBy: 'u', createdAt: 'x', data: { a: [1, 'b'] } }], total: 1 });
    for (let cut = 0; cut < good.length; cut++) {
      const text = good.slice(0, cut);
      const error = (() => {
        try {
          scanEventPage(text);
          return undefined;
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(error, text).toBeInstanceOf(ApiError);
      expect((error as ApiError).name).toBe('InvalidResponseError');
    }
    for (const text of [`${good} x`, good.replace('[1,', '[01,'), good.replace('"b"', "'b'"), good.replace('"b"', '"b\tc"'), good.replace('1}', '1,}')]) {
      expect(() => scanEventPage(text), text).toThrow(/not valid JSON/);
    }
  });
});

describe('scanEventBytes', () => {
  /** What a scan gives of each event, with its line of the copy on disk. */
  const read = (page: ReturnType<typeof scanEventPage>) =>
    page.events.map((event) => (event instanceof ScannedEvent ? { scalars: { ...event.scalars }, texts: { ...event.texts }, line: event.line() } : event));
  // bodies from a few bytes to more than a piece (60 KB), in one- to four-byte characters, so that pieces end inside
  // events, inside strings and between a character's bytes
  const filler = fc.tuple(fc.constantFrom('a', 'é', '😀', '\\"', '"', 'x y'), fc.integer({ min: 0, max: 3000 })).map(([unit, n]) => unit.repeat(n));
  const big = fc.oneof({ weight: 9, arbitrary: filler }, { weight: 1, arbitrary: fc.constant('b'.repeat(150_000)) });
  const largePage = fc.array(
    fc.record({
      id: fc.integer({ min: 1, max: 2 ** 40 }),
      type: word,
      createdBy: fc.constantFrom('admin@example.com', 'ünïcode-user@example.com', 'a'),
      createdAt: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      featureName: fc.option(fc.constantFrom('flag-with-a-long-name', 'é-flag-named-in-unicode', 'f'), { nil: null }),
      data: fc.option(fc.record({ text: big, n: fc.integer() }), { nil: null }),
      preData: fc.option(fc.record({ text: big }), { nil: null }),
    }),
    { minLength: 20, maxLength: 120 },
  );

  it('reads a page of many pieces as the same page read whole: every event, its columns, texts and line', () => {
    fc.assert(
      fc.property(largePage, fc.boolean(), (list, pretty) => {
        const text = pretty ? JSON.stringify({ events: list, total: list.length }, null, 1) : withPreData({ events: list, total: list.length }, jsonbCompact);
        const whole = scanEventPage(text);
        // read in pieces, without falling back to the whole text (scanEventBytes would, and hide a piece read wrong)
        const inPieces = scanInPieces(Buffer.from(text, 'utf8'));
        expect(inPieces.total).toBe(whole.total);
        expect(read(inPieces)).toEqual(read(whole));
      }),
      { numRuns: 40 },
    );
  }, PROPERTY_MS);

  it("gives an export each event's text as the server wrote it, its id and date, wherever the pieces end", () => {
    fc.assert(
      fc.property(largePage, fc.boolean(), (list, pretty) => {
        const text = pretty ? JSON.stringify({ events: list, total: list.length }, null, 1) : withPreData({ events: list, total: list.length }, jsonbCompact);
        const bytes = Buffer.from(text, 'utf8');
        const spanned = spanEventBytes(bytes);
        expect(spanned.total).toBe(list.length);
        expect(spanned.events.map(({ id, createdAt }) => ({ id, createdAt }))).toEqual(list.map(({ id, createdAt }) => ({ id, createdAt })));
        expect(spanned.starts.map((start, k) => bytes.toString('utf8', start, spanned.ends[k]))).toEqual(eventSlices(text));
      }),
      { numRuns: 40 },
    );
    // a page the schema refuses is not spanned (the export then reads it whole, and the schema says what is wrong)
    const page = JSON.stringify({ events: [{ id: 1, type: 't', createdBy: 'u', createdAt: 'x', data: [1] }], total: 1 });
    expect(() => spanEventBytes(Buffer.from(page))).toThrow();
    expect(() => spanEventBytes(Buffer.from(page.replace('[1]', '{"a":1')))).toThrow();
    const fixed = page.replace('[1]', '{"a":[1]}');
    expect(spanEventBytes(Buffer.from(fixed))).toMatchObject({ starts: [11], ends: [fixed.indexOf('],"total"')] });
  }, PROPERTY_MS);

  it('says what is wrong with a large page as the page read whole says it, and reads bytes that are not UTF-8 as decoding them does', () => {
    const list = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, type: 't', createdBy: 'u', createdAt: '2026-01-01T00:00:00.000Z', data: { text: 'é'.repeat(200 + i) } }));
    const text = JSON.stringify({ events: list, total: 300 });
    expect(Buffer.byteLength(text)).toBeGreaterThan(3 * 60 * 1024);
    const outcome = (scan: () => unknown) => {
      try {
        return { page: scan() };
      } catch (error) {
        return { error: String(error) };
      }
    };
    const broken = [
      text.replace('"id":250,', '"id":0,'),
      text.replace('"id":250,', '"id":250,"createdByUserId":"x",'),
      text.replace('"id":250,', '"id":250,,'),
      text.slice(0, -1),
      `${text} x`,
    ];
    for (const page of broken) {
      const whole = outcome(() => scanEventPage(page));
      expect(whole.error, page.slice(-40)).toBeDefined();
      expect(outcome(() => scanEventBytes(Buffer.from(page, 'utf8')))).toEqual(whole);
    }
    // a byte no UTF-8 text holds, in the middle: the answer decoded as any is (U+FFFD in its place)
    const bytes = Buffer.from(text, 'utf8');
    const at = bytes.indexOf('"id":200,');
    bytes[at + 60] = 0xff;
    expect(read(scanEventBytes(bytes))).toEqual(read(scanEventPage(bytes.toString('utf8'))));
  });
});
