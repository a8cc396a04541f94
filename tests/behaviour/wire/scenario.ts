import type { Send, WireRequest } from '../support/wire-client';
import type { EventWatch } from '../support/outcome';
import type { Versioned } from '../support/target-suite';

export interface WireExpect<Fx> extends EventWatch<Fx> {
  /** An exact status, or '4xx' where the demo's clear client error may pick its own code. */
  status: number | '4xx';
  /** Unleash error `name`. */
  name?: string;
  /** Substring of the error `message`. */
  message?: string;
  /** Substring of one `details[].message`. */
  detail?: string;
  /** The `path` of one detail. */
  detailPath?: string;
  /** The body must be empty (204s, the 409 of a segment in use). */
  empty?: true;
  /** A subset the JSON body must contain, or a check of it. */
  body?: Record<string, unknown> | unknown[] | ((json: unknown, fx: Fx) => void);
  location?: string | ((fx: Fx) => string);
}

export interface WireScenario<Fx> extends Versioned<WireExpect<Fx>> {
  /**
   * Brings about the state a step of a story reads (the write of the step before), so the step also runs alone;
   * idempotent, since in a full run the step before has done the same. Not checked: the scenario's own call is.
   */
  arrange?: (send: Send, fx: Fx) => Promise<unknown>;
  request: WireRequest | ((fx: Fx) => WireRequest);
}

export interface WireArea<Fx> {
  name: string;
  /** Creates this area's fixtures (unique names) through the same wire. */
  setup: (send: Send) => Promise<Fx>;
  scenarios: WireScenario<Fx>[];
}

/** Erases the fixture type so areas can sit in one list. */
export function area<Fx>(definition: WireArea<Fx>): WireArea<unknown> {
  return definition as unknown as WireArea<unknown>;
}
