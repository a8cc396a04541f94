import type { Feature, FeatureStrategy, Project, StrategyUsageRow } from '../../shared/schemas';
import type { AdminBackend } from './admin-backend';

/** The reads that find where strategy types are used, whatever shape the backend's own methods take. */
export interface UsageReads {
  projects(): Promise<Project[]>;
  /** Active flags of a project (summaries, each environment saying whether it has strategies). */
  features(projectId: string): Promise<Feature[]>;
  /** One flag with its strategies. */
  feature(projectId: string, name: string): Promise<Feature>;
}

/** The usage reads of an AdminBackend. */
export function usageReadsOf(backend: AdminBackend): UsageReads {
  return {
    projects: () => backend.listProjects(),
    features: (projectId) => backend.listProjectFeatures({ projectId }),
    feature: (projectId, featureName) => backend.getFeature({ projectId, featureName }),
  };
}

const PARALLEL = 6;

function hasStrategies(feature: Feature): boolean {
  const envs = feature.environments as ({ hasStrategies?: boolean; strategies?: unknown[] } | undefined)[] | undefined;
  // summaries say hasStrategies; a server that leaves it out is asked about every flag
  return (envs ?? []).some((env) => env?.hasStrategies !== false || (env.strategies?.length ?? 0) > 0);
}

/** One strategy of an active flag, where it is. */
export interface PlacedStrategy {
  projectId: string;
  featureName: string;
  environment: string;
  strategy: FeatureStrategy;
}

/**
 * Every strategy of every active flag. Unleash has no admin endpoint for "strategies of type X" or "constraints on
 * field Y", so this walks projects -> flags -> flag (a few requests at a time); flags without strategies are skipped.
 */
export async function activeStrategies(reads: UsageReads): Promise<PlacedStrategy[]> {
  const flags: { projectId: string; name: string }[] = [];
  for (const project of await reads.projects()) {
    for (const feature of await reads.features(project.id)) {
      if (hasStrategies(feature)) flags.push({ projectId: project.id, name: feature.name });
    }
  }
  const rows: PlacedStrategy[][] = new Array(flags.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < flags.length) {
      const index = next++;
      const { projectId, name } = flags[index]!;
      const feature = await reads.feature(projectId, name);
      rows[index] = (feature.environments ?? []).flatMap((env) =>
        (env.strategies ?? []).map((strategy) => ({ projectId, featureName: name, environment: env.name, strategy })),
      );
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, flags.length) }, worker));
  return rows.flat();
}

/** Every strategy of every active flag, optionally of one type only, with the parameters it stores. */
export async function strategyUsage(reads: UsageReads, strategyName?: string): Promise<StrategyUsageRow[]> {
  return (await activeStrategies(reads))
    .filter(({ strategy }) => strategyName === undefined || strategy.name === strategyName)
    .map(({ projectId, featureName, environment, strategy }) => ({
      strategyName: strategy.name,
      projectId,
      featureName,
      environment,
      strategyId: strategy.id,
      parameters: { ...(strategy.parameters ?? {}) },
    }));
}
