import { expect } from 'vitest';
import type { FixturedBackend } from '../../../electron/backend/instance-fixtures';
import { isApiError } from '../../../shared/errors';
import type { FlagEvent } from '../../../shared/schemas';
import { ACTOR } from '../wire/check';
import type { Versioned } from '../support/target-suite';
import type { EventExpect } from '../wire/scenario';

/** An operation's expected outcome: a result (subset or check) or an ApiError; plus the events it appends. */
export interface BackendExpect<Fx> {
  result?: Record<string, unknown> | unknown[] | ((value: unknown, fx: Fx) => void);
  error?: { status: number | '4xx'; name?: string; message?: string | ((fx: Fx) => string) };
  events?: (fx: Fx) => EventExpect[];
  noEventsMentioning?: (fx: Fx) => string;
}

export interface BackendScenario<Fx> extends Versioned<BackendExpect<Fx>> {
  run: (backend: FixturedBackend, fx: Fx) => Promise<unknown>;
}

export interface BackendArea<Fx> {
  name: string;
  setup: (backend: FixturedBackend) => Promise<Fx>;
  scenarios: BackendScenario<Fx>[];
}

export function backendArea<Fx>(definition: BackendArea<Fx>): BackendArea<unknown> {
  return definition as unknown as BackendArea<unknown>;
}

async function newestId(backend: FixturedBackend): Promise<number> {
  return (await backend.listEvents({})).events[0]?.id ?? 0;
}

function matches(event: FlagEvent, wanted: EventExpect): boolean {
  try {
    const { type, ...subset } = wanted;
    expect(event).toMatchObject({ type, createdBy: ACTOR, ...subset });
    return true;
  } catch {
    return false;
  }
}

export async function runScenario<Fx>(backend: FixturedBackend, scenario: BackendScenario<Fx>, want: BackendExpect<Fx>, fx: Fx): Promise<void> {
  const watch = want.events !== undefined || want.noEventsMentioning !== undefined;
  const before = watch ? await newestId(backend) : 0;
  let value: unknown;
  let thrown: unknown;
  try {
    value = await scenario.run(backend, fx);
  } catch (error) {
    thrown = error;
  }
  if (want.error) {
    expect(thrown, `${scenario.name} should fail`).toBeDefined();
    if (!isApiError(thrown)) throw thrown;
    const shape = `${thrown.status} ${thrown.name}: ${thrown.message}`;
    if (want.error.status === '4xx') {
      expect(thrown.status, shape).toBeGreaterThanOrEqual(400);
      expect(thrown.status, shape).toBeLessThan(500);
    } else expect(thrown.status, shape).toBe(want.error.status);
    if (want.error.name) expect(thrown.name, shape).toBe(want.error.name);
    const message = typeof want.error.message === 'function' ? want.error.message(fx) : want.error.message;
    if (message) expect(thrown.message, shape).toContain(message);
  } else if (thrown !== undefined) {
    throw thrown;
  }
  if (typeof want.result === 'function') want.result(value, fx);
  else if (want.result !== undefined) expect(value).toMatchObject(want.result);
  if (watch) {
    const appended = (await backend.listEvents({})).events.filter((event) => event.id > before);
    for (const wanted of want.events?.(fx) ?? []) {
      const found = appended.some((event) => matches(event, wanted));
      expect(found, `wanted a ${wanted.type} event like ${JSON.stringify(wanted)}; appended: ${JSON.stringify(appended).slice(0, 800)}`).toBe(true);
    }
    if (want.noEventsMentioning) {
      const text = want.noEventsMentioning(fx);
      expect(appended.filter((event) => JSON.stringify(event).includes(text))).toEqual([]);
    }
  }
}
