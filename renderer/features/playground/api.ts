import { queryOptions, useMutation } from '@tanstack/react-query';
import { clientStateFromAdmin, type ClientState, type PlaygroundContext } from '../../../shared/evaluation';
import { call } from '../../lib/bridge-client';
import { instanceKey } from '../../lib/instance-query';

/** Playground's keys, under ['instance', profileId, 'playground']. */
export const playgroundKeys = {
  all: (profileId: string) => [...instanceKey(profileId), 'playground'] as const,
  // Under the instance's 'features' keys, so every flag or segment write (which invalidates those) refreshes it.
  definitions: (profileId: string, projectId: string) => [...instanceKey(profileId), 'features', projectId, 'playground'] as const,
};

/**
 * A project's flag details and the segments, read once whatever the environments; `stateIn` then builds, per
 * environment, what the client API would give (an admin token is all a remote profile holds) for the local evaluator.
 */
export const playgroundQueries = {
  definitions: (profileId: string, projectId: string) =>
    queryOptions({
      queryKey: playgroundKeys.definitions(profileId, projectId),
      queryFn: async () => {
        const [summaries, segments] = await Promise.all([call('instance.features', { projectId }), call('segments.list', {})]);
        const details = await Promise.all(summaries.map((f) => call('instance.feature', { projectId, featureName: f.name })));
        return { details, segments };
      },
      enabled: projectId !== '',
    }),
};

export type ProjectDefinitions = Awaited<ReturnType<NonNullable<ReturnType<typeof playgroundQueries.definitions>['queryFn']>>>;

/** The chosen projects' flags in one environment, as one client state (segments are instance-wide). */
export function stateIn(projects: readonly ProjectDefinitions[], environment: string): ClientState {
  const details = projects.flatMap((p) => p.details);
  return clientStateFromAdmin(details, projects[0]?.segments ?? [], environment);
}

/**
 * The server's own playground, for comparison: one request per environment with every chosen project (the
 * playground endpoint every supported version has takes one environment). It writes nothing, so no event-log refresh.
 */
export function useServerPlayground() {
  return useMutation({
    mutationFn: async ({ environments, projects, context }: { environments: readonly string[]; projects: string[]; context: PlaygroundContext }) => {
      const answers = await Promise.all(environments.map((environment) => call('playground.evaluate', { environment, projects, context })));
      return new Map(environments.map((environment, i) => [environment, answers[i]!] as const));
    },
    meta: { readOnly: true },
  });
}

/** A CSV of contexts picked through main's file dialog (the page never names a path); null when cancelled. */
export function useOpenContextsFile() {
  return useMutation({
    mutationFn: () => call('playground.openContextsFile', {}),
    meta: { readOnly: true },
  });
}
