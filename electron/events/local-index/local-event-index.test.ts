import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { FlagEvent } from '../../../shared/schemas';
import { createRedactor, secretForms } from '../../security/redact';
import { scanEventPage } from './page-scan';
import { LocalEventIndex } from './local-event-index';
import { SpillFile } from '../../backend/demo/events/spill-file';
import { quoted } from '../../backend/demo/events/quoted';
import { jsonbText } from '../../backend/event-query/pg-json-text';

const SECRET = 'TOPSECRET-123';
const QUOTED = 'TOP"SECRET\\9'; // characters JSON escapes: the texts hold it escaped

const event = (id: number, fields: Partial<FlagEvent> = {}): FlagEvent => ({
  id,
  type: 'segment-updated',
  createdBy: 'admin',
  createdAt: new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString(),
  createdByUserId: 1,
  project: 'default',
  featureName: null,
  environment: null,
  data: { name: 'beta', description: 'nothing here' },
  preData: null,
  tags: [],
  ...fields,
});

/** Every string (keys too) of what the index gives back: its answer and its lines, as a reader decodes them. */
function heldStrings(index: LocalEventIndex, lines: string[]): string[] {
  const out: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        out.push(key);
        walk(item);
      }
    }
  };
  walk(index.query({ limit: '1000' }));
  for (const line of lines) walk(JSON.parse(line));
  return out;
}

/** Everything the index gives back of what it stored: its answer (bodies read back from its scratch file) and lines. */
function held(index: LocalEventIndex, lines: string[]): string {
  return JSON.stringify(index.query({ limit: '1000' })) + lines.join('\n');
}

describe('LocalEventIndex: pages as texts (the export)', () => {
  it("gives a page as its events' texts named by the server's ids, the events query() gives, an id filter too", () => {
    const index = new LocalEventIndex();
    // server ids with gaps, as a server's log has after a purge
    index.add([10, 11, 25, 40].map((id) => event(id, { data: { name: `s${id}`, note: 'ü "q"' } })));
    for (const params of [{}, { id: 'IS:25' }, { id: 'IS_ANY_OF:11,40' }, { id: 'IS:26' }, { offset: '1', limit: '2' }]) {
      const page = index.queryTexts(params);
      const texts = page.events.map((_, k) => JSON.parse(page.bytes.toString('utf8', page.starts[k], page.starts[k + 1])) as unknown);
      const parsed = index.query(params);
      expect(texts, JSON.stringify(params)).toStrictEqual(parsed.events);
      expect(page.events.map((e) => e.id)).toEqual(parsed.events.map((e) => e.id));
      expect(page.total).toBe(parsed.total);
    }
    expect(index.queryTexts({ id: 'IS:25' }).events.map((e) => e.id)).toEqual([25]);
  });
});

