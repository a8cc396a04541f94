import { describe, expect, it } from 'vitest';
import type { EventQueryParams, FlagEvent } from '../../shared/schemas';
import { addDays, newestWindowsFirst, oldestWindowsFirst, WINDOW_MAX, WINDOW_PAGE_SIZE, type WholeWindow, type WindowPage } from './date-windows';
import { fakeEventLog } from './test-support/fake-event-log';

const NEWEST = new Date('2026-06-01T12:00:00.000Z');
const today = () => '2026-06-01';
const MINUTE = 60_000;

async function collect(pages: AsyncIterable<WindowPage>): Promise<{ events: FlagEvent[]; pages: WindowPage[] }> {
  const seen: WindowPage[] = [];
  for await (const page of pages) seen.push(page);
  return { events: seen.flatMap((page) => page.events), pages: seen };
}
const ids = (events: FlagEvent[]) => events.map((event) => event.id);
const largestOffset = (log: ReturnType<typeof fakeEventLog>) => Math.max(...log.requests.map((params) => Number(params.offset ?? 0)));

describe('newestWindowsFirst (the export)', () => {
  it('gives a large log whole, newest first, each event once, never asking for an offset past one window', async () => {
    // 120,000 events, one every 4 minutes (360 a day, about 11 months)
    const log = fakeEventLog({ count: 120_000, everyMs: 4 * MINUTE, newest: NEWEST });
    let total = 0;
    const { events } = await collect(newestWindowsFirst(log.query, {}, { today, onTotal: (count) => (total = count) }));
    expect(total).toBe(120_000);
    expect(ids(events)).toEqual(ids(log.all()));
    expect(largestOffset(log)).toBeLessThan(20_000);
    // and it did not take many more requests than pages
    expect(log.requests.length).toBeLessThan(120_000 / WINDOW_PAGE_SIZE + 40);
  });

  it("tells the next window's first page while the window before is still being read, and asks for exactly that page", async () => {
    const log = fakeEventLog({ count: 120_000, everyMs: 4 * MINUTE, newest: NEWEST });
    const timeline: string[] = [];
    const query = async (params: EventQueryParams) => {
      timeline.push(`ask ${JSON.stringify(params)}`);
      return log.query(params);
    };
    const { events } = await collect(newestWindowsFirst(query, {}, { today, hint: (params) => timeline.push(`hint ${JSON.stringify(params)}`) }));
    expect(ids(events)).toEqual(ids(log.all()));
    const hints = timeline.filter((line) => line.startsWith('hint ')).map((line) => line.slice(5));
    const asked = timeline.filter((line) => line.startsWith('ask ')).map((line) => line.slice(4));
    // no hint in vain: each is the first page of a window the walk then asked for
    expect(hints.length).toBeGreaterThan(10);
    for (const key of hints) expect(asked).toContain(key);
    // and every window that can no longer grow was told once the window before it had its first page, before its second
    let windows = 0;
    for (const key of asked) {
      const params = JSON.parse(key) as EventQueryParams;
      if (params.offset !== '0' || params.to === undefined || params.to >= `IS:${addDays(today(), -1)}`) continue;
      const told = timeline.indexOf(`hint ${key}`);
      expect(told).toBeGreaterThan(-1);
      const lastAsked = timeline.slice(0, told).findLast((line) => line.startsWith('ask ')) ?? '';
      expect((JSON.parse(lastAsked.slice(4)) as EventQueryParams).offset).toBe('0');
      windows++;
    }
    expect(windows).toBeGreaterThan(10);
  });

  it('a result of one window is read without dates, as one search', async () => {
    const log = fakeEventLog({ count: 50_000, everyMs: MINUTE, newest: NEWEST });
    const { events } = await collect(newestWindowsFirst(log.query, { type: 'IS:segment-updated' }, { today }));
    expect(ids(events)).toEqual(ids(log.all().filter((event) => event.type === 'segment-updated')));
    expect(log.requests.every((params) => params.from === undefined && params.to === undefined)).toBe(true);
  });

  it("keeps to the filter's own date range: every request within it, every event of it", async () => {
    const log = fakeEventLog({ count: 120_000, everyMs: 4 * MINUTE, newest: NEWEST });
    const filter = { from: 'IS:2026-01-10', to: 'IS:2026-03-20', type: 'IS_ANY_OF:feature-created,segment-updated' };
    const { events } = await collect(newestWindowsFirst(log.query, filter, { today }));
    const expected = log.all().filter((event) => event.createdAt >= '2026-01-10' && event.createdAt < '2026-03-21');
    expect(expected.length).toBeGreaterThan(WINDOW_MAX);
    expect(ids(events)).toEqual(ids(expected));
    for (const params of log.requests) {
      expect(params.type).toBe(filter.type);
      expect(params.from! >= 'IS:2026-01-10').toBe(true);
      expect(params.to! <= 'IS:2026-03-20').toBe(true);
    }
    expect(largestOffset(log)).toBeLessThan(20_000);
  });

  it('a filter range that ends before it starts gives nothing and asks nothing', async () => {
    const log = fakeEventLog({ count: 100, everyMs: MINUTE, newest: NEWEST });
    const { events } = await collect(newestWindowsFirst(log.query, { from: 'IS:2026-05-02', to: 'IS:2026-05-01' }, { today }));
    expect(events).toEqual([]);
    expect(log.requests).toEqual([]);
  });

  it('passes a date bound it cannot read to the server as given, so the server refuses it rather than the export widening', async () => {
    const log = fakeEventLog({ count: 100, everyMs: MINUTE, newest: NEWEST });
    await collect(newestWindowsFirst(log.query, { from: 'IS:2026-5-1', type: 'IS:feature-created' }, { today }));
    expect(log.requests).toEqual([{ from: 'IS:2026-5-1', type: 'IS:feature-created', offset: '0', limit: '1000' }]);
  });

  it('jumps over a long quiet stretch in one request instead of stepping through it', async () => {
    // an event every 10 minutes for three years, but none for 600 days from June 2024
    const log = fakeEventLog({ count: 150_000, everyMs: 10 * MINUTE, newest: NEWEST, gap: { from: '2024-06-01', days: 600 } });
    const { events } = await collect(newestWindowsFirst(log.query, {}, { today }));
    expect(ids(events)).toEqual(ids(log.all()));
    const windowsInGap = log.requests.filter((params) => params.to !== undefined && params.to > 'IS:2024-07-01' && params.to < 'IS:2026-01-01');
    expect(windowsInGap.length).toBeLessThanOrEqual(2);
  });

  it('events arriving mid-walk are neither repeated nor lose an older event', async () => {
    // one every 10 s: today alone holds several pages
    const log = fakeEventLog({ count: 60_000, everyMs: 10_000, newest: NEWEST });
    const before = log.all();
    const events: FlagEvent[] = [];
    for await (const page of newestWindowsFirst(log.query, {}, { today })) {
      events.push(...page.events);
      log.arrive(7); // after every page, 7 newer events push the open window's pages down
    }
    expect(new Set(ids(events)).size).toBe(events.length);
    const got = new Set(ids(events));
    expect(before.every((event) => got.has(event.id))).toBe(true);
  });
});

