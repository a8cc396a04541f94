/**
 * The flags' lives in the seeded history: each flag is created once, at the createdAt its state says; an archived
 * one is archived at its archivedAt; some active ones were archived once and revived since. Replayed in order, these
 * events leave every flag as the state has it, so the history never contradicts what the screens show.
 */

export interface HistoryFlag {
  name: string;
  project: string;
  /** When the state says it was created; without it the flag is older than the history. */
  createdAt?: string;
  /** When the state says it was archived; null or absent = active. */
  archivedAt?: string | null;
  type?: string;
  description?: string | null;
}

export type LifecycleType = 'feature-created' | 'feature-archived' | 'feature-revived';

export interface LifecycleEvent {
  type: LifecycleType;
  flag: HistoryFlag;
  /** Epoch ms. */
  at: number;
}

// One active flag in REVIVED_EVERY went to the archive for a while and came back: the log then has revive events.
const REVIVED_EVERY = 7;

/** The lifecycle events inside [start, end], oldest first (a flag's own events keep their order on a tie). */
export function lifecyclePlan(flags: readonly HistoryFlag[], start: number, end: number): LifecycleEvent[] {
  const events: LifecycleEvent[] = [];
  flags.forEach((flag, index) => {
    if (flag.createdAt === undefined) return;
    const created = Date.parse(flag.createdAt);
    const own: LifecycleEvent[] = [{ type: 'feature-created', flag, at: created }];
    if (flag.archivedAt) {
      own.push({ type: 'feature-archived', flag, at: Date.parse(flag.archivedAt) });
    } else if (index % REVIVED_EVERY === REVIVED_EVERY - 1) {
      const life = end - created;
      const archived = Math.floor(created + life * 0.4);
      // both or neither: a revive whose archive fell before the history would revive an active flag
      if (archived >= start) {
        own.push({ type: 'feature-archived', flag, at: archived });
        own.push({ type: 'feature-revived', flag, at: Math.floor(created + life * 0.5) });
      }
    }
    events.push(...own.filter((event) => event.at >= start && event.at <= end));
  });
  // a stable sort: a flag's events were pushed in order
  return events.sort((a, b) => a.at - b.at);
}

/** Which flags are active when the history starts: those older than it and not archived by then. */
export function activeAtStart(flags: readonly HistoryFlag[], start: number): Set<string> {
  const active = new Set<string>();
  for (const flag of flags) {
    const created = flag.createdAt === undefined ? -Infinity : Date.parse(flag.createdAt);
    const archived = flag.archivedAt ? Date.parse(flag.archivedAt) : Infinity;
    if (created < start && archived >= start) active.add(flag.name);
  }
  return active;
}
