import type { HandlerSlice } from '../../shared/contract';
import type { Constraint, ContextFieldUsage } from '../../shared/schemas';
import type { AdminBackend } from './admin-backend';
import { activeStrategies, usageReadsOf } from './strategy-usage';

/**
 * Where each context field is used: the constraints of every active flag's strategies and of every segment. Servers
 * delete a field whatever names it (and 5.x has no endpoint that says where), so the page refuses from this.
 */
export async function contextFieldUsage(backend: AdminBackend): Promise<ContextFieldUsage[]> {
  const [placed, segments] = await Promise.all([
    activeStrategies(usageReadsOf(backend)),
    backend.listSegments(),
  ]);
  const byName = new Map<string, ContextFieldUsage>();
  const entry = (contextName: string): ContextFieldUsage => {
    const found = byName.get(contextName) ?? { contextName, strategies: [], segments: [] };
    byName.set(contextName, found);
    return found;
  };
  const names = (constraints: readonly Constraint[] | undefined) => new Set((constraints ?? []).map((c) => c.contextName));
  for (const { projectId, featureName, environment, strategy } of placed) {
    for (const name of names(strategy.constraints)) {
      entry(name).strategies.push({ id: strategy.id, projectId, featureName, environment, strategyName: strategy.name });
    }
  }
  for (const segment of segments) {
    for (const name of names(segment.constraints)) entry(name).segments.push({ id: segment.id, name: segment.name, project: segment.project ?? null });
  }
  return [...byName.values()].sort((a, b) => a.contextName.localeCompare(b.contextName));
}

/** The usage channel: main-side work over the active backend (several reads), not one call. */
export function contextFieldUsageHandlers(backend: () => Promise<AdminBackend>) {
  return {
    'contextFields.usage': async () => contextFieldUsage(await backend()),
  } satisfies HandlerSlice;
}
