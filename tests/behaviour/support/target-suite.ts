import { afterAll, beforeAll, describe, it } from 'vitest';

/** `demo` targets answer like 6.10.1 except where the demo deliberately differs; `real` ones are Unleash itself. */
export type TargetKind = 'demo' | 'real';

/**
 * A scenario's expected outcome by target: 6.10.1's, the demo's deliberate one, 8.x's, and where a line answers
 * differently, 5.x's and 7.x's. 'skip' means the row asks something that line does not have.
 */
export interface Versioned<E> {
  name: string;
  /** What real Unleash 6.10.1 gives. */
  expect: E;
  /** The demo's deliberate answer where 6.10.1 answers a 500 with SQL text. */
  demo?: E;
  /** Unleash 7+/8.x: 'same' (default), another outcome, or 'skip' when the row means nothing there. */
  v8?: E | 'same' | 'skip';
  /** Unleash 5.x (checked on 5.12.8) where it differs from 6.10.1; by default the `expect` column. */
  v5?: E | 'skip';
  /** Unleash 7.x (checked on 7.6.5) where it differs from 8.x; by default the `v8` column. */
  v7?: E | 'skip';
}

/** The outcome expected from a target of this kind and major; undefined = the scenario does not apply. */
export function outcomeFor<E>(scenario: Versioned<E>, kind: TargetKind, major: number): E | undefined {
  const own = major <= 5 ? scenario.v5 : major === 7 ? scenario.v7 : undefined;
  if (own !== undefined) return own === 'skip' ? undefined : own;
  if (major >= 7) {
    const v8 = scenario.v8 ?? 'same';
    if (v8 === 'skip') return undefined;
    if (v8 !== 'same') return v8;
  }
  return kind === 'demo' && scenario.demo ? scenario.demo : scenario.expect;
}

export interface Opened {
  /** Major version the target reports (ui-config `version`). */
  major: number;
  close(): Promise<void>;
}

export interface SuiteTarget<O extends Opened> {
  id: string;
  kind: TargetKind;
  /** Set when the target cannot run here; the suite prints it and skips. */
  skip?: string;
  open(): Promise<O>;
}

export interface SuiteArea<O, S> {
  name: string;
  /** Creates the area's fixtures (unique names) through the opened target. */
  setup(opened: O): Promise<unknown>;
  scenarios: S[];
}

/**
 * One describe per target and area, one test per scenario, each checked against the outcome for the target's kind
 * and version. BEHAVIOUR_AREA=<name> keeps one area while working on it.
 */
export function describeTargets<O extends Opened, S extends Versioned<unknown>>(
  suite: string,
  targets: SuiteTarget<O>[],
  allAreas: SuiteArea<O, S>[],
  run: (opened: O, scenario: S, want: S['expect'], fx: unknown) => Promise<void>,
): void {
  const only = process.env.BEHAVIOUR_AREA;
  const areas = allAreas.filter((a) => !only || a.name === only);
  if (areas.length === 0) {
    // A file without tests fails in vitest; this one simply has no such area.
    it.skip(`${suite}: no area named ${only}`, () => undefined);
    return;
  }
  for (const target of targets) {
    describe.skipIf(target.skip !== undefined)(`${suite}: ${target.id}`, () => {
      if (target.skip) {
        console.info(target.skip); // say how to run it, not just "skipped"
        it.skip(target.skip, () => undefined);
        return;
      }
      let open: O | undefined;
      beforeAll(async () => {
        open = await target.open();
      });
      afterAll(async () => {
        await open?.close();
      });
      const ready = (): O => {
        if (!open) throw new Error(`${target.id} did not open`);
        return open;
      };

      for (const area of areas) {
        describe(area.name, () => {
          let fx: unknown;
          beforeAll(async () => {
            fx = await area.setup(ready());
          });
          for (const scenario of area.scenarios) {
            it(scenario.name, async (context) => {
              const opened = ready();
              const want = outcomeFor(scenario, target.kind, opened.major);
              if (!want) {
                context.skip(`not applicable to Unleash ${opened.major}`);
                return;
              }
              await run(opened, scenario, want, fx);
            });
          }
        });
      }
    });
  }
}
