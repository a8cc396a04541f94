import type { FlagEvent } from '../schemas/event';
import { entityOf, sameEntity, type EntityKind } from './event-entity';

type Json = Record<string, unknown>;

/**
 * Where the before-state shown for an event comes from:
 * - 'event': the event carries it (preData), or it created the entity (nothing before);
 * - 'previous-event': the event has none (Unleash writes `strategy-updated` without preData), so the state written by
 *   the previous event of the same entity stands in, and the page says which event that was;
 * - 'unknown': neither; the page says the before-state is not recorded.
 */
export type BeforeState =
  | { source: 'event'; before: Json | null }
  | { source: 'previous-event'; before: Json | null; fromEventId: number }
  | { source: 'unknown'; before: null };

/** Newest first, as the server orders them: createdAt descending, then id descending. */
export function compareNewestFirst(a: FlagEvent, b: FlagEvent): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return b.id - a.id;
}

const isCreate = (type: string): boolean => type.endsWith('-created');
const isDelete = (type: string): boolean => type.endsWith('-deleted');
/** deprecate/reactivate carry a flag change, not the whole record: they cannot stand in for a state. */
const carriesState = (event: FlagEvent): boolean =>
  isDelete(event.type) || (event.data !== null && event.data !== undefined && !/-(deprecated|reactivated)$/.test(event.type));
/** Flags change through many event types with different payloads: only events of one record are comparable. */
const derivable = (kind: EntityKind): boolean => kind !== 'flag';

/** The state an entity had after an event: its data, or nothing once deleted. */
export function stateAfter(event: FlagEvent): Json | null {
  return isDelete(event.type) ? null : (event.data ?? null);
}

/**
 * The before-state of `event`. `history` holds other events (any order, any entity: the ones of other entities and
 * the later ones are ignored), typically what a timeline query returned.
 */
export function beforeStateOf(event: FlagEvent, history: readonly FlagEvent[]): BeforeState {
  if (event.preData) return { source: 'event', before: event.preData };
  if (isCreate(event.type)) return { source: 'event', before: null };
  const entity = entityOf(event);
  if (!entity || !derivable(entity.kind)) return { source: 'unknown', before: null };
  let previous: FlagEvent | undefined;
  for (const candidate of history) {
    if (candidate.id === event.id || compareNewestFirst(candidate, event) <= 0) continue; // not earlier
    if (!carriesState(candidate) || !sameEntity(entityOf(candidate), entity)) continue;
    if (!previous || compareNewestFirst(candidate, previous) < 0) previous = candidate;
  }
  return previous ? { source: 'previous-event', before: stateAfter(previous), fromEventId: previous.id } : { source: 'unknown', before: null };
}

export interface EntityVersion {
  event: FlagEvent;
  before: BeforeState;
  /** What the entity looked like after this event (null once deleted). */
  after: Json | null;
}

/** Every event of one entity, newest first, each with the state before it (for a timeline's "diff to previous"). */
export function entityVersions(events: readonly FlagEvent[], entity: { kind: EntityKind; key: string }): EntityVersion[] {
  const own = events.filter((event) => sameEntity(entityOf(event), { ...entity, label: '' })).sort(compareNewestFirst);
  return own.map((event) => ({ event, before: beforeStateOf(event, own), after: stateAfter(event) }));
}
