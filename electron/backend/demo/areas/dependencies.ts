import type { AddDependency } from '../../../../shared/schemas';
import { invalidOperation } from '../../errors';
import { recordEvent, type DemoContext } from '../model/context';
import { findFeature, requireActiveFeature } from '../model/lookups';

/**
 * Parent/child dependencies (docs/server-behaviour.md#dependencies): one parent per child, no chains, same project. Rules are checked in the
 * order of Unleash's dependent-features-service; each breaks with 403 InvalidOperationError.
 */
export function addDependency(ctx: DemoContext, projectId: string, childName: string, input: AddDependency): void {
  const parentName = input.feature;
  if (parentName === childName) throw invalidOperation('A feature flag cannot depend on itself.');
  const parent = findFeature(ctx.state, parentName);
  const hasChildren = ctx.state.features.some((feature) => !feature.archived && feature.dependency?.feature === childName);
  if (hasChildren) {
    throw invalidOperation(
      'Transitive dependency detected. Cannot add a dependency to the feature that other features depend on.',
    );
  }
  if (parent?.dependency) {
    throw invalidOperation('Transitive dependency detected. Cannot add a dependency to the feature that has parent dependency.');
  }
  if (!parent || parent.archived) throw invalidOperation(`No active feature ${parentName} exists`);
  // the rules above only name the child; real meets an unknown child at the insert (a 500 with SQL), the demo names it
  const child = requireActiveFeature(ctx.state, projectId, childName);
  if (parent.project !== child.project) throw invalidOperation('Parent and child features should be in the same project');
  const enabled = input.enabled ?? true;
  // the upsert replaces any earlier parent of this child; variants only count when enabled
  child.dependency = { feature: parentName, enabled, variants: [] };
  recordEvent(ctx, {
    type: 'feature-dependency-added',
    project: projectId,
    featureName: childName,
    data: { feature: parentName, enabled },
  });
  ctx.changed();
}
