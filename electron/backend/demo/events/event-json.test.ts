import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventQueryParams } from '../../../../shared/schemas/event';
import { EventLog, type NewEvent } from './event-log';

/**
 * The text path (queryJson, event-json.ts) against the object path (query): the same page once parsed, keys in the
 * same order, for arbitrary bodies. Chunks are a few events long, so pages are read from the spill file and the tail.
 */

/** Strings of any UTF-16 code unit: lone surrogates, NUL, quotes, backslashes, U+2028, non-BMP pairs. */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 12 });
const keyText = fc.oneof(
  anyText,
  fc.constantFrom('name', 'title', 'constraints', 'segments', 'parameters', 'changeRequestId', '1', '10', '__proto__', 'a b', 'é', '😀'),
);
const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    anyText,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(keyText, tie('value'), { maxKeys: 4 }),
  ),
})).value;
const body = fc.option(fc.dictionary(keyText, value, { maxKeys: 6 }) as fc.Arbitrary<Record<string, unknown>>, { nil: null });
/** Shaped like a strategy, so that feature-strategy-update summaries walk constraints, segments and parameters. */
const strategyBody = fc.option(
  fc.record({
    name: fc.constantFrom('flexibleRollout', 'default', 'userWithId', 'remoteAddress', 'custom'),
    title: fc.option(anyText, { nil: null }),
    parameters: fc.dictionary(fc.constantFrom('rollout', 'stickiness', 'groupId', 'userIds', 'IPs'), anyText, { maxKeys: 3 }),
    constraints: fc.array(fc.record({ contextName: anyText, operator: fc.constantFrom('IN', 'NOT_IN'), values: fc.array(anyText, { maxLength: 3 }) }), { maxLength: 2 }),
    segments: fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 3 }),
  }),
  { nil: null },
);
const event: fc.Arbitrary<NewEvent> = fc
  .record({
    type: fc.constantFrom(
      'feature-strategy-update',
      'feature-strategy-add',
      'feature-environment-enabled',
      'segment-created',
      'feature-tagged',
      'change-request-created',
      'feature-archived',
      'not-a-known-type',
    ),
    createdBy: fc.oneof(fc.constantFrom('admin', 'Alice'), anyText),
    createdByUserId: fc.constantFrom(1, -42, null),
    project: fc.option(fc.oneof(fc.constantFrom('default', 'growth'), anyText), { nil: null }),
    featureName: fc.option(fc.oneof(fc.constantFrom('new-cart', 'banner'), anyText), { nil: null }),
    environment: fc.option(fc.constantFrom('production', 'dev"el'), { nil: null }),
    data: fc.oneof(body, strategyBody),
    preData: fc.oneof(body, strategyBody),
    tags: fc.array(fc.record({ type: fc.constantFrom('simple', 'team'), value: anyText }), { maxLength: 3 }),
  })
  .map((e) => e as NewEvent);

/** Each filter in about one run of four, so that most pages are not empty. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary, weight: 1 });
const params: fc.Arbitrary<EventQueryParams> = fc
  .record({
    type: sometimes(fc.constantFrom('IS:feature-strategy-update', 'IS_ANY_OF:segment-created,feature-tagged')),
    project: sometimes(fc.constantFrom('IS:default', 'IS:growth')),
    query: sometimes(fc.constantFrom('name', 'a', 'é', '"')),
    offset: sometimes(fc.constantFrom('0', '1', '3')),
    limit: sometimes(fc.constantFrom('1', '5', '50')),
  })
  .map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as EventQueryParams);

function build(events: NewEvent[]): EventLog {
  const log = new EventLog({ chunkEvents: 3 });
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  log.appendHistory(
    events.map((e, i) => ({ ...e, createdAt: new Date(start + i * 60_000).toISOString() })),
    { keepNoOps: true },
  );
  return log;
}

/** What the face wrote before the text path: JSON.stringify of the object page (or what it threw). */
function objectAnswer(log: EventLog, p: EventQueryParams, url?: string): string {
  try {
    return JSON.stringify(log.query(p, url));
  } catch (error) {
    return `threw ${String(error)}`;
  }
}

