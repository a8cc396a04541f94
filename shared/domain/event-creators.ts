import type { EventCreator, FlagEvent } from '../schemas/event';

/**
 * Who wrote these events, as GET /api/admin/event-creators lists them: each user id once, named by its newest event
 * (events come newest first), ordered by id; events without a user id are left out. For servers without the route.
 */
export function creatorsOf(events: readonly FlagEvent[]): EventCreator[] {
  const names = new Map<number, string>();
  for (const event of events) {
    const id = event.createdByUserId;
    if (typeof id === 'number' && !names.has(id)) names.set(id, event.createdBy);
  }
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.id - b.id);
}
