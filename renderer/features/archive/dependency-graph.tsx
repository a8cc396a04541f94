import type { DependencyLink } from '../../../shared/domain/archive-impact';
import styles from './archive.module.css';

const ROW = 30;
const WIDTH = 520;
const NODE_W = 190;

/**
 * Children on the left, parents on the right, an arrow child -> parent per dependency. Selected flags are tinted;
 * a child left behind is red; a dependency archiving deletes is dashed.
 */
export function DependencyGraph({ links, selected }: { links: readonly DependencyLink[]; selected: ReadonlySet<string> }) {
  if (links.length === 0) return null;
  const children = [...new Set(links.map((link) => link.child))];
  const parents = [...new Set(links.map((link) => link.parent))];
  const rows = Math.max(children.length, parents.length);
  const y = (index: number) => 8 + index * ROW;
  const nodeClass = (name: string, role: 'child' | 'parent') =>
    selected.has(name)
      ? styles.nodeSelected
      : role === 'child' && links.some((link) => link.child === name && selected.has(link.parent))
        ? styles.nodeLeft
        : undefined;
  const short = (name: string) => (name.length > 24 ? `${name.slice(0, 23)}…` : name);
  const description = links
    .map((link) => `${link.child} depends on ${link.parent}${selected.has(link.child) ? ' (archiving deletes this dependency)' : ''}`)
    .join('; ');
  return (
    <svg className={styles.graph} viewBox={`0 0 ${WIDTH} ${rows * ROW + 8}`} role="img" aria-label={`Dependency graph: ${description}`}>
      <defs>
        <marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill="currentColor" />
        </marker>
      </defs>
      {links.map((link) => {
        const from = children.indexOf(link.child);
        const to = parents.indexOf(link.parent);
        return (
          <line
            key={`${link.child}->${link.parent}`}
            className={selected.has(link.child) ? styles.edgeRemoved : styles.edge}
            x1={NODE_W}
            y1={y(from) + 11}
            x2={WIDTH - NODE_W}
            y2={y(to) + 11}
            markerEnd="url(#arrow)"
          />
        );
      })}
      {children.map((name, index) => (
        <g key={`c-${name}`}>
          <rect x={0} y={y(index)} width={NODE_W} height={22} rx={5} className={nodeClass(name, 'child')} fill="none" stroke="currentColor" />
          <text x={8} y={y(index) + 15} className={styles.nodeText}>
            {short(name)}
          </text>
        </g>
      ))}
      {parents.map((name, index) => (
        <g key={`p-${name}`}>
          <rect x={WIDTH - NODE_W} y={y(index)} width={NODE_W} height={22} rx={5} className={nodeClass(name, 'parent')} fill="none" stroke="currentColor" />
          <text x={WIDTH - NODE_W + 8} y={y(index) + 15} className={styles.nodeText}>
            {short(name)}
          </text>
        </g>
      ))}
    </svg>
  );
}
