import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FlagEvent } from '../../../shared/schemas';
import { createRedactor } from '../../security/redact';
import { EventLog } from '../../backend/demo/events/event-log';
import { LocalEventIndex, toNewEvent } from './local-event-index';
import { readStoredLine } from './stored-line';

/** Keys and strings that look like the line's own keys, where a body or a tag can hold them. */
const TRICKY = [',"data":', ',"preData":', ',"tags":', '","tags":[', 'preData', 'tags', 'data', '": ', '}', '\\', 'ß', '\u2028', 'x'];
const word = fc.constantFrom(...TRICKY);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    word,
    fc.integer(),
    fc.constant(null),
    fc.boolean(),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(word, tie('value'), { maxKeys: 3 }),
  ),
})).value;
const body = fc.option(fc.dictionary(fc.oneof(word, fc.constantFrom('10', '2')), value, { maxKeys: 4 }), { nil: null });
const tag = fc.oneof(
  fc.record({ type: word, value: word }),
  // a tag with more keys than type and value, one of them "tags": its text holds `,"tags":`
  fc.record({ type: word, value: word, tags: fc.array(word, { maxLength: 2 }) }),
);
const scalar = fc.option(word, { nil: null });

const events = fc
  .array(
    fc.record({
      type: word,
      createdBy: word,
      createdByUserId: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
      project: scalar,
      featureName: scalar,
      environment: scalar,
      data: body,
      preData: body,
      tags: fc.array(tag, { maxLength: 2 }),
    }),
    { maxLength: 12 },
  )
  .map((list): FlagEvent[] =>
    list.map((fields, i) => ({ id: i + 1, createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(), ...fields })),
  );

/** Everything the index answers of its events, bodies read back from its scratch file. */
const answers = (index: LocalEventIndex) => JSON.stringify(index.query({ limit: '1000' }));

describe('the copy on disk read back as texts (stored-line.ts)', () => {
  it('loads each line without parsing its bodies, and answers as the index that wrote the lines', () => {
    fc.assert(
      fc.property(events, (list) => {
        const written = new LocalEventIndex();
        const lines: string[] = [];
        written.add(list, lines);
        const loaded = new LocalEventIndex();
        loaded.addLines(lines);
        expect(answers(loaded)).toBe(answers(written));
        // the fast path is taken for every line but one whose tags hold a key "tags", and gives the very texts the
        // engine makes of the event (what a text search runs over, not only what an answer parses to)
        for (const [i, line] of lines.entries()) {
          const event = list[i] as FlagEvent;
          const stored = readStoredLine(line);
          const tricky = (event.tags ?? []).some((t) => 'tags' in t);
          expect(stored.kind).toBe(tricky ? 'parsed' : 'texts');
          if (stored.kind === 'texts') {
            const log = new EventLog();
            expect(log.prepareStored(stored.scalars, stored.texts)).toEqual(log.prepareCopied(toNewEvent(event)));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads a copy written before lines were made this way (the event as sent, preData as JSON.stringify writes it) by parsing it', () => {
    fc.assert(
      fc.property(events, (list) => {
        const expected = new LocalEventIndex();
        expected.add(list);
        // the event as a server sent it, label and summary after the tags; and in the order toNewEvent gives
        const asSent = list.map((event) => JSON.stringify({ ...event, label: 'x', summary: null }));
        const asStored = list.map((event) => JSON.stringify({ id: event.id, ...toNewEvent(event) }));
        for (const old of [asSent, asStored]) {
          for (const line of old) expect(readStoredLine(line).kind).toBe('parsed');
          const loaded = new LocalEventIndex();
          loaded.addLines(old);
          expect(answers(loaded)).toBe(answers(expected));
        }
        // a server that sends the scalars in the very order the lines have, and nothing after the tags: only
        // preData's text, JSON.stringify's rather than jsonb's, tells such a line apart
        const inLineOrder = list.map(({ id, type, createdBy, createdAt, createdByUserId, environment, project, featureName, data, preData, tags }) =>
          JSON.stringify({ id, type, createdBy, createdAt, createdByUserId, environment, project, featureName, data, preData, tags }),
        );
        for (const [i, line] of inLineOrder.entries()) {
          const event = list[i] as FlagEvent;
          if (event.preData && Object.keys(event.preData).length > 0) expect(readStoredLine(line).kind).toBe('parsed');
        }
        const loaded = new LocalEventIndex();
        loaded.addLines(inLineOrder);
        expect(answers(loaded)).toBe(answers(expected));
      }),
      { numRuns: 200 },
    );
  });

  it('screens each line for tokens as a synced event is screened, and stores what it finds redacted', () => {
    const SECRET = 'TOPSECRET-123';
    const lines: string[] = [];
    new LocalEventIndex().add(
      [
        { id: 1, type: 'segment-updated', createdBy: 'admin', createdAt: '2026-01-01T00:00:00.000Z', data: { description: `key ${SECRET}` }, preData: null, tags: [] },
        { id: 2, type: 'segment-updated', createdBy: 'admin', createdAt: '2026-01-01T00:00:01.000Z', data: { description: 'clean' }, preData: null, tags: [] },
      ],
      lines,
    );
    expect(lines[0]).toContain(SECRET);
    const loaded = new LocalEventIndex(createRedactor([SECRET]));
    loaded.addLines(lines);
    const answer = answers(loaded);
    expect(answer).not.toContain(SECRET);
    expect(answer).toContain('clean');
    expect(loaded.size).toBe(2);
  });

  it('refuses a damaged line, and stores none of the lines given with it', () => {
    const lines: string[] = [];
    new LocalEventIndex().add(
      [{ id: 1, type: 't', createdBy: 'a', createdAt: '2026-01-01T00:00:00.000Z', data: { a: 1 }, preData: { b: 2 }, tags: [] }],
      lines,
    );
    const line = lines[0] as string;
    const loaded = new LocalEventIndex();
    const damages = [
      line.slice(0, -1),
      line.replace('"data":{', '"data":['),
      line.replace('"createdBy":"a"', '"createdBy":1'),
      line.replace('"tags":[]', '"tags":[1]'),
      // a body damaged inside its braces
      line.replace('{"a":1}', '{"a":}'),
      line.replace('{"b": 2}', '{"b": }'),
    ];
    for (const damaged of damages) {
      expect(() => loaded.addLines([line, damaged])).toThrow();
      expect(loaded.size).toBe(0);
    }
    // a member more after data is still a line of that event (as the whole parse always read it), not a longer body
    const more = line.replace('{"a":1}', '{"a":1},"x":{}');
    expect(readStoredLine(more).kind).toBe('parsed');
    loaded.addLines([more]);
    const read = new LocalEventIndex();
    read.addLines([line]);
    expect(answers(loaded)).toBe(answers(read));
  });
});
