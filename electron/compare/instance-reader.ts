import type { CompareKind, InstanceContent, SegmentUse } from '../../shared/schemas';
import { COMPARE_KINDS } from '../../shared/schemas/compare';
import {
  comparableContextField,
  comparableOrigins,
  comparableSegment,
  comparableStrategyType,
} from '../../shared/domain/compare/comparable';
import type { AdminBackend } from '../backend/admin-backend';

/**
 * Reads one server's comparable content (shared/domain/compare/comparable.ts) through its backend: the kinds asked
 * for, the projects (a segment's project is checked against them) and the server's version. Built-in strategy types
 * are left out: every server has them and none can be changed.
 */
export interface ReadInstance {
  content: InstanceContent;
  version: string | undefined;
  /** The server's segment ids by name (empty when segments were not read): writes and usage reads need them. */
  segmentIds: ReadonlyMap<string, number>;
}

export async function readInstance(backend: AdminBackend, kinds: readonly CompareKind[] = COMPARE_KINDS): Promise<ReadInstance> {
  const wants = (kind: CompareKind) => kinds.includes(kind);
  const [segments, strategyTypes, contextFields, uiConfig, projects] = await Promise.all([
    wants('segments') ? backend.listSegments() : null,
    wants('strategyTypes') ? backend.listStrategyTypes() : null,
    wants('contextFields') || wants('segments') ? backend.listContextFields() : null,
    backend.getUiConfig(),
    wants('segments') ? backend.listProjects() : null,
  ]);
  return {
    version: uiConfig.version,
    segmentIds: new Map((segments ?? []).map((segment) => [segment.name, segment.id])),
    content: {
      segments: segments?.map(comparableSegment) ?? null,
      strategyTypes: strategyTypes?.filter((type) => type.editable).map(comparableStrategyType) ?? null,
      contextFields: contextFields?.map(comparableContextField) ?? null,
      corsOrigins: wants('corsOrigins') ? comparableOrigins(uiConfig.frontendApiOrigins ?? []) : null,
      projects: projects?.map((project) => project.id) ?? null,
    },
  };
}

/**
 * The strategies of active flags that use each named segment, production environments marked. `ids` is the
 * segment ids the same side's readInstance found (the segments are not listed again).
 */
export async function readSegmentUsage(
  backend: AdminBackend,
  names: readonly string[],
  ids: ReadonlyMap<string, number>,
): Promise<Map<string, SegmentUse[]>> {
  const usage = new Map<string, SegmentUse[]>();
  if (names.length === 0) return usage;
  const environments = await backend.listEnvironments();
  const production = new Set(environments.filter((environment) => environment.type === 'production').map((environment) => environment.name));
  for (const name of names) {
    const id = ids.get(name);
    if (id === undefined) continue;
    const { strategies } = await backend.getStrategiesUsingSegment({ id });
    usage.set(
      name,
      strategies.map((strategy) => ({
        projectId: strategy.projectId,
        featureName: strategy.featureName,
        environment: strategy.environment,
        strategyName: strategy.strategyName,
        production: production.has(strategy.environment),
      })),
    );
  }
  return usage;
}