describe('LocalEventIndex: no token stored in clear', () => {
  it('screens an event without a token with one test over one string, walks none of it, and stores it as it came', () => {
    const redactor = createRedactor([SECRET]);
    const screened: string[] = [];
    const walked: unknown[] = [];
    const index = new LocalEventIndex({
      deep: <T,>(value: T): T => {
        walked.push(value);
        return redactor.deep(value);
      },
      mayHoldInJson: (json) => {
        screened.push(json);
        return redactor.mayHoldInJson(json);
      },
    });
    const clean = event(1, { data: { description: 'TOPSECRET', tags: [{ value: '-123' }] }, preData: { b: 1, a: 'x' } });
    index.add([clean]);
    expect(screened).toHaveLength(1);
    expect(walked).toEqual([]);
    expect(index.query({}).events[0]).toMatchObject({ id: 1, data: clean.data, preData: clean.preData });
  });

  it.each([
    ['with the lines of the copy on disk (a sync)', true, false],
    ['without them (a copy loaded from disk)', false, false],
    ['from a page scanned as the sync reads it (page-scan.ts)', true, true],
  ])('scrubs a token wherever it is: a value, a key, deep in arrays, a tag, a column, its encoded forms, %s', async (_, withLines, scanned) => {
    const index = new LocalEventIndex(createRedactor([SECRET, QUOTED]));
    const events = [
      event(1, { data: { description: `token ${SECRET}` } }),
      event(2, { data: { [SECRET]: true } }),
      event(3, { preData: { list: [[{ value: ['x', `Bearer ${SECRET.toLowerCase()}`] }]] } }),
      event(4, { data: { url: `https://x/?t=${encodeURIComponent(SECRET)}` } }),
      event(5, { tags: [{ type: 'simple', value: SECRET }] }),
      event(6, { createdBy: `api ${SECRET}`, project: SECRET, featureName: `f-${SECRET}`, environment: SECRET }),
      event(7, { data: { description: `quoted ${QUOTED}` } }),
      event(8),
    ];
    const lines: string[] = [];
    if (scanned) await index.addInSlices(scanEventPage(JSON.stringify({ events, total: events.length })).events, lines);
    else index.add(events, withLines ? lines : undefined);
    const text = held(index, lines).toLowerCase();
    expect(text).not.toContain(SECRET.toLowerCase());
    expect(text).not.toContain(encodeURIComponent(SECRET).toLowerCase());
    expect(text).not.toContain(JSON.stringify(QUOTED).slice(1, -1).toLowerCase());
    expect(index.size).toBe(8);
    expect(index.query({ id: 'IS:8' }).events[0]?.data).toEqual(events[7]?.data);
    expect(lines).toHaveLength(withLines ? 8 : 0);
  });

  it.each([true, false])('holds none of a token\'s spellings, however a string spells it (with lines: %s)', (withLines) => {
    const tokens = ['*:development.4f1c2a9e8b7d6c5e4f3a2b1c0d9e8f7a', QUOTED];
    const index = new LocalEventIndex(createRedactor(tokens));
    const forms = tokens.flatMap(secretForms);
    const events = forms.flatMap((form, i) => [
      event(3 * i + 1, { data: { description: `echo ${form}` } }),
      event(3 * i + 2, { preData: { [form]: 1 }, tags: [{ type: 'simple', value: form }] }),
      event(3 * i + 3, { createdBy: form, featureName: form }),
    ]);
    const lines: string[] = [];
    index.add(events, withLines ? lines : undefined);
    const held = heldStrings(index, lines).join('\n').toLowerCase();
    expect(forms.filter((form) => held.includes(form.toLowerCase()))).toEqual([]);
    expect(index.size).toBe(events.length);
  });

  it('holds no token for any event that carries one anywhere in its bodies, and keeps every other event whole', () => {
    const redactor = createRedactor([SECRET]);
    const leaf = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    const body = fc.dictionary(fc.string(), fc.oneof(leaf, fc.array(leaf, { maxLength: 3 }), fc.dictionary(fc.string(), leaf, { maxKeys: 3 })), { maxKeys: 4 });
    // the token inside some text, as a key or a value, at some depth
    const planted = fc.tuple(fc.string(), fc.string(), fc.constantFrom('key', 'value', 'nested'), body).map(([before, after, where, rest]) => {
      const text = `${before}${SECRET}${after}`;
      if (where === 'key') return { ...rest, [text]: 1 };
      if (where === 'value') return { ...rest, planted: text };
      return { ...rest, planted: [{ deep: [text] }] };
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), planted, body), { minLength: 1, maxLength: 8 }), (specs) => {
        const index = new LocalEventIndex(redactor);
        const events = specs.map(([leak, dirty, clean], i) => event(i + 1, { data: leak ? dirty : clean }));
        const lines: string[] = [];
        index.add(events, lines);
        expect(held(index, lines).toLowerCase()).not.toContain(SECRET.toLowerCase());
        const answer = index.query({ limit: '1000' }).events;
        for (const original of events) {
          if (JSON.stringify(original.data).toLowerCase().includes(SECRET.toLowerCase())) continue;
          expect(answer.find((e) => e.id === original.id)?.data).toEqual(original.data);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('LocalEventIndex: a window stored whole or not at all', () => {
  it('stores none of a window when one of its events cannot be stored, and takes the window again once it can', () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 20_000; i++) deep = { next: deep };
    const index = new LocalEventIndex(createRedactor([SECRET]));
    index.add([event(1)]);
    const window = [event(2), event(3, { preData: deep }), event(4)];
    expect(() => index.add(window, [])).toThrow();
    expect(() => index.add([event(5), event(6, { createdAt: 'not a date' })])).toThrow('invalid createdAt');
    expect(index.size).toBe(1);
    // the same window without the event that could not be stored: nothing held twice, nothing refused as "earlier"
    const lines: string[] = [];
    index.add([event(2), event(4)], lines);
    expect(index.query({}).events.map((e) => e.id)).toEqual([4, 2, 1]);
    expect(lines).toHaveLength(2);
  });

  it("takes back a window that filled the engine's text chunks before the event it could not store", () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 20_000; i++) deep = { next: deep };
    const index = new LocalEventIndex();
    index.add([event(1, { data: { name: 'kept-before' } })]);
    // more than a text chunk of the engine (4,096 events) goes to its scratch file before the event that fails
    const window = Array.from({ length: 5000 }, (_, i) => event(i + 2, { data: { name: `undone-${i}` }, project: `p${i % 7}` }));
    const lines = ['a line of an earlier window'];
    expect(() => index.add([...window, event(5002, { preData: deep })], lines)).toThrow();
    expect(index.size).toBe(1);
    expect(lines).toEqual(['a line of an earlier window']);
    expect(index.query({ query: 'undone' }).total).toBe(0);
    expect(index.query({ project: 'IS:p3' }).total).toBe(0);
    expect(index.query({}).events.map((e) => e.data)).toEqual([{ name: 'kept-before' }]);
    // the next try stores it, once, with its bodies as they came
    index.add(window.slice(0, 4500));
    expect(index.size).toBe(4501);
    expect(index.query({ query: 'undone' }).total).toBe(4500);
    expect(index.query({ id: 'IS:4000' }).events[0]?.data).toEqual({ name: 'undone-3998' });
    expect(index.query({ project: 'IS:p3' }).total).toBe(Math.ceil((4500 - 3) / 7));
  });

  it('takes back a window whose text chunk could not be written (a full disk), and stores it once it can', () => {
    const index = new LocalEventIndex();
    index.add([event(1)]);
    const window = Array.from({ length: 5000 }, (_, i) => event(i + 2, { data: { name: `w-${i}` }, createdByUserId: 7 }));
    const append = SpillFile.prototype.append;
    let calls = 0;
    // the chunk's records are written, its bodies are not
    const full = vi.spyOn(SpillFile.prototype, 'append').mockImplementation(function (this: SpillFile, bytes: Uint8Array) {
      if (++calls === 2) throw new Error('ENOSPC: no space left on device');
      return append.call(this, bytes);
    });
    const lines: string[] = [];
    try {
      expect(() => index.add(window, lines)).toThrow('ENOSPC');
    } finally {
      full.mockRestore();
    }
    expect(index.size).toBe(1);
    expect(lines).toEqual([]);
    expect(index.creators()).toEqual([{ id: 1, name: 'admin' }]);
    index.add(window, lines);
    expect(lines).toHaveLength(5000);
    expect(index.query({ query: 'w-4999' }).events.map((e) => e.id)).toEqual([5001]);
    expect(index.query({ id: 'IS:4100' }).events[0]?.data).toEqual({ name: 'w-4098' });
    // and the half-written chunk's bytes were written over, not left in the scratch file
    const clean = new LocalEventIndex();
    clean.add([event(1), ...window]);
    expect(index.memoryBytes().spillFile).toBe(clean.memoryBytes().spillFile);
  });

  it('takes back a window whose first event the engine counted before its chunk failed to be written', () => {
    const index = new LocalEventIndex();
    // a text chunk but one full: the window's first event seals it
    index.add(Array.from({ length: 4095 }, (_, i) => event(i + 1)));
    const full = vi.spyOn(SpillFile.prototype, 'append').mockImplementation(() => {
      throw new Error('ENOSPC: no space left on device');
    });
    try {
      expect(() => index.add([event(4096), event(4097)])).toThrow('ENOSPC');
    } finally {
      full.mockRestore();
    }
    expect(index.size).toBe(4095);
    index.add([event(4096), event(4097)]);
    expect(index.query({ limit: '3' }).events.map((e) => e.id)).toEqual([4097, 4096, 4095]);
    expect(index.query({}).total).toBe(4097);
  });

  it('takes no more events once a window could not be taken back, rather than hold it twice', () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 20_000; i++) deep = { next: deep };
    const index = new LocalEventIndex();
    const window = Array.from({ length: 4200 }, (_, i) => event(i + 1));
    const unreadable = vi.spyOn(SpillFile.prototype, 'read').mockImplementation(() => {
      throw new Error('EIO: i/o error');
    });
    try {
      expect(() => index.add([...window, event(4201, { preData: deep })])).toThrow();
    } finally {
      unreadable.mockRestore();
    }
    expect(() => index.add(window)).toThrow(/could not take back a window.*restart Flagdesk/);
    // what it holds, it answers for: the rows it kept, each with its own id
    expect(index.query({ limit: '1' }).events[0]?.id).toBe(4200);
  });

  it("keeps each row's id when a chunk failed to be written and could not be taken back", () => {
    const index = new LocalEventIndex();
    const append = SpillFile.prototype.append;
    let calls = 0;
    // the first chunk is written whole; the second fails on its records, after the engine counted its last row
    const full = vi.spyOn(SpillFile.prototype, 'append').mockImplementation(function (this: SpillFile, bytes: Uint8Array) {
      if (++calls === 3) throw new Error('ENOSPC: no space left on device');
      return append.call(this, bytes);
    });
    const unreadable = vi.spyOn(SpillFile.prototype, 'read').mockImplementation(() => {
      throw new Error('EIO: i/o error');
    });
    try {
      expect(() => index.add(Array.from({ length: 8192 }, (_, i) => event(i + 1)))).toThrow('ENOSPC');
    } finally {
      full.mockRestore();
      unreadable.mockRestore();
    }
    expect(index.size).toBe(index.query({}).total);
    expect(index.query({ limit: '1' }).events[0]?.id).toBe(8192);
    expect(index.newestId).toBe(8192);
  });
});

