import type { ValidateArchiveFeatures } from '../../../../shared/schemas';
import type { ParsedInput } from '../../../../shared/contract';
import type { OperationInput } from '../../admin-backend';
import { invalidOperation } from '../../errors';
import { recordEvent, type DemoContext } from '../model/context';
import { findFeature } from '../model/lookups';
import type { DemoState, FeatureRecord } from '../model/state';
import type { AreaOperations } from '../model/area-operations';

/** Archive impact and the archive write (docs/server-behaviour.md#archive-validation, docs/server-behaviour.md#archiving). */

/** dependent_features rows: children that still hold a parent link (archiving a child drops its row). */
function dependencyRows(state: DemoState): { parent: string; child: string }[] {
  const rows: { parent: string; child: string }[] = [];
  for (const feature of state.features) {
    if (feature.dependency) rows.push({ parent: feature.dependency.feature, child: feature.name });
  }
  return rows;
}

/** Parents in the list that keep a child outside it (getOrphanParents), in the order they were asked about. */
function orphanParents(rows: readonly { parent: string; child: string }[], names: ReadonlySet<string>): string[] {
  const orphans = new Set<string>();
  for (const row of rows) {
    if (names.has(row.parent) && !names.has(row.child)) orphans.add(row.parent);
  }
  return [...names].filter((name) => orphans.has(name));
}

/**
 * POST /projects/{p}/archive/validate. Names are not checked for existence, archived state or project, and the
 * project itself is not checked either (docs/server-behaviour.md#archive-validation: an unknown project gives the same answer).
 */
export function validateArchive(ctx: DemoContext, { features }: ParsedInput<'archive.validate'>): ValidateArchiveFeatures {
  const names = new Set(features);
  const rows = dependencyRows(ctx.state);
  return {
    parentsWithChildFeatures: orphanParents(rows, names),
    hasDeletedDependencies: rows.some((row) => names.has(row.parent) || names.has(row.child)),
  };
}

/**
 * POST /projects/{p}/archive (202). Unknown names are ignored; an already archived flag is archived again, with a
 * fresh archivedAt and another feature-archived event (asked of 6.10.1 and 8.2.0, batch and single DELETE alike).
 */
export function archiveFeatures(ctx: DemoContext, { projectId, features }: OperationInput<'archiveFeatures'>): void {
  const names = new Set(features);
  // request order, as Unleash maps the names it was sent to events
  const targets: FeatureRecord[] = [...names].flatMap((name) => {
    const feature = findFeature(ctx.state, name);
    return feature ? [feature] : [];
  });
  const foreign = [...new Set(targets.filter((feature) => feature.project !== projectId).map((f) => f.project))];
  if (foreign.length > 0) {
    throw invalidOperation(
      `The operation could not be completed. The features exist, but the provided project ids ("${foreign.join(',')}") does not match the project provided in request URL ("${projectId}").`,
    );
  }
  if (orphanParents(dependencyRows(ctx.state), names).length > 0) {
    throw invalidOperation(
      features.length > 1
        ? 'You can not archive/delete those features since other features depend on them.'
        : 'You can not archive/delete this feature since other features depend on it.',
    );
  }
  if (targets.length === 0) return;
  const archivedAt = ctx.now();
  for (const feature of targets) {
    feature.archived = true;
    feature.archivedAt = archivedAt;
  }
  for (const feature of targets) {
    if (!feature.dependency) continue;
    feature.dependency = null;
    recordEvent(ctx, { type: 'feature-dependencies-removed', project: projectId, featureName: feature.name });
  }
  for (const feature of targets) {
    recordEvent(ctx, { type: 'feature-archived', project: projectId, featureName: feature.name });
  }
  ctx.changed();
}

/** This area's AdminBackend operations; demo/operations.ts spreads them (a new one is listed here only). */
export const operations = {
  validateArchive,
  archiveFeatures,
} satisfies AreaOperations;
