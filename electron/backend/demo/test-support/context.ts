import { EventLog } from '../events/event-log';
import { emptyState } from '../model/builtins';
import type { DemoContext } from '../model/context';
import type { FeatureRecord } from '../model/state';
import { newFeatureRecord } from '../areas/features';

/** A bare context over a fresh instance, so area modules can be tested without the backend that binds them. */
export function bareContext(): DemoContext & { changes: number } {
  const clock = () => new Date('2026-06-01T12:00:00.000Z');
  let id = 0;
  const ctx = {
    state: emptyState(clock().toISOString()),
    events: new EventLog({ clock }),
    now: () => clock().toISOString(),
    newId: () => `strategy-${++id}`,
    changes: 0,
    changed: () => {
      ctx.changes += 1;
    },
  };
  return ctx;
}

/** A flag record as the store holds it, off in every environment, with optional overrides. */
export function flagRecord(ctx: DemoContext, name: string, overrides: Partial<FeatureRecord> = {}): FeatureRecord {
  const feature = newFeatureRecord(ctx, { name, project: 'default', ...overrides });
  ctx.state.features.push(feature);
  return feature;
}

/** Event types and flag names, oldest first. */
export function eventTrail(ctx: DemoContext): string[] {
  return ctx.events
    .list({})
    .events.reverse()
    .map((event) => `${event.type}:${event.featureName ?? ''}`);
}
