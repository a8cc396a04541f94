import type { SemanticDiff } from '../../../shared/domain/semantic-diff';
import { DiffTable } from '../../components/diff-table';

/**
 * A compare's or a plan's diff as main computed it (right before -> left after): one row per changed property, lists
 * as what is added and removed, the unchanged properties in one line.
 */
export function SemanticDiffView({ diff, caption, before, after }: { diff: SemanticDiff; caption: string; before: string; after: string }) {
  if (diff.identical) return <p className="muted">No differences.</p>;
  return <DiffTable diff={diff} caption={caption} before={before} after={after} unchanged="line" />;
}

/** A changed-property summary for a row: which properties differ, in a few words. */
export function diffSummary(diff: SemanticDiff | null): string {
  if (!diff || diff.identical) return '';
  const paths = [...new Set(diff.entries.map((entry) => entry.path.split(/ › |[.[]/)[0] ?? entry.path))];
  return paths.length <= 3 ? paths.join(', ') : `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more`;
}
