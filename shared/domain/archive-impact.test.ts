import { describe, expect, it } from 'vitest';
import { archiveImpact, archiveReportMarkdown, withChildrenAdded, withParentLeftOut, type DependencyLink, type FlagState } from './archive-impact';

// p -> c1, c2 as in Unleash's own feature-archive e2e test; x has no links.
const links: DependencyLink[] = [
  { parent: 'p', child: 'c1' },
  { parent: 'p', child: 'c2' },
];
const flags: FlagState[] = [
  { name: 'p', environments: [{ name: 'production', enabled: true }] },
  { name: 'c1', environments: [{ name: 'development', enabled: true }, { name: 'production', enabled: false }] },
  { name: 'c2', environments: [{ name: 'production', enabled: false }] },
  { name: 'x', lastSeenAt: '2026-11-01T00:00:00.000Z' },
];

describe('archive impact', () => {
  it('names the children a parent would leave behind, with where they are on', () => {
    const impact = archiveImpact(['p', 'c1'], { parentsWithChildFeatures: ['p'], hasDeletedDependencies: true }, links, flags);
    expect(impact.verdict).toBe('blocked');
    expect(impact.orphaningParents).toEqual([{ parent: 'p', children: [{ name: 'c2', enabledIn: [] }] }]);
    expect(impact.removedDependencies).toEqual([{ parent: 'p', child: 'c1' }]);
  });

  it('offers the fixes: add the children (validation then passes), or leave the parent out', () => {
    const impact = archiveImpact(['p'], { parentsWithChildFeatures: ['p'], hasDeletedDependencies: true }, links, flags);
    expect(impact.orphaningParents[0]!.children.map((c) => c.name)).toEqual(['c1', 'c2']);
    expect(withChildrenAdded(impact, 'p')).toEqual(['p', 'c1', 'c2']);
    expect(withParentLeftOut(impact, 'p')).toEqual([]);
    const fixed = archiveImpact(withChildrenAdded(impact), { parentsWithChildFeatures: [], hasDeletedDependencies: true }, links, flags);
    expect(fixed.verdict).toBe('removes-dependencies');
    expect(fixed.removedDependencies).toEqual(links);
  });

  it('calls a selection without links clean and notes unknown names', () => {
    const impact = archiveImpact(['x', 'ghost'], { parentsWithChildFeatures: [], hasDeletedDependencies: false }, links, flags);
    expect(impact.verdict).toBe('clean');
    expect(impact.unknown).toEqual(['ghost']);
    expect(archiveImpact([], { parentsWithChildFeatures: [], hasDeletedDependencies: false }, links, flags).verdict).toBe('empty');
  });

  it('trusts the server when it names a parent whose children this graph does not show', () => {
    const impact = archiveImpact(['x'], { parentsWithChildFeatures: ['x'], hasDeletedDependencies: true }, links, flags);
    expect(impact.verdict).toBe('blocked');
    expect(impact.orphaningParents).toEqual([{ parent: 'x', children: [] }]);
  });

  it('writes a Markdown dry run naming what is archived and removed', () => {
    const impact = archiveImpact(['p', 'c1'], { parentsWithChildFeatures: ['p'], hasDeletedDependencies: true }, links, flags);
    const report = archiveReportMarkdown(impact, flags, { project: 'default', server: 'demo', generatedAt: '2026-11-23T20:00:00Z' });
    expect(report).toContain('# Archive dry run: 2 flags in default');
    expect(report).toContain('| c1 | development | never |');
    expect(report).toContain('- c1 -> p (child depends on parent)');
    expect(report).toContain('- p: c2 (off everywhere)');
    expect(report).toContain('The server will refuse this archive');
  });
});
