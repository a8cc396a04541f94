import { ApiError } from '../../../../shared/errors';
import type { OperationInput } from '../../admin-backend';
import { notFound } from '../../errors';
import { recordEvent, type DemoContext } from '../model/context';
import { requireFeatureInProject } from '../model/lookups';
import { strategyView } from './features';
import type { AreaOperations } from '../model/area-operations';

/**
 * POST /projects/{p}/features/{f}/environments/{env}/on|off (200, empty). Switching on an environment without
 * strategies first adds Unleash's default strategy (flexibleRollout at 100%, feature-strategy-add); an event is
 * written only when the state changes; an archived flag is 400 ArchivedFeatureError (all asked of 6.10.1).
 */
export function setFeatureEnvironmentEnabled(
  ctx: DemoContext,
  { projectId, featureName, environment, enabled }: OperationInput<'setFeatureEnvironmentEnabled'>,
): void {
  const feature = requireFeatureInProject(ctx.state, projectId, featureName);
  if (feature.archived) throw new ApiError(400, 'ArchivedFeatureError', 'Cannot perform this operation on archived features');
  const env = feature.environments.find((candidate) => candidate.name === environment);
  if (!env) throw notFound(`Could not find environment ${environment} for feature: ${featureName}`);
  if (enabled && env.strategies.length === 0) {
    const strategy = {
      id: ctx.newId(),
      name: 'flexibleRollout',
      title: null,
      disabled: false,
      sortOrder: 0,
      constraints: [],
      parameters: { rollout: '100', stickiness: 'default', groupId: featureName },
      variants: [],
      segments: [],
    };
    env.strategies.push(strategy);
    recordEvent(ctx, { type: 'feature-strategy-add', project: projectId, featureName, environment, data: { ...strategyView(strategy) } });
  }
  if (env.enabled === enabled) {
    ctx.changed();
    return;
  }
  env.enabled = enabled;
  recordEvent(ctx, {
    type: enabled ? 'feature-environment-enabled' : 'feature-environment-disabled',
    project: projectId,
    featureName,
    environment,
  });
  ctx.changed();
}

/** This area's AdminBackend operations; demo/operations.ts spreads them (a new one is listed here only). */
export const operations = {
  setFeatureEnvironmentEnabled,
} satisfies AreaOperations;
