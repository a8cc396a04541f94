import { randomUUID } from 'node:crypto';
import type { FixturedBackend } from '../instance-fixtures';
import type { EventQueryParams } from '../../../shared/schemas/event';
import { EventLog } from './events/event-log';
import { brokenInvariant } from './model/invariants';
import { generateHistory } from './events/history';
import { emptyState } from './model/builtins';
import type { DemoContext } from './model/context';
import { demoSnapshotSchema, SNAPSHOT_FORMAT, type DemoSnapshot } from './model/snapshot';
import type { DemoState } from './model/state';
import { bindFixtures, bindOperations } from './operations';
import { historyContext, seededState } from './seed/dataset';

export interface DemoOptions {
  /** 'seeded' (default): a company's instance; 'empty': a fresh Unleash. */
  dataset?: 'seeded' | 'empty';
  /** Seeded history size (default 2500). */
  historyEvents?: number;
  clock?: () => Date;
  /** PRNG seed, default 1. */
  seed?: number;
  /** Called after every successful write (the store debounces saves on it). */
  onChange?: () => void;
  /**
   * A snapshot to start from instead of the seed (what snapshot() wrote). Throws when it is not one this version
   * wrote (the store then moves the file aside). Its seed settings apply unless the options above say otherwise.
   */
  snapshot?: unknown;
}

/** The in-memory AdminBackend: Unleash 6.10.1 semantics, one module per area under areas/, bound in operations.ts. */
export interface DemoBackend extends FixturedBackend {
  readonly events: EventLog;
  /**
   * What queryEvents answers, as its UTF-8 JSON text, written from the stored bodies without parsing them
   * (event-json.ts): the demo-server serves GET /search/events with it (electron/backend/http/json-text-reads.ts).
   */
  queryEventsJson(params?: EventQueryParams): Promise<Uint8Array>;
  snapshot(): DemoSnapshot;
  /** Back to the seeded state of this backend's options. */
  reset(): void;
}

const DEFAULT_HISTORY_EVENTS = 2500;

interface Resolved {
  dataset: 'seeded' | 'empty';
  historyEvents: number;
  seed: number;
  clock: () => Date;
  onChange: (() => void) | undefined;
}

function resolve(options: DemoOptions, seededWith?: DemoSnapshot['seededWith']): Resolved {
  return {
    dataset: options.dataset ?? seededWith?.dataset ?? 'seeded',
    historyEvents: options.historyEvents ?? seededWith?.historyEvents ?? DEFAULT_HISTORY_EVENTS,
    seed: options.seed ?? seededWith?.seed ?? 1,
    clock: options.clock ?? (() => new Date()),
    onChange: options.onChange,
  };
}

/** The state and history a fresh backend with these options starts from. */
function initial(options: Resolved): { state: DemoState; events: EventLog } {
  const now = options.clock();
  const events = new EventLog({ clock: options.clock });
  if (options.dataset === 'empty') return { state: emptyState(now.toISOString()), events };
  const state = seededState(options.seed, now);
  if (options.historyEvents > 0) {
    events.appendHistory(generateHistory(options.historyEvents, historyContext(state, now), options.seed));
  }
  return { state, events };
}

function restored(snapshot: unknown, options: DemoOptions): { resolved: Resolved; state: DemoState; events: EventLog } {
  const parsed = demoSnapshotSchema.safeParse(snapshot);
  if (!parsed.success) throw new Error(`Invalid demo snapshot: ${parsed.error.issues[0]?.message ?? 'unknown problem'}`);
  const { state, seededWith } = parsed.data;
  const broken = brokenInvariant(state);
  if (broken) throw new Error(`Invalid demo snapshot: ${broken}`);
  const resolved = resolve(options, seededWith);
  return { resolved, state, events: EventLog.fromSnapshot(parsed.data.events, { clock: resolved.clock }) };
}

/** The one way to build a demo backend: seeded from the options, or restored from `options.snapshot`. */
export function createDemoBackend(options: DemoOptions = {}): DemoBackend {
  const start =
    options.snapshot === undefined
      ? (() => {
          const resolved = resolve(options);
          return { resolved, ...initial(resolved) };
        })()
      : restored(options.snapshot, options);
  const settings = start.resolved;
  const contextOf = (state: DemoState, events: EventLog): DemoContext => ({
    state,
    events,
    now: () => settings.clock().toISOString(),
    newId: () => randomUUID(),
    changed: () => settings.onChange?.(),
  });
  let ctx = contextOf(start.state, start.events);
  const context = () => ctx;

  const demo: DemoBackend = {
    ...bindOperations(context),
    fixtures: bindFixtures(context),
    // Every answer is at once: there is nothing in flight to cancel, so the demo is its own view.
    withSignal: () => demo,
    get events() {
      return ctx.events;
    },
    queryEventsJson: async (params = {}) => ctx.events.queryJson(params),
    snapshot: () => ({
      format: SNAPSHOT_FORMAT,
      version: 1,
      seededWith: { dataset: settings.dataset, seed: settings.seed, historyEvents: settings.historyEvents },
      state: structuredClone(ctx.state),
      events: ctx.events.toSnapshot(),
    }),
    reset() {
      const { state, events } = initial(settings);
      ctx = contextOf(state, events);
      settings.onChange?.();
    },
  };
  return demo;
}
