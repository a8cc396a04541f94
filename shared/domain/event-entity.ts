import type { FlagEvent } from '../schemas/event';

/**
 * Which thing an event is about, so that the browser can show "the history of this segment / flag / strategy type /
 * CORS setting" and find the previous version of it. Only the kinds a timeline makes sense for are named; any other
 * event has no entity.
 */
export type EntityKind = 'segment' | 'flag' | 'strategy-type' | 'cors';

export interface EventEntity {
  kind: EntityKind;
  /** Stable within its kind: the segment id, the flag name, the strategy type name, 'frontendApiOrigins'. */
  key: string;
  /** What the user reads: the segment or strategy name where the event carries it. */
  label: string;
}

type Json = Record<string, unknown>;

const SEGMENT_TYPES = ['segment-created', 'segment-updated', 'segment-deleted'] as const;
const STRATEGY_TYPE_TYPES = [
  'strategy-created',
  'strategy-updated',
  'strategy-deleted',
  'strategy-deprecated',
  'strategy-reactivated',
] as const;
const SETTING_TYPES = ['setting-created', 'setting-updated', 'setting-deleted'] as const;

/** The key of the setting Unleash stores the front-end API origins under (docs/server-behaviour.md#event-records). */
export const CORS_SETTING_ID = 'unleash.frontend';

/** The front-end API origins setting, as a timeline names it. */
export const CORS_SETTING_ENTITY: EventEntity = { kind: 'cors', key: 'frontendApiOrigins', label: 'Front-end API origins (CORS)' };

/** The event types that make up each entity's history: what a timeline asks the server for. */
export const ENTITY_EVENT_TYPES: Record<EntityKind, readonly string[] | null> = {
  segment: SEGMENT_TYPES,
  'strategy-type': STRATEGY_TYPE_TYPES,
  cors: SETTING_TYPES,
  // a flag's history is every event carrying its name, whatever the type
  flag: null,
};

const includes = (list: readonly string[], type: string): boolean => list.includes(type);
const field = (object: Json | null | undefined, key: string): unknown => object?.[key];
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : typeof value === 'number' ? String(value) : undefined;

/** The entity an event changed, or null when it is none a timeline covers. */
export function entityOf(event: FlagEvent): EventEntity | null {
  const { data, preData, type } = event;
  if (includes(SEGMENT_TYPES, type)) {
    const id = text(field(data, 'id')) ?? text(field(preData, 'id'));
    if (id === undefined) return null;
    const name = text(field(data, 'name')) ?? text(field(preData, 'name'));
    return { kind: 'segment', key: id, label: name ?? `segment ${id}` };
  }
  if (includes(STRATEGY_TYPE_TYPES, type)) {
    const name = text(field(data, 'name')) ?? text(field(preData, 'name'));
    return name === undefined ? null : { kind: 'strategy-type', key: name, label: name };
  }
  if (includes(SETTING_TYPES, type)) {
    // setting-updated's preData lacks the id (docs/server-behaviour.md#event-records): the origins list marks it
    const id = text(field(data, 'id')) ?? text(field(preData, 'id'));
    const isCors =
      id === CORS_SETTING_ID || field(data, 'frontendApiOrigins') !== undefined || field(preData, 'frontendApiOrigins') !== undefined;
    return isCors ? CORS_SETTING_ENTITY : null;
  }
  if (event.featureName) return { kind: 'flag', key: event.featureName, label: event.featureName };
  return null;
}

export function sameEntity(a: EventEntity | null, b: EventEntity | null): boolean {
  return a !== null && b !== null && a.kind === b.kind && a.key === b.key;
}

/** Kinds whose old versions the app can write back (segments, strategy types, CORS origins). */
export function canRestore(kind: EntityKind): boolean {
  return kind !== 'flag';
}
