import { ARCHIVE_VERDICT_TEXT, withChildrenAdded, withParentLeftOut, type ArchiveImpact, type DependencyLink } from '../../../shared/domain/archive-impact';
import styles from './archive.module.css';
import { DependencyGraph } from './dependency-graph';

interface Props {
  impact: ArchiveImpact;
  links: readonly DependencyLink[];
  onSelect: (next: string[]) => void;
}

/** The validate answer in plain words, with every name, the graph, and the one-click fixes. */
export function ImpactPanel({ impact, links, onSelect }: Props) {
  const selected = new Set(impact.selection);
  const relevant = links.filter((link) => selected.has(link.child) || selected.has(link.parent));
  const leftBehind = impact.orphaningParents.flatMap((entry) => entry.children);
  return (
    <div aria-label="Impact" role="region">
      <p className={`${styles.verdict} ${impact.verdict === 'blocked' ? styles.blocked : styles.fine}`} role="status">
        {ARCHIVE_VERDICT_TEXT[impact.verdict]}
      </p>
      {impact.orphaningParents.map((entry) => (
        <div key={entry.parent} className={styles.issue}>
          <p>
            <code>{entry.parent}</code> is a parent:{' '}
            {entry.children.length === 0
              ? 'the server says children outside the selection depend on it.'
              : `archiving it would leave ${entry.children.length === 1 ? 'this child' : `these ${entry.children.length} children`} behind: `}
            {entry.children.map((child, index) => (
              <span key={child.name}>
                {index > 0 ? ', ' : ''}
                <code>{child.name}</code> ({child.enabledIn.length > 0 ? `on in ${child.enabledIn.join(', ')}` : 'off everywhere'})
              </span>
            ))}
          </p>
          <div className={styles.fixes}>
            {entry.children.length > 0 && (
              <button type="button" className="button button-primary" onClick={() => onSelect(withChildrenAdded(impact, entry.parent))}>
                Add {entry.children.length === 1 ? 'this child' : `these ${entry.children.length} children`} to the selection
              </button>
            )}
            <button type="button" className="button" onClick={() => onSelect(withParentLeftOut(impact, entry.parent))}>
              Leave {entry.parent} out
            </button>
          </div>
        </div>
      ))}
      {impact.orphaningParents.length > 1 && leftBehind.length > 0 && (
        <button type="button" className="button" onClick={() => onSelect(withChildrenAdded(impact))}>
          Add all {leftBehind.length} children
        </button>
      )}
      {impact.removedDependencies.length > 0 && (
        <>
          <p>Archiving deletes {impact.removedDependencies.length === 1 ? 'this dependency' : `these ${impact.removedDependencies.length} dependencies`} for good (Flagdesk keeps a record, so reviving from here offers them back):</p>
          <ul aria-label="Dependencies archiving deletes">
            {impact.removedDependencies.map((link) => (
              <li key={`${link.child}->${link.parent}`}>
                <code>{link.child}</code> → <code>{link.parent}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      {impact.unknown.length > 0 && (
        <p className="muted">Not active flags of this project (the server ignores them): {impact.unknown.join(', ')}</p>
      )}
      <DependencyGraph links={relevant} selected={selected} />
    </div>
  );
}
