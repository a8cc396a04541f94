import type { Environment, SegmentStrategy } from '../../../shared/schemas';

export interface UsageGroup {
  projectId: string;
  flags: { featureName: string; environments: { name: string; production: boolean; strategies: SegmentStrategy[] }[] }[];
}

/** Strategies using a segment, grouped project -> flag -> environment, production environments marked. */
export function groupUsage(strategies: readonly SegmentStrategy[], environments: readonly Environment[] = []): UsageGroup[] {
  const production = new Set(environments.filter((e) => e.type === 'production').map((e) => e.name));
  const projects = new Map<string, Map<string, Map<string, SegmentStrategy[]>>>();
  for (const strategy of strategies) {
    const flags = projects.get(strategy.projectId) ?? new Map<string, Map<string, SegmentStrategy[]>>();
    projects.set(strategy.projectId, flags);
    const envs = flags.get(strategy.featureName) ?? new Map<string, SegmentStrategy[]>();
    flags.set(strategy.featureName, envs);
    envs.set(strategy.environment, [...(envs.get(strategy.environment) ?? []), strategy]);
  }
  return [...projects].sort(([a], [b]) => a.localeCompare(b)).map(([projectId, flags]) => ({
    projectId,
    flags: [...flags].sort(([a], [b]) => a.localeCompare(b)).map(([featureName, envs]) => ({
      featureName,
      environments: [...envs].map(([name, list]) => ({ name, production: production.has(name) || name === 'production', strategies: list })),
    })),
  }));
}

export function touchesProduction(groups: readonly UsageGroup[]): boolean {
  return groups.some((g) => g.flags.some((f) => f.environments.some((e) => e.production)));
}
