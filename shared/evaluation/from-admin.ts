import type { Feature } from '../schemas';
import type { ClientFeature, ClientSegment, ClientState, ClientVariant } from './client-state';

/**
 * The client API's payload for one environment, built from what the admin API gives (flag details and segments),
 * so a remote's flags can be evaluated with an admin token alone. Disabled strategies are left out, as the client
 * API leaves them out.
 */
export function clientStateFromAdmin(
  features: readonly Feature[],
  segments: readonly { id: number; name: string; constraints: ClientSegment['constraints'] }[],
  environment: string,
): ClientState {
  const clientFeatures: ClientFeature[] = features.map((feature) => {
    const env = feature.environments?.find((candidate) => candidate.name === environment);
    return {
      name: feature.name,
      project: feature.project,
      enabled: env?.enabled ?? false,
      strategies: (env?.strategies ?? [])
        .filter((strategy) => !strategy.disabled)
        .map((strategy) => ({
          name: strategy.name,
          title: strategy.title ?? null,
          parameters: strategy.parameters ?? {},
          constraints: strategy.constraints ?? [],
          segments: strategy.segments ?? [],
          variants: (strategy.variants as ClientVariant[] | undefined) ?? [],
        })),
      variants: ((env as { variants?: ClientVariant[] } | undefined)?.variants) ?? [],
      dependencies: (feature.dependencies ?? []).map((d) => ({ feature: d.feature, enabled: d.enabled ?? true, variants: d.variants ?? [] })),
    };
  });
  return { version: 2, features: clientFeatures, segments: segments.map(({ id, name, constraints }) => ({ id, name, constraints })) };
}
