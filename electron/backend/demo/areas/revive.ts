import { recordEvent, type DemoContext } from '../model/context';
import { requireProject } from '../model/lookups';
import { existingInProject } from './batch-targets';

/** The archive's other doors: revive and delete for good (POST /projects/{p}/revive|delete with {features}). */

export interface BatchInput {
  projectId: string;
  features: string[];
}

/**
 * POST /projects/{p}/revive (200, empty). Only archived flags come back, each off in every environment with its
 * strategies kept, and one feature-revived event each; unknown and active names are ignored; an unknown project is
 * 404 (asked of 6.10.1). Dependencies removed at archive time stay removed.
 */
export function reviveFeatures(ctx: DemoContext, { projectId, features }: BatchInput): void {
  requireProject(ctx.state, projectId);
  const targets = existingInProject(ctx.state, projectId, features).filter((feature) => feature.archived);
  if (targets.length === 0) return;
  for (const feature of targets) {
    feature.archived = false;
    feature.archivedAt = null;
    for (const env of feature.environments) env.enabled = false;
  }
  for (const feature of targets) recordEvent(ctx, { type: 'feature-revived', project: projectId, featureName: feature.name });
  ctx.changed();
}

/**
 * POST /projects/{p}/delete (200, empty): deletes archived flags for good (active and unknown names are ignored),
 * one feature-deleted event each with the flag as preData.
 */
export function deleteArchivedFeatures(ctx: DemoContext, { projectId, features }: BatchInput): void {
  const targets = existingInProject(ctx.state, projectId, features).filter((feature) => feature.archived);
  if (targets.length === 0) return;
  const doomed = new Set(targets);
  ctx.state.features = ctx.state.features.filter((feature) => !doomed.has(feature));
  for (const feature of targets) {
    recordEvent(ctx, {
      type: 'feature-deleted',
      project: projectId,
      featureName: feature.name,
      preData: { name: feature.name, project: feature.project, type: feature.type, description: feature.description, archived: true },
    });
  }
  ctx.changed();
}
