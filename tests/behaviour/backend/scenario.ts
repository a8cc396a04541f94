import { expect } from 'vitest';
import type { FixturedBackend } from '../../../electron/backend/instance-fixtures';
import { isApiError } from '../../../shared/errors';
import { checkOutcome, expectStatus, type EventRecord, type EventWatch } from '../support/outcome';
import type { Versioned } from '../support/target-suite';

/**
 * An operation's expected outcome: it succeeds (`succeeds: true`, or a `result` subset or check), or it fails with
 * an ApiError (`error`); plus the events it appends.
 */
export interface BackendExpect<Fx> extends EventWatch<Fx> {
  /** The operation resolves; nothing more is said about its value. */
  succeeds?: true;
  result?: Record<string, unknown> | unknown[] | ((value: unknown, fx: Fx) => void);
  error?: { status: number | '4xx'; name?: string; message?: string | ((fx: Fx) => string) };
}

export interface BackendScenario<Fx> extends Versioned<BackendExpect<Fx>> {
  /**
   * Brings about the state a step of a story reads (the write of the step before), so the step also runs alone;
   * idempotent, since in a full run the step before has done the same. Not checked: the scenario's own call is.
   */
  arrange?: (backend: FixturedBackend, fx: Fx) => Promise<unknown>;
  run: (backend: FixturedBackend, fx: Fx) => Promise<unknown>;
}

export interface BackendArea<Fx> {
  name: string;
  /** Makes every fixture the scenarios use (ids included), so any one scenario can run alone. */
  setup: (backend: FixturedBackend) => Promise<Fx>;
  scenarios: BackendScenario<Fx>[];
}

export function backendArea<Fx>(definition: BackendArea<Fx>): BackendArea<unknown> {
  return definition as unknown as BackendArea<unknown>;
}

type Outcome = { ok: true; value: unknown } | { ok: false; thrown: unknown };

export async function runScenario<Fx>(backend: FixturedBackend, scenario: BackendScenario<Fx>, want: BackendExpect<Fx>, fx: Fx): Promise<void> {
  const stated = [want.succeeds, want.result, want.error].filter((part) => part !== undefined).length;
  expect(stated, `${scenario.name}: say exactly one of succeeds, result or error`).toBe(1);
  await scenario.arrange?.(backend, fx);
  const log = async (): Promise<EventRecord[]> => (await backend.listEvents({})).events;
  await checkOutcome<Fx, Outcome>(
    want,
    fx,
    log,
    () => scenario.run(backend, fx).then((value): Outcome => ({ ok: true, value }), (thrown: unknown): Outcome => ({ ok: false, thrown })),
    (outcome) => checkResult(scenario.name, outcome, want, fx),
    () => scenario.name,
  );
}

function checkResult<Fx>(name: string, outcome: Outcome, want: BackendExpect<Fx>, fx: Fx): void {
  if (want.error) {
    expect(outcome.ok, `${name} should fail`).toBe(false);
    if (outcome.ok) return;
    const { thrown } = outcome;
    if (!isApiError(thrown)) throw thrown;
    const shape = `${thrown.status} ${thrown.name}: ${thrown.message}`;
    expectStatus(thrown.status, want.error.status, shape);
    if (want.error.name) expect(thrown.name, shape).toBe(want.error.name);
    const message = typeof want.error.message === 'function' ? want.error.message(fx) : want.error.message;
    if (message) expect(thrown.message, shape).toContain(message);
    return;
  }
  if (!outcome.ok) throw outcome.thrown;
  const { value } = outcome;
  if (typeof want.result === 'function') want.result(value, fx);
  else if (want.result !== undefined) expect(value).toMatchObject(want.result);
}
