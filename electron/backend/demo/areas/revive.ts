import type { ArchivedFeature } from '../../../../shared/schemas';
import type { OperationInput } from '../../admin-backend';
import { recordEvent, type DemoContext } from '../model/context';
import { notFound } from '../../errors';
import { existingInProject } from './batch-targets';
import type { AreaOperations } from '../model/area-operations';

/** The archive's list and its other doors: revive and delete for good (POST /projects/{p}/revive|delete with {features}). */

/**
 * POST /projects/{p}/revive (200, empty). Every named flag of the project comes back off in every environment with
 * its strategies kept, one feature-revived event each: an active flag too (it is switched off and gets the event,
 * as 6.10.1 does); unknown names are ignored; an unknown project is 404. Dependencies removed at archive time stay
 * removed.
 */
export function reviveFeatures(ctx: DemoContext, { projectId, features }: OperationInput<'reviveFeatures'>): void {
  if (!ctx.state.projects.some((project) => project.id === projectId)) {
    throw notFound(`Active project with id ${projectId} does not exist`);
  }
  const targets = existingInProject(ctx.state, projectId, features);
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
 * POST /projects/{p}/delete (200, empty): deletes the named archived flags for good. 6.10.1 writes a feature-deleted
 * event (the flag as preData) for every named flag of the project, but leaves an active one in place; unknown names
 * and an unknown project are ignored.
 */
export function deleteArchivedFeatures(ctx: DemoContext, { projectId, features }: OperationInput<'deleteArchivedFeatures'>): void {
  const targets = existingInProject(ctx.state, projectId, features);
  if (targets.length === 0) return;
  const doomed = new Set(targets.filter((feature) => feature.archived));
  ctx.state.features = ctx.state.features.filter((feature) => !doomed.has(feature));
  for (const feature of targets) {
    recordEvent(ctx, {
      type: 'feature-deleted',
      project: projectId,
      featureName: feature.name,
      preData: {
        name: feature.name,
        type: feature.type,
        stale: feature.stale,
        project: feature.project,
        archived: feature.archived,
        createdAt: feature.createdAt,
        ...(feature.archivedAt ? { archivedAt: feature.archivedAt } : {}),
        lastSeenAt: null,
        description: feature.description,
        impressionData: feature.impressionData,
      },
    });
  }
  ctx.changed();
}

/** GET /archive/features: every archived flag of every project, the newest archive first. */
export function listArchivedFeatures(ctx: DemoContext): ArchivedFeature[] {
  return ctx.state.features
    .filter((feature) => feature.archived)
    .map(({ name, project, type, description, stale, impressionData, createdAt, archivedAt }) => ({
      name,
      project,
      type,
      description,
      stale,
      impressionData,
      createdAt,
      archivedAt,
    }))
    .sort((a, b) => (b.archivedAt ?? '').localeCompare(a.archivedAt ?? '') || a.name.localeCompare(b.name));
}

/** This area's AdminBackend operations; demo/operations.ts spreads them (a new one is listed here only). */
export const operations = {
  reviveFeatures,
  deleteArchivedFeatures,
  listArchivedFeatures,
} satisfies AreaOperations;
