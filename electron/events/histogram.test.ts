import { describe, expect, it } from 'vitest';
import type { EventQueryParams } from '../../shared/schemas';
import { createDemoBackend } from '../backend/demo';
import { eventHistogram, MAX_BUCKETS } from './histogram';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const demo = createDemoBackend({ historyEvents: 3000, clock: () => NOW });
const query = (params: EventQueryParams) => demo.queryEvents(params);

describe('eventHistogram', () => {
  it('counts every event of the filter once, in at most 60 bars from the oldest day to today', async () => {
    const filter = { type: 'IS_ANY_OF:segment-updated,feature-environment-enabled' };
    const histogram = await eventHistogram(filter, query, () => NOW);
    expect(histogram.buckets.length).toBeLessThanOrEqual(MAX_BUCKETS);
    expect(histogram.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe((await query({ ...filter, limit: '1' })).total);
    expect(histogram.buckets.at(-1)?.to).toBe('2026-06-01');
  });

  it('starts from a total the list just read without counting the whole log again, and counts again when that total has gone stale', async () => {
    const filter = { type: 'IS:feature-created' };
    const total = (await query({ ...filter, limit: '1' })).total;
    const asked: EventQueryParams[] = [];
    const counting = (params: EventQueryParams) => {
      asked.push(params);
      return query(params);
    };
    const unbounded = (params: EventQueryParams) => params.from === undefined && params.offset === undefined;
    const fresh = await eventHistogram(filter, counting, () => NOW, total);
    expect(asked.filter(unbounded)).toEqual([]);
    expect(fresh).toEqual(await eventHistogram(filter, query, () => NOW));

    asked.length = 0;
    const stale = await eventHistogram(filter, counting, () => NOW, total + 500); // events deleted since it was read
    expect(asked.filter(unbounded)).toHaveLength(1);
    expect(stale).toEqual(fresh);
  });

  it('uses one bar a day over a short date filter', async () => {
    const histogram = await eventHistogram({ from: 'IS:2026-05-01', to: 'IS:2026-05-10' }, query, () => NOW);
    expect(histogram.days).toBe(1);
    expect(histogram.buckets.map((bucket) => bucket.from)).toHaveLength(10);
    const may3 = (await query({ from: 'IS:2026-05-03', to: 'IS:2026-05-03', limit: '1' })).total;
    expect(histogram.buckets[2]).toEqual({ from: '2026-05-03', to: '2026-05-03', count: may3 });
  });

  it('keeps at most two counts in flight, so two of the server database connections stay free for the list', async () => {
    let inFlight = 0;
    let most = 0;
    const slow = async (params: EventQueryParams) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight -= 1;
      return query(params);
    };
    const histogram = await eventHistogram({ from: 'IS:2026-04-01', to: 'IS:2026-05-30' }, slow, () => NOW);
    expect(histogram.buckets).toHaveLength(60);
    expect(most).toBe(2);
  });

  it('has no bars when nothing matches', async () => {
    expect(await eventHistogram({ type: 'IS:no-such-type' }, query, () => NOW)).toEqual({ days: 1, buckets: [] });
  });
});
