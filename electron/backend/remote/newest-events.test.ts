import { describe, expect, it } from 'vitest';
import type { FlagEvent } from '../../../shared/schemas';
import { newestFromList, newestListLimit } from './newest-events';

/** A list answer: events newest first, one second apart unless `times` says otherwise. */
function list(count: number, totalEvents: number, times?: (index: number) => string): { version: number; events: FlagEvent[]; totalEvents: number } {
  const events = Array.from({ length: count }, (_, index) => ({
    id: totalEvents - index,
    type: 'segment-created',
    createdBy: 'admin',
    createdAt: times ? times(index) : new Date(Date.UTC(2026, 0, 1) - index * 1000).toISOString(),
    createdByUserId: -42,
    data: { id: index, name: `seg-${index}` },
    preData: null,
    tags: [],
    featureName: null,
    project: null,
    environment: null,
  }));
  return { version: 1, events, totalEvents };
}

describe('which event reads the plain newest list answers', () => {
  it('the unfiltered first page, up to 99 rows (50 when no limit is given, as the search defaults)', () => {
    expect(newestListLimit({ limit: '50' })).toBe(50);
    expect(newestListLimit({ limit: '50', offset: '0' })).toBe(50);
    expect(newestListLimit({})).toBe(50);
    expect(newestListLimit({ limit: '99' })).toBe(99);
  });

  it('never a filter, a further page, a page as long as the list, or a limit the search would read otherwise', () => {
    expect(newestListLimit({ limit: '50', type: 'IS:segment-created' })).toBeNull();
    expect(newestListLimit({ limit: '50', query: 'seg' })).toBeNull();
    expect(newestListLimit({ limit: '50', from: 'IS:2026-01-01' })).toBeNull();
    expect(newestListLimit({ id: 'IS:5', limit: '1' })).toBeNull();
    expect(newestListLimit({ limit: '200', offset: '50' })).toBeNull();
    expect(newestListLimit({ limit: '100' })).toBeNull();
    expect(newestListLimit({ limit: '2.5' })).toBeNull();
    expect(newestListLimit({ limit: 'abc' })).toBeNull();
  });
});

describe('the first page out of the list', () => {
  it('keeps the newest rows with the search label and summary, and counts every event as the server does', () => {
    const page = newestFromList(list(100, 1_000_000), 50, 'http://unleash.example');
    expect(page?.total).toBe(1_000_000);
    expect(page?.events.map((e) => e.id)).toEqual(Array.from({ length: 50 }, (_, i) => 1_000_000 - i));
    expect(page?.events[0]).toMatchObject({ label: 'Segment created', summary: '**admin** created segment **seg-0**' });
  });

  it('gives every event of a short log', () => {
    const page = newestFromList(list(7, 7), 50, undefined);
    expect(page?.events).toHaveLength(7);
    expect(page?.total).toBe(7);
  });

  it('leaves the page to the search when the row after it has the same time (the search may order the tie otherwise)', () => {
    const tied = list(100, 5_000, (index) => new Date(Date.UTC(2026, 0, 1) - (index < 49 ? index : 49) * 1000).toISOString());
    expect(newestFromList(tied, 50, undefined)).toBeNull();
    // a tie inside the page is no seam: the next page starts after it either way
    const inside = list(100, 5_000, (index) => new Date(Date.UTC(2026, 0, 1) - Math.min(index, 10) * 1000 - Math.max(0, index - 10) * 1000).toISOString());
    expect(newestFromList(inside, 50, undefined)?.events).toHaveLength(50);
  });

  it('leaves it to the search when the list is shorter than the page yet the server holds more', () => {
    expect(newestFromList(list(30, 5_000), 50, undefined)).toBeNull();
  });
});
