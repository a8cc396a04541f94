import { describe, expect, it } from 'vitest';
import type { EventQueryPage } from '../../../shared/schemas';
import { readAhead } from './export-events';

describe('readAhead', () => {
  const TODAY = '2026-06-01';
  /** A fake server whose answers come only when the test gives them, in the order it chooses. */
  function server() {
    const asked: string[] = [];
    const answers = new Map<string, () => void>();
    const log = Array.from({ length: 35 }, (_, i) => ({ id: 35 - i }));
    const read = readAhead<EventQueryPage>(
      () => TODAY,
      (params) => {
        const offset = params.offset ?? '0';
        asked.push(offset);
        return new Promise((resolve) =>
          answers.set(offset, () => {
            const at = Number(offset);
            // an answer is made when it is given, from the log as it is then
            const events = log.slice(at, at + Number(params.limit)).map(({ id }) => ({ id, type: 't', createdBy: 'a', createdAt: '2026-01-05T00:00:00.000Z' }));
            resolve({ events, total: log.length });
          }),
        );
      },
    );
    const answer = (offset: string) => answers.get(offset)?.();
    return { asked, answer, read, log };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('in a window that can no longer grow, asks for the next page as the one before is asked, before its answer has come', async () => {
    const { asked, answer, read } = server();
    const window = { from: 'IS:2026-01-01', to: 'IS:2026-01-10', limit: '10' };
    const first = read({ ...window, offset: '0' });
    answer('0');
    await first;
    await settle();
    // the first page says how many there are: the second is on its way before the walk asks for it
    expect(asked).toEqual(['0', '10']);
    const second = read({ ...window, offset: '10' });
    await settle();
    // the third is asked as the second is, though the second has not been answered yet
    expect(asked).toEqual(['0', '10', '20']);
    answer('10');
    await second;
    void read({ ...window, offset: '20' });
    await settle();
    expect(asked).toEqual(['0', '10', '20', '30']);
    // another window: asked as given, what was read ahead for the last one dropped
    void read({ from: 'IS:2025-12-01', to: 'IS:2025-12-31', offset: '0', limit: '10' });
    await settle();
    expect(asked).toEqual(['0', '10', '20', '30', '0']);
  });

  it("asks the next window's first page when told, keeps the window's own page ahead meanwhile, and asks neither twice", async () => {
    const { asked, answer, read } = server();
    const window = { from: 'IS:2026-01-01', to: 'IS:2026-01-10', limit: '10' };
    const older = { from: 'IS:2025-12-01', to: 'IS:2025-12-31', offset: '0', limit: '10' };
    const first = read({ ...window, offset: '0' });
    answer('0');
    await first;
    await settle();
    expect(asked).toEqual(['0', '10']);
    read.hint(older);
    read.hint(older);
    await settle();
    expect(asked).toEqual(['0', '10', '0']);
    // the window goes on with the page it read ahead, and the next one ahead of it
    const second = read({ ...window, offset: '10' });
    await settle();
    expect(asked).toEqual(['0', '10', '0', '20']);
    answer('10');
    expect((await second).events).toHaveLength(10);
    // the told page is the one the walk then gets: not asked again
    const next = read(older);
    answer('0');
    expect((await next).events).toHaveLength(10);
    await settle();
    expect(asked.filter((offset) => offset === '0')).toHaveLength(2);
  });

  it('in a window still growing, asks for a page only once the one before has come, so an event arriving meanwhile is in one of them', async () => {
    const { asked, answer, read, log } = server();
    // the newest window of an export: no upper bound
    const window = { from: 'IS:2026-05-01', limit: '10' };
    const seen: number[] = [];
    const first = read({ ...window, offset: '0' });
    answer('0');
    seen.push(...(await first).events.map((event) => event.id));
    await settle();
    const second = read({ ...window, offset: '10' });
    await settle();
    expect(asked).toEqual(['0', '10']);
    // an event arrives, then the second page is answered: it starts one later, and the third follows from there
    log.unshift({ id: 36 });
    answer('10');
    seen.push(...(await second).events.map((event) => event.id));
    await settle();
    expect(asked).toEqual(['0', '10', '20']);
    const third = read({ ...window, offset: '20' });
    answer('20');
    seen.push(...(await third).events.map((event) => event.id));
    // ids 35 down to 7: none skipped (the repeat of 26 is dropped by the window walk; 36 is the next window's)
    expect(new Set(seen)).toEqual(new Set(Array.from({ length: 29 }, (_, i) => 35 - i)));
  });
});
