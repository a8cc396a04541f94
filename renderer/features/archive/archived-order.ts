import type { ArchivedFlag, FlagRef } from '../../../shared/schemas';

/** How the Archive screen sorts (the `sort` query parameter). */
export const SORTS = {
  archived: 'Archived, newest first',
  name: 'Name',
  project: 'Project',
  by: 'Archived by',
} as const;
export type SortKey = keyof typeof SORTS;

export function isSortKey(value: string | null): value is SortKey {
  return value !== null && Object.hasOwn(SORTS, value);
}

/** A flag's key in the URL (`flag=project/name`): a path id holds no slash, so the split is exact. */
export function flagKey(flag: { project: string; name: string }): string {
  return `${flag.project}/${flag.name}`;
}

export function refOfKey(key: string): FlagRef | undefined {
  const [projectId, name, ...rest] = key.split('/');
  return projectId && name && rest.length === 0 ? { projectId, name } : undefined;
}

const text = (value: string | null) => (value ?? '').toLowerCase();

/** The flags matching the search (name, project, description, who archived it), in the chosen order. */
export function shownFlags(flags: readonly ArchivedFlag[], search: string, sort: SortKey): ArchivedFlag[] {
  const words = search.toLowerCase().split(/\s+/).filter((word) => word !== '');
  const matches = flags.filter((flag) => {
    const haystack = [flag.name, flag.project, flag.description, flag.archivedBy].map(text).join('\n');
    return words.every((word) => haystack.includes(word));
  });
  const byName = (a: ArchivedFlag, b: ArchivedFlag) => a.name.localeCompare(b.name) || a.project.localeCompare(b.project);
  const order: Record<SortKey, (a: ArchivedFlag, b: ArchivedFlag) => number> = {
    archived: (a, b) => text(b.archivedAt).localeCompare(text(a.archivedAt)) || byName(a, b),
    name: byName,
    project: (a, b) => a.project.localeCompare(b.project) || byName(a, b),
    // flags nobody is known to have archived go last
    by: (a, b) => (a.archivedBy === null ? 1 : 0) - (b.archivedBy === null ? 1 : 0) || text(a.archivedBy).localeCompare(text(b.archivedBy)) || byName(a, b),
  };
  return [...matches].sort(order[sort]);
}
