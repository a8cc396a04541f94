import type { Prng } from '../../../../shared/prng';

/**
 * The front-end API origins' changes in the seeded history: one chain from the server's default ['*'] (each change
 * starts where the one before ended) that ends at the origins the state holds. The state decides, the history
 * follows: a chain whose end fell where the random event draws led it would change the demo's setting whenever the
 * generator's draws change.
 */

export interface OriginsChange {
  type: 'setting-updated';
  /** Epoch ms. */
  at: number;
  before: string[];
  after: string[];
}

const ALL = ['*'];
/** About one change in this many events, as a busy instance changes its CORS setting now and then. */
const EVENTS_PER_CHANGE = 50;

const isAll = (origins: readonly string[]) => origins.length === 1 && origins[0] === '*';

/**
 * The changes inside [start, end], oldest first, at most `budget` of them. Their number has the parity that leads
 * from ['*'] to `current` by alternating between every origin and one app's origin (none when `current` is ['*'] and
 * the budget is too small for a pair).
 */
export function originsPlan(rng: Prng, count: number, budget: number, start: number, end: number, current: readonly string[]): OriginsChange[] {
  const wanted = Math.floor(count / EVENTS_PER_CHANGE);
  // an even number of alternations returns to ['*'], an odd one leaves the API closed to one list
  const parity = isAll(current) ? 0 : 1;
  let n = Math.min(wanted, budget);
  if (n % 2 !== parity) n = n > 0 ? n - 1 : Math.min(1, budget);
  if (n % 2 !== parity) return [];
  const times = Array.from({ length: n }, () => Math.floor(start + rng.next() * (end - start))).sort((a, b) => a - b);
  // walk back from where the state is: each change's before is the previous change's after
  const values: string[][] = [[...current]];
  for (let i = n - 1; i > 0; i--) {
    const after = values[0] as string[];
    values.unshift(isAll(after) ? [`https://app${rng.int(9)}.example.com`] : [...ALL]);
  }
  return times.map((at, i) => ({ type: 'setting-updated', at, before: i === 0 ? [...ALL] : (values[i - 1] as string[]), after: values[i] as string[] }));
}