describe('oldestWindowsFirst (the sync)', () => {
  async function windowsOf(walk: AsyncIterable<WholeWindow>): Promise<WholeWindow[]> {
    const windows: WholeWindow[] = [];
    for await (const window of walk) windows.push(window);
    return windows;
  }

  it('gives every event once, whole windows in order from the oldest day, with small offsets', async () => {
    const log = fakeEventLog({ count: 120_000, everyMs: 4 * MINUTE, newest: NEWEST });
    const oldest = (log.all().at(-1) as FlagEvent).createdAt.slice(0, 10);
    const windows = await windowsOf(oldestWindowsFirst(log.query, oldest, today));
    const events = windows.flatMap((window) => window.events);
    expect(new Set(ids(events))).toEqual(new Set(ids(log.all())));
    expect(events.length).toBe(120_000);
    expect(largestOffset(log)).toBeLessThan(20_000);
    // windows follow each other, oldest first, without a gap or overlap; each newest first inside, as the server
    for (let i = 1; i < windows.length; i++) expect(windows[i]!.from).toBe(addDays(windows[i - 1]!.to, 1));
    for (const window of windows) expect(ids(window.events)).toEqual(ids(window.events).sort((a, b) => b - a));
    expect(windows[0]!.from).toBe(oldest);
    expect(windows.at(-1)!.to).toBe('2026-06-01');
  });

  it('keeps several requests in flight, never more than asked', async () => {
    const log = fakeEventLog({ count: 60_000, everyMs: 4 * MINUTE, newest: NEWEST });
    const oldest = (log.all().at(-1) as FlagEvent).createdAt.slice(0, 10);
    let running = 0;
    let most = 0;
    const slow = async (params: EventQueryParams) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
      return log.query(params);
    };
    const events = (await windowsOf(oldestWindowsFirst(slow, oldest, today, 3))).flatMap((window) => window.events);
    expect(events.length).toBe(60_000);
    expect(most).toBe(3);
  });

  it('misses nothing in the open windows while events arrive during the walk', async () => {
    const log = fakeEventLog({ count: 30_000, everyMs: MINUTE, newest: NEWEST });
    const before = log.all();
    const oldest = (before.at(-1) as FlagEvent).createdAt.slice(0, 10);
    const arriving = async (params: EventQueryParams) => {
      const page = await log.query(params);
      log.arrive(7); // after every answer, 7 newer events push today's pages down
      return page;
    };
    const events = (await windowsOf(oldestWindowsFirst(arriving, oldest, today))).flatMap((window) => window.events);
    expect(new Set(ids(events)).size).toBe(events.length);
    const got = new Set(ids(events));
    expect(before.every((event) => got.has(event.id))).toBe(true);
  });

  it('fails at the window whose request failed, after every window before it', async () => {
    const log = fakeEventLog({ count: 60_000, everyMs: 4 * MINUTE, newest: NEWEST });
    const oldest = (log.all().at(-1) as FlagEvent).createdAt.slice(0, 10);
    let calls = 0;
    const flaky = async (params: EventQueryParams) => {
      if (++calls === 25) throw new Error('connect ECONNREFUSED');
      return log.query(params);
    };
    const windows: WholeWindow[] = [];
    await expect(
      (async () => {
        for await (const window of oldestWindowsFirst(flaky, oldest, today)) windows.push(window);
      })(),
    ).rejects.toThrow('ECONNREFUSED');
    expect(windows.length).toBeGreaterThan(0);
    // what came is a run of whole windows from the oldest day, every event of them
    const last = windows.at(-1)!.to;
    const expected = log.all().filter((event) => event.createdAt.slice(0, 10) <= last);
    expect(new Set(ids(windows.flatMap((window) => window.events)))).toEqual(new Set(ids(expected)));
  });
});
