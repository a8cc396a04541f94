import type { EventLog, NewEvent } from '../events/event-log';
import type { DemoState } from './state';

/** What every area module works on: the state, the event log, the clock and the change signal. */
export interface DemoContext {
  readonly state: DemoState;
  readonly events: EventLog;
  /** ISO timestamp from the injected clock. */
  now(): string;
  /** A fresh strategy id (UUID, as 6.x gives; docs/server-behaviour.md#flags-and-strategies). */
  newId(): string;
  /** Called after each successful write (the store debounces saves on it). */
  changed(): void;
}

/** Every demo write acts as an admin API token named "admin" (docs/server-behaviour.md#authentication: user id -42 for admin tokens). */
export const ACTOR = { createdBy: 'admin', createdByUserId: -42 } as const;

export function recordEvent(ctx: DemoContext, event: Omit<NewEvent, 'createdBy' | 'createdByUserId'>): void {
  ctx.events.append({ ...ACTOR, ...event });
}

/** A deep copy of plain JSON data, so callers never hold references into the state. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}
