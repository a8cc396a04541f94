import type { AdminSegment } from '../../../shared/schemas';
import { valuesOf } from './constraint-summary';

export type SegmentSort = 'name' | 'usage' | 'changed';

export interface SegmentFilters {
  /** Free text over name, description and constraint values (and context names). */
  q: string;
  /** 'all', 'global', or a project id. */
  scope: string;
  unused: boolean;
  sort: SegmentSort;
}

export function filtersFrom(params: URLSearchParams): SegmentFilters {
  const sort = params.get('sort');
  return {
    q: params.get('q') ?? '',
    scope: params.get('scope') ?? 'all',
    unused: params.get('unused') === '1',
    sort: sort === 'usage' || sort === 'changed' ? sort : 'name',
  };
}

function haystack(segment: AdminSegment): string {
  const parts = [segment.name, segment.description ?? ''];
  for (const constraint of segment.constraints) parts.push(constraint.contextName, ...valuesOf(constraint));
  return parts.join('\n').toLowerCase();
}

const changedAt = (segment: AdminSegment) => String((segment as { updatedAt?: unknown }).updatedAt ?? segment.createdAt);

/** The list as the filters ask for it; search is case-insensitive and every word must match. */
export function applyFilters(segments: readonly AdminSegment[], filters: SegmentFilters): AdminSegment[] {
  const words = filters.q.toLowerCase().split(/\s+/).filter(Boolean);
  const kept = segments.filter((segment) => {
    if (filters.scope === 'global' && segment.project) return false;
    if (filters.scope !== 'all' && filters.scope !== 'global' && segment.project !== filters.scope) return false;
    if (filters.unused && (segment.usedInFeatures ?? 0) > 0) return false;
    if (words.length === 0) return true;
    const text = haystack(segment);
    return words.every((word) => text.includes(word));
  });
  const byName = (a: AdminSegment, b: AdminSegment) => a.name.localeCompare(b.name);
  if (filters.sort === 'usage') return kept.sort((a, b) => (b.usedInFeatures ?? 0) - (a.usedInFeatures ?? 0) || byName(a, b));
  if (filters.sort === 'changed') return kept.sort((a, b) => changedAt(b).localeCompare(changedAt(a)) || byName(a, b));
  return kept.sort(byName);
}
