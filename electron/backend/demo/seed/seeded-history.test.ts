import { describe, expect, it } from 'vitest';
import { generateHistory } from '../events/history';
import { historyContext, seededState } from './dataset';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const LIFECYCLE = new Set(['feature-created', 'feature-archived', 'feature-revived']);

/**
 * Replays the seeded history's flag events over the seeded flags and returns every contradiction: a flag created
 * twice or after its state's createdAt, archived while archived, revived while active, an event about a flag that
 * does not exist then, or a flag the history leaves otherwise than the state has it.
 */
function contradictions(seed: number, count: number): string[] {
  const state = seededState(seed, NOW);
  const events = [...generateHistory(count, historyContext(state, NOW), seed)];
  const first = Date.parse(events[0]!.createdAt);
  const flags = new Map(state.features.map((flag) => [flag.name, flag]));
  // before the history starts, a flag exists if it was created earlier and was not archived by then
  const status = new Map<string, 'active' | 'archived' | 'absent'>();
  for (const flag of state.features) {
    const created = Date.parse(flag.createdAt);
    const archivedBefore = flag.archivedAt !== null && Date.parse(flag.archivedAt) < first;
    status.set(flag.name, created >= first ? 'absent' : archivedBefore ? 'archived' : 'active');
  }
  const found: string[] = [];
  for (const event of events) {
    const name = event.featureName;
    if (!name) continue;
    const flag = flags.get(name);
    if (!flag) {
      found.push(`${event.type} names ${name}, which the state does not have`);
      continue;
    }
    const now = status.get(name);
    const at = `${event.type} of ${name} at ${event.createdAt}`;
    if (event.type === 'feature-created') {
      if (now !== 'absent') found.push(`${at}: it already exists`);
      if (event.createdAt !== flag.createdAt) found.push(`${at}: the state says it was created at ${flag.createdAt}`);
      status.set(name, 'active');
    } else if (event.type === 'feature-archived') {
      if (now !== 'active') found.push(`${at}: it is ${now}`);
      status.set(name, 'archived');
    } else if (event.type === 'feature-revived') {
      if (now !== 'archived') found.push(`${at}: it is ${now}`);
      status.set(name, 'active');
    } else if (now !== 'active' && !LIFECYCLE.has(event.type)) {
      found.push(`${at}: the flag is ${now}`);
    }
  }
  for (const flag of state.features) {
    const want = flag.archived ? 'archived' : 'active';
    if (status.get(flag.name) !== want) found.push(`${flag.name} ends ${status.get(flag.name)}, the state has it ${want}`);
  }
  return found;
}

describe('the seeded history agrees with the seeded state', () => {
  it.each([
    [1, 2500],
    [2, 2500],
    [7, 20_000],
  ])('seed %i, %i events: each flag created once, archived and revived as its state says', (seed, count) => {
    expect(contradictions(seed, count)).toEqual([]);
  });

  it('holds every kind of flag life: created, archived, and archived then revived', () => {
    const state = seededState(1, NOW);
    const types = [...generateHistory(2500, historyContext(state, NOW), 1)].map((event) => event.type);
    const created = types.filter((type) => type === 'feature-created').length;
    expect(created).toBeGreaterThan(state.features.length / 2);
    expect(created).toBeLessThanOrEqual(state.features.length);
    expect(types).toContain('feature-archived');
    expect(types).toContain('feature-revived');
  });
});