describe('LocalEventIndex: no token kept in the caches of quoted values and key orders', () => {
  it('forgets the quoted columns of an event that held a token', () => {
    const index = new LocalEventIndex(createRedactor([SECRET]));
    const actor = `deploy-bot ${SECRET}`;
    index.add([event(1, { createdBy: actor })], []);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      quoted(actor);
      // quoted again from scratch: the cache no longer held it
      expect(stringify).toHaveBeenCalledWith(actor);
    } finally {
      stringify.mockRestore();
    }
  });

  it('forgets the key orders of a preData that held a token in a key', () => {
    const index = new LocalEventIndex(createRedactor([SECRET]));
    const key = `token ${SECRET}`;
    index.add([event(1, { preData: { [key]: 'x' } })], []);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      jsonbText({ [key]: 'x' });
      // its order worked out again from scratch: the cache no longer held the key
      expect(stringify).toHaveBeenCalledWith(key);
    } finally {
      stringify.mockRestore();
    }
  });
});

describe('LocalEventIndex: large batches stored a slice at a time, the app answered between slices', () => {
  const many = (from: number, count: number) => Array.from({ length: count }, (_, i) => event(from + i, { data: { name: `e${from + i}` } }));

  it('serves the event loop while a window is stored: a task queued meanwhile runs before the window is whole', async () => {
    const index = new LocalEventIndex();
    const seen: number[] = [];
    const stored = index.addInSlices(many(1, 3500), []);
    setImmediate(() => seen.push(index.size));
    await stored;
    expect(index.size).toBe(3500);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen[0]).toBeLessThan(3500);
  });

  it('takes back every slice of a window when an event of a later slice cannot be stored, lines too', async () => {
    const index = new LocalEventIndex();
    index.add([event(1, { data: { name: 'kept-before' } })]);
    const lines = ['a line of an earlier window'];
    const window = [...many(2, 2600), event(2602, { createdAt: 'not a date' })];
    await expect(index.addInSlices(window, lines)).rejects.toThrow('invalid createdAt');
    expect(index.size).toBe(1);
    expect(lines).toEqual(['a line of an earlier window']);
    expect(index.query({ query: 'e20' }).total).toBe(0);
    await index.addInSlices(window.slice(0, -1), lines);
    expect(index.query({ limit: '1' }).events.map((e) => e.id)).toEqual([2601]);
    expect(lines).toHaveLength(2601);
  });

  it('takes a window back when it is stopped between two of its slices (a stop takes effect within a slice)', async () => {
    const index = new LocalEventIndex();
    index.add([event(1)]);
    const lines: string[] = [];
    const stop = new AbortController();
    const stored = index.addInSlices(many(2, 3000), lines, stop.signal);
    setImmediate(() => stop.abort());
    await expect(stored).rejects.toThrow();
    expect(index.size).toBe(1);
    expect(lines).toEqual([]);
    await index.addInSlices(many(2, 3000), lines, new AbortController().signal);
    expect(index.size).toBe(3001);
  });

  it('stores batches started together one after the other, and refuses an add() that would land between two slices', async () => {
    const index = new LocalEventIndex();
    const first = index.addInSlices(many(1, 2500));
    const second = index.addInSlices(many(2501, 1500));
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => index.add([event(9999)])).toThrow('being added in slices');
    await Promise.all([first, second]);
    expect(index.size).toBe(4000);
    // where the two batches meet, newest first: the second's oldest, then the first's newest
    expect(index.query({ offset: '1499', limit: '2' }).events.map((e) => e.id)).toEqual([2501, 2500]);
    expect(index.newestId).toBe(4000);
  });

  it('loads lines of the copy on disk a slice at a time, as it stored them', async () => {
    const written = new LocalEventIndex();
    const lines: string[] = [];
    written.add(many(1, 2200), lines);
    const loaded = new LocalEventIndex();
    let between = -1;
    const done = loaded.addLinesInSlices(lines, true);
    setImmediate(() => (between = loaded.size));
    await done;
    expect(between).toBeGreaterThan(0);
    expect(between).toBeLessThan(2200);
    expect(loaded.query({ offset: '2150', limit: '50' })).toEqual(written.query({ offset: '2150', limit: '50' }));
    expect(loaded.query({ query: 'e1234' }).events.map((e) => e.id)).toEqual([1234]);
  });
});