/** The bytes must be well-formed UTF-8 (a body cut inside a character would not be). */
const utf8 = new TextDecoder('utf-8', { fatal: true });
const text = (bytes: Uint8Array) => utf8.decode(bytes);

function textAnswer(log: EventLog, p: EventQueryParams, url?: string): string {
  try {
    // re-serialised so that the comparison sees the parsed value's key order too
    return JSON.stringify(JSON.parse(text(log.queryJson(p, url))));
  } catch (error) {
    return `threw ${String(error)}`;
  }
}

describe('GET /search/events written from the stored texts', () => {
  it('parses to the page the objects give, key order included, for arbitrary events and filters', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 12 }), params, fc.constantFrom(undefined, 'https://unleash.example'), (events, p, url) => {
        const log = build(events);
        const answer = textAnswer(log, p, url);
        expect(answer).toBe(objectAnswer(log, p, url));
        if (!answer.startsWith('threw')) expect(JSON.parse(text(log.queryJson(p, url)))).toStrictEqual(log.query(p, url));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps unicode, escapes, nested arrays, null bodies and tags as they were sent', () => {
    const log = new EventLog({ chunkEvents: 2 });
    const bodies: NewEvent[] = [
      {
        type: 'feature-strategy-update',
        createdBy: 'Åse "the admin" \\ 😀',
        featureName: 'new-cart',
        project: 'default',
        environment: 'production',
        data: { name: 'flexibleRollout', title: 'line\nbreak\u2028\ud800', parameters: { rollout: '50' }, constraints: [{ values: [['nested', [1, 2.5, -0, 1e21]], null] }], segments: [1] },
        preData: { name: 'flexibleRollout', title: null, parameters: { rollout: '10' }, constraints: [], segments: [] },
        tags: [{ type: 'simple', value: 'team-ø' }],
      },
      { type: 'feature-environment-enabled', createdBy: 'bob', featureName: 'banner', project: 'default', environment: 'dev', data: null, preData: null },
      { type: 'segment-created', createdBy: 'bob', data: { name: 'β-users', '10': 'integer-like key', b: { '2': [], a: {} } } },
    ];
    log.appendHistory(bodies.map((e, i) => ({ ...e, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() })));
    const parsed = JSON.parse(text(log.queryJson({}))) as { events: Record<string, unknown>[] };
    expect(parsed).toStrictEqual(log.query({}));
    expect(Object.keys(parsed.events[0] ?? {})).toEqual([
      'id', 'type', 'createdBy', 'createdAt', 'createdByUserId', 'data', 'preData', 'tags', 'featureName', 'project', 'environment', 'label', 'summary',
    ]);
    expect(parsed.events[0]).toMatchObject({ id: 3, data: { name: 'β-users' }, preData: null, tags: [] });
    expect(parsed.events[1]).toMatchObject({ data: null, preData: null, tags: [], summary: expect.stringContaining('enabled **[banner](') });
    expect(parsed.events[2]).toMatchObject({
      data: { title: 'line\nbreak\u2028\ud800', constraints: [{ values: [['nested', [1, 2.5, 0, 1e21]], null] }] },
      tags: [{ type: 'simple', value: 'team-ø' }],
      summary: expect.stringContaining('by updating strategy **line\nbreak\u2028\ud800** in **production** rollout from 10% to 50%'),
    });
  });

  it('writes the bytes JSON.stringify wrote, preData without its jsonb spaces', () => {
    const log = new EventLog();
    log.append({ type: 'segment-updated', createdBy: 'bob', data: { name: 'a', constraints: [1, 2] }, preData: { name: 'b c', constraints: [1], s: ', : ' } });
    const answer = text(log.queryJson({}));
    expect(answer).toContain('"data":{"name":"a","constraints":[1,2]}');
    expect(answer).toContain('"preData":{"s":", : ","name":"b c","constraints":[1]}');
    expect(answer).toBe(JSON.stringify(log.query({})));
  });

  it('is byte for byte the object answer for bodies without integer-like keys', () => {
    // an integer-like key ("10") would come first out of JSON.parse, but keeps its jsonb place in the text
    const plainKey = keyText.filter((key) => !/^(0|[1-9]\d*)$/.test(key));
    const plainBody = fc.option(fc.dictionary(plainKey, fc.oneof(anyText, fc.integer(), fc.array(anyText, { maxLength: 3 }))), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.record({ type: fc.constantFrom('segment-updated', 'feature-strategy-update'), createdBy: anyText, data: plainBody, preData: plainBody }), { maxLength: 8 }), (events) => {
        const log = build(events as NewEvent[]);
        expect(text(log.queryJson({ limit: '1000' }))).toBe(JSON.stringify(log.query({ limit: '1000' })));
      }),
      { numRuns: 200 },
    );
  });

  it("queryTexts: each event's text is its bytes in the page, named by the id given, for arbitrary events", () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 8 }), fc.integer({ min: 0, max: 1000 }), (events, shift) => {
        const log = build(events);
        const page = log.queryTexts({ limit: '1000' }, (index) => index + 1 + shift);
        const texts = page.events.map((_, k) => text(page.bytes.subarray(page.starts[k], page.starts[k + 1])));
        expect(page.starts.at(-1)).toBe(page.bytes.length);
        const answer = JSON.parse(text(log.queryJson({ limit: '1000' }))) as { events: { id: number; createdAt: string }[]; total: number };
        expect(page.total).toBe(answer.total);
        expect(texts.map((json) => JSON.parse(json) as unknown)).toStrictEqual(answer.events.map((e) => ({ ...e, id: e.id + shift })));
        expect(page.events).toEqual(answer.events.map((e) => ({ id: e.id + shift, createdAt: e.createdAt })));
        if (shift === 0) expect(`{"events":[${texts.join(',')}],"total":${page.total}}`).toBe(text(log.queryJson({ limit: '1000' })));
      }),
      { numRuns: 100 },
    );
  });

  it('writes a page larger than the buffer it starts with', () => {
    const log = new EventLog({ chunkEvents: 2 });
    const long = 'ü'.repeat(3000);
    for (let i = 0; i < 5; i++) log.append({ type: 'segment-created', createdBy: 'bob', data: { name: `s${i}`, description: long } });
    const page = log.queryJson({});
    expect(page.length).toBeGreaterThan(5 * 1024);
    expect(JSON.parse(text(page))).toStrictEqual(log.query({}));
  });

  it('refuses a snapshot whose bodies are not one JSON object each, which the answer would carry as they are', () => {
    const log = new EventLog();
    log.append({ type: 'segment-created', createdBy: 'bob', data: { name: 'a' }, tags: [{ type: 'simple', value: 'x' }] });
    const good = log.toSnapshot() as { rows: Record<string, unknown[]> };
    expect(() => EventLog.fromSnapshot(good)).not.toThrow();
    for (const data of ['{"name":"a"},"id":999,"x":{}', '{ broken }', '{"a":1}{"b":2}', '[1]']) {
      expect(() => EventLog.fromSnapshot({ ...good, rows: { ...good.rows, data: [data] } }), data).toThrow();
    }
    expect(() => EventLog.fromSnapshot({ ...good, rows: { ...good.rows, tags: ['[{"type":"simple","value":"x"}],[]'] } })).toThrow();
    expect(() => EventLog.fromSnapshot({ ...good, rows: { ...good.rows, tags: ['{}'] } })).toThrow();
  });

  it('throws what query throws for a filter it refuses', () => {
    const log = build([]);
    expect(() => log.queryJson({ createdBy: 'IS:admin' })).toThrow();
    expect(() => log.query({ createdBy: 'IS:admin' })).toThrow();
  });
});
