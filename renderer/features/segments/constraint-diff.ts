import type { Constraint } from '../../../shared/schemas';
import { summarizeConstraint, valuesOf } from './constraint-summary';

/** One constraint's change, in the words a reviewer reads before saving a segment that strategies use. */
export type ConstraintChange =
  | { kind: 'added'; position: number; text: string }
  | { kind: 'removed'; position: number; text: string }
  | { kind: 'changed'; position: number; before: string; after: string; added: string[]; removed: string[] };

const same = (a: Constraint, b: Constraint) => JSON.stringify(normal(a)) === JSON.stringify(normal(b));
const normal = (c: Constraint) => ({
  contextName: c.contextName,
  operator: c.operator,
  values: [...valuesOf(c)].sort(),
  inverted: c.inverted ?? false,
  caseInsensitive: c.caseInsensitive ?? false,
});

/**
 * Before -> after, constraint by constraint. Order does not matter to Unleash (constraints are ANDed), so an identical
 * constraint anywhere is unchanged; of the rest, one on the same context field is read as changed (with the values
 * added and removed), and anything left over is added or removed.
 */
export function constraintDiff(before: readonly Constraint[], after: readonly Constraint[]): ConstraintChange[] {
  const oldLeft = before.map((c, i) => ({ c, i }));
  const newLeft: { c: Constraint; i: number }[] = [];
  for (const [i, c] of after.entries()) {
    const twin = oldLeft.findIndex((o) => same(o.c, c));
    if (twin >= 0) oldLeft.splice(twin, 1);
    else newLeft.push({ c, i });
  }
  const changes: ConstraintChange[] = [];
  for (const fresh of newLeft) {
    const match = oldLeft.findIndex((o) => o.c.contextName === fresh.c.contextName);
    if (match < 0) {
      changes.push({ kind: 'added', position: fresh.i + 1, text: summarizeConstraint(fresh.c, 10) });
      continue;
    }
    const [old] = oldLeft.splice(match, 1);
    const was = new Set(valuesOf(old!.c));
    const now = new Set(valuesOf(fresh.c));
    changes.push({
      kind: 'changed',
      position: fresh.i + 1,
      before: summarizeConstraint(old!.c, 10),
      after: summarizeConstraint(fresh.c, 10),
      added: [...now].filter((v) => !was.has(v)),
      removed: [...was].filter((v) => !now.has(v)),
    });
  }
  for (const old of oldLeft) changes.push({ kind: 'removed', position: old.i + 1, text: summarizeConstraint(old.c, 10) });
  return changes;
}
