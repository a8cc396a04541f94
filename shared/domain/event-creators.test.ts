import { describe, expect, it } from 'vitest';
import type { FlagEvent } from '../schemas/event';
import { creatorsOf } from './event-creators';

const event = (id: number, createdBy: string, createdByUserId: number | null): FlagEvent => ({
  id,
  type: 'feature-created',
  createdBy,
  createdAt: '2026-11-23T10:00:00.000Z',
  createdByUserId,
});

describe('creators of events (servers without GET /event-creators)', () => {
  it('lists each user id once, named by its newest event, by id, leaving out events without one', () => {
    const newestFirst = [event(4, 'ana@new-name.io', 7), event(3, 'admin', -42), event(2, 'ana@old-name.io', 7), event(1, 'system', null)];
    expect(creatorsOf(newestFirst)).toEqual([
      { id: -42, name: 'admin' },
      { id: 7, name: 'ana@new-name.io' },
    ]);
  });
});
