import type { Send, WireRequest } from '../support/wire-client';
import type { Versioned } from '../support/target-suite';

/** An event a write must append (matched as a subset of the event record). */
export interface EventExpect {
  type: string;
  data?: Record<string, unknown> | null;
  preData?: Record<string, unknown> | null;
  project?: string | null;
  featureName?: string | null;
  environment?: string | null;
}

export interface WireExpect<Fx> {
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
  /** Events this request appends, in any order. */
  events?: (fx: Fx) => EventExpect[];
  /** The request appends no event whose JSON contains this text. */
  noEventsMentioning?: (fx: Fx) => string;
}

export interface WireScenario<Fx> extends Versioned<WireExpect<Fx>> {
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
