import type { ContextField, Environment, Project } from '../../../../shared/schemas';
import { copy, type DemoContext } from '../model/context';
import type { AreaOperations } from '../model/area-operations';

/** Projects, environments and context fields: reads only (the demo has no UI to edit them). */

export function listProjects(ctx: DemoContext): Project[] {
  const counts = new Map<string, number>();
  for (const feature of ctx.state.features) {
    if (!feature.archived) counts.set(feature.project, (counts.get(feature.project) ?? 0) + 1);
  }
  return ctx.state.projects
    .map((project) => ({
      id: project.id,
      name: project.name,
      description: project.description,
      health: 100,
      featureCount: counts.get(project.id) ?? 0,
      memberCount: 0,
      createdAt: project.createdAt,
      favorite: false,
      mode: 'open',
      defaultStickiness: 'default',
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function listEnvironments(ctx: DemoContext): Environment[] {
  return copy(ctx.state.environments).sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
}

/** GET /api/admin/context sorts by name (docs/server-behaviour.md#context-fields). */
export function listContextFields(ctx: DemoContext): ContextField[] {
  return copy(ctx.state.contextFields).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** This area's AdminBackend operations; demo/operations.ts spreads them (a new one is listed here only). */
export const operations = {
  listProjects,
  listEnvironments,
  listContextFields,
} satisfies AreaOperations;
