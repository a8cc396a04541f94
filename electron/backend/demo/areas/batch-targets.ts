import { invalidOperation } from '../../errors';
import { findFeature } from '../model/lookups';
import type { DemoState, FeatureRecord } from '../model/state';

/**
 * The flags a batch call (archive, revive, delete) names that exist, in request order (Unleash maps the names it
 * was sent to events). Every one must be in the URL's project (validateFeaturesContext), otherwise 403 naming the
 * other projects; unknown names are ignored.
 */
export function existingInProject(state: DemoState, projectId: string, names: Iterable<string>): FeatureRecord[] {
  const targets = [...new Set(names)].flatMap((name) => {
    const feature = findFeature(state, name);
    return feature ? [feature] : [];
  });
  const foreign = [...new Set(targets.filter((feature) => feature.project !== projectId).map((f) => f.project))];
  if (foreign.length > 0) {
    throw invalidOperation(
      `The operation could not be completed. The features exist, but the provided project ids ("${foreign.join(',')}") does not match the project provided in request URL ("${projectId}").`,
    );
  }
  return targets;
}
