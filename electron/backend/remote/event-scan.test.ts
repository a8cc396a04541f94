import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../shared/errors';
import type { FlagEvent } from '../../../shared/schemas';
import { queryEventsByScan, searchEventsByScan, seedSearchPages, type Narrow } from './event-scan';

let nextId = 1;
function event(type: string, over: Partial<FlagEvent> = {}): FlagEvent {
  const id = nextId++;
  return { id, type, createdBy: 'admin', createdByUserId: 1, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, id)).toISOString(), project: 'default', environment: null, featureName: null, data: null, preData: null, tags: [], ...over };
}

const log: FlagEvent[] = [
  event('feature-created', { featureName: 'alpha', data: { name: 'alpha' } }),
  event('feature-strategy-add', { featureName: 'alpha', environment: 'development', data: { name: 'default' } }),
  event('segment-created', { project: null, data: { name: 'beta-seg' } }),
  event('segment-updated', { project: null, data: { name: 'beta-seg', description: 'changed' }, preData: { name: 'beta-seg' } }),
  event('feature-created', { featureName: 'gamma', project: 'other', data: { name: 'gamma' } }),
].reverse(); // newest first, as the server pages them

/** A server that narrows only by exact type/project/feature (its text match is broader, so it may skip it). */
function pagesOf(events: FlagEvent[], seen: Narrow[] = []) {
  return async function* (narrow: Narrow): AsyncIterable<FlagEvent[]> {
    seen.push(narrow);
    yield events.filter(
      (e) => (!narrow.type || e.type === narrow.type) && (!narrow.project || e.project === narrow.project) && (!narrow.feature || e.featureName === narrow.feature),
    );
  };
}

describe('queryEventsByScan (GET /search/events done by the app on 5.x)', () => {
  it('filters IS_ANY_OF types of one flag, newest first, and counts them', async () => {
    const page = await queryEventsByScan({ feature: 'IS:alpha', type: 'IS_ANY_OF:feature-created,feature-strategy-add' }, pagesOf(log), undefined);
    expect(page.events.map((e) => e.type)).toEqual(['feature-strategy-add', 'feature-created']);
    expect(page.total).toBe(2);
  });

  it('matches the text in data, tags and preData only, with a total that honours it, and adds label and summary', async () => {
    const page = await queryEventsByScan({ type: 'IS:segment-created', query: 'BETA-seg' }, pagesOf(log), 'http://u');
    expect(page.total).toBe(1);
    expect(page.events[0]).toMatchObject({ type: 'segment-created', label: 'Segment created', summary: '**admin** created segment **beta-seg**' });
    expect((await queryEventsByScan({ query: 'admin' }, pagesOf(log), undefined)).total).toBe(0); // createdBy is not searched
  });

  it('asks the server to narrow by what it can: one type, project or flag, and the text', async () => {
    const seen: Narrow[] = [];
    await queryEventsByScan({ type: 'IS:feature-created', project: 'IS_ANY_OF:a,b', query: 'x' }, pagesOf(log, seen), undefined);
    expect(seen).toEqual([{ type: 'feature-created', query: 'x' }]);
  });

  it('pages with offset and limit; a limit outside 1..1000 means 50', async () => {
    expect((await queryEventsByScan({ offset: '1', limit: '2' }, pagesOf(log), undefined)).events.map((e) => e.id)).toEqual([log[1]?.id, log[2]?.id]);
    const many = Array.from({ length: 60 }, () => event('feature-created'));
    expect((await queryEventsByScan({ limit: '1001' }, pagesOf(many), undefined)).events).toHaveLength(50);
  });

  it('refuses a filter without IS: as the server does (400 BadDataError)', async () => {
    const error = await queryEventsByScan({ type: 'feature-created' }, pagesOf(log), undefined).catch((e: unknown) => e);
    expect(isApiError(error) && error.status === 400 && error.name === 'BadDataError').toBe(true);
  });
});

describe('searchEventsByScan (the seed search over the event list)', () => {
  it('exact type, text over createdBy too, totalEvents ignoring the text', async () => {
    const result = await searchEventsByScan({ type: 'feature-created', query: 'gam' }, pagesOf(log));
    expect(result.events.map((e) => e.featureName)).toEqual(['gamma']);
    expect(result.totalEvents).toBe(2);
  });
});

describe('seedSearchPages', () => {
  it('reads 100 at a time until a short page', async () => {
    const asked: number[] = [];
    const read = async (body: { offset?: number }) => {
      asked.push(body.offset ?? 0);
      return { version: 1, events: Array.from({ length: (body.offset ?? 0) < 200 ? 100 : 7 }, () => event('feature-created')) };
    };
    let count = 0;
    for await (const page of seedSearchPages({}, read)) count += page.length;
    expect(asked).toEqual([0, 100, 200]);
    expect(count).toBe(207);
  });
});
