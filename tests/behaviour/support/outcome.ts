import { expect } from 'vitest';

/**
 * The checks both runners share (backend scenarios and wire exchanges): the status family, and the events an
 * operation appends to the log (or must not).
 */

/** The token's user on a real server (the admin token is named "admin"); the demo records the same actor. */
export const ACTOR = 'admin';

/** An event a write must append (matched as a subset of the event record). */
export interface EventExpect {
  type: string;
  data?: Record<string, unknown> | null;
  preData?: Record<string, unknown> | null;
  project?: string | null;
  featureName?: string | null;
  environment?: string | null;
}

/** The part of an expectation that is about the event log. */
export interface EventWatch<Fx> {
  /** Events the operation appends, in any order. */
  events?: (fx: Fx) => EventExpect[];
  /** The operation appends no event whose JSON contains this text. */
  noEventsMentioning?: (fx: Fx) => string;
}

export interface EventRecord {
  id: number;
  type: string;
  createdBy?: string;
  [key: string]: unknown;
}

/** An exact status, or '4xx' where the demo's clear client error may pick its own code. */
export function expectStatus(actual: number, want: number | '4xx', context: string): void {
  if (want === '4xx') {
    expect(actual, context).toBeGreaterThanOrEqual(400);
    expect(actual, context).toBeLessThan(500);
  } else {
    expect(actual, context).toBe(want);
  }
}

function expectEvent(appended: EventRecord[], wanted: EventExpect, context: string): void {
  const { type, ...subset } = wanted;
  const candidates = appended.filter((event) => event.type === type);
  const found = candidates.find((event) => {
    try {
      expect(event).toMatchObject({ createdBy: ACTOR, ...subset });
      return true;
    } catch {
      return false;
    }
  });
  if (!found) {
    // fail with a readable diff against the closest candidate
    expect(candidates[0] ?? appended, `${context}\nwanted a ${type} event`).toMatchObject({ type, createdBy: ACTOR, ...subset });
  }
}

/**
 * Runs `act`, checks its result with `check`, then checks the events it appended, read with `newestFirst` (the event
 * log, newest first) before and after; the result comes first because an expected event may name what the operation
 * made (a new id). Reads no events when the expectation says nothing about them.
 */
export async function checkOutcome<Fx, T>(
  want: EventWatch<Fx>,
  fx: Fx,
  newestFirst: () => Promise<EventRecord[]>,
  act: () => Promise<T>,
  check: (result: T) => void,
  context: (result: T) => string,
): Promise<void> {
  const watching = want.events !== undefined || want.noEventsMentioning !== undefined;
  const before = watching ? ((await newestFirst())[0]?.id ?? 0) : 0;
  const result = await act();
  check(result);
  if (!watching) return;
  const appended = (await newestFirst()).filter((event) => event.id > before);
  const where = context(result);
  for (const wanted of want.events?.(fx) ?? []) expectEvent(appended, wanted, where);
  if (want.noEventsMentioning) {
    const text = want.noEventsMentioning(fx);
    const mentioning = appended.filter((event) => JSON.stringify(event).includes(text));
    expect(mentioning, `${where}\nno event should mention ${text}`).toEqual([]);
  }
}
