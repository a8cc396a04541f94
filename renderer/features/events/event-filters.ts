import type { EventQueryParams } from '../../../shared/schemas';

/**
 * The browser's filters, as kept in the URL (`?type=a,b&project=p&from=2026-01-01&q=text`) so that back/forward,
 * a copied link and "reopen where I was" all restore them, and as the search parameters the server takes.
 */
export interface EventFilters {
  types: string[];
  project?: string;
  feature?: string;
  environment?: string;
  /** The server filters "created by" on the user id (createdByUserId), not on the name. */
  createdBy?: string;
  /** yyyy-MM-dd, inclusive; no one-year cap. */
  from?: string;
  to?: string;
  text?: string;
}

const SINGLE = ['project', 'feature', 'environment', 'createdBy', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromSearch(search: URLSearchParams): EventFilters {
  const filters: EventFilters = {
    types: (search.get('type') ?? '')
      .split(',')
      .map((type) => type.trim())
      .filter(Boolean),
  };
  for (const key of SINGLE) {
    const value = search.get(key)?.trim();
    if (!value) continue;
    if ((key === 'from' || key === 'to') && !DAY.test(value)) continue;
    filters[key] = value;
  }
  const text = search.get('q');
  if (text) filters.text = text;
  return filters;
}

/** Writes the filters into `search`, keeping any other parameter (e.g. the selected event). */
export function filtersToSearch(filters: EventFilters, search = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of ['type', 'q', ...SINGLE]) next.delete(key);
  if (filters.types.length) next.set('type', filters.types.join(','));
  for (const key of SINGLE) if (filters[key]) next.set(key, filters[key] as string);
  if (filters.text) next.set('q', filters.text);
  return next;
}

/** GET /search/events parameters: `IS:`/`IS_ANY_OF:` filters, `IS:yyyy-MM-dd` dates. */
export function filtersToParams(filters: EventFilters): EventQueryParams {
  const params: EventQueryParams = {};
  if (filters.types.length === 1) params.type = `IS:${filters.types[0]}`;
  else if (filters.types.length > 1) params.type = `IS_ANY_OF:${filters.types.join(',')}`;
  if (filters.project) params.project = `IS:${filters.project}`;
  if (filters.feature) params.feature = `IS:${filters.feature}`;
  if (filters.environment) params.environment = `IS:${filters.environment}`;
  if (filters.createdBy) params.createdBy = `IS:${filters.createdBy}`;
  if (filters.from) params.from = `IS:${filters.from}`;
  if (filters.to) params.to = `IS:${filters.to}`;
  if (filters.text) params.query = filters.text;
  return params;
}

/** Event types grouped by what they are about (the part before the verb), for the type picker. */
export function groupEventTypes(types: readonly string[]): { group: string; types: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const type of types) {
    const group = groupOf(type);
    groups.set(group, [...(groups.get(group) ?? []), type]);
  }
  return [...groups].map(([group, list]) => ({ group, types: list })).sort((a, b) => a.group.localeCompare(b.group));
}

const GROUPS: [RegExp, string][] = [
  [/^feature-strategy|^strategy-order/, 'Flag strategies'],
  [/^feature-environment/, 'Flag environments'],
  [/^feature-|^features-|^drop-feature/, 'Flags'],
  [/^segment-/, 'Segments'],
  [/^strategy-|^drop-strategies/, 'Strategy types'],
  [/^setting-/, 'Settings (CORS, …)'],
  [/^project-|^drop-projects/, 'Projects'],
  [/^context-field/, 'Context fields'],
  [/^change-/, 'Change requests'],
  [/^user-|^group-|^role-|^service-account|^pat-|^scim-/, 'Users and access'],
  [/^api-token|^public-signup|^cdn-token/, 'Tokens'],
  [/^tag|^drop-tag/, 'Tags'],
  [/^environment-|^drop-environments/, 'Environments'],
  [/^release-plan|^milestone|^safeguard/, 'Release plans'],
];

function groupOf(type: string): string {
  for (const [pattern, group] of GROUPS) if (pattern.test(type)) return group;
  return 'Other';
}
