import { queryOptions, useMutation } from '@tanstack/react-query';
import { clientStateFromAdmin, type PlaygroundRequest } from '../../../shared/evaluation';
import { call } from '../../lib/bridge-client';
import { instanceKey } from '../../lib/instance-query';

/** Playground's keys, under ['instance', profileId, 'playground']. */
export const playgroundKeys = {
  all: (profileId: string) => [...instanceKey(profileId), 'playground'] as const,
  // Under the instance's 'features' keys, so every flag or segment write (which invalidates those) refreshes it.
  definitions: (profileId: string, projectId: string, environment: string) =>
    [...instanceKey(profileId), 'features', projectId, { playgroundEnvironment: environment }] as const,
};

/**
 * A project's flags as the client API would give them in one environment, built from the admin API's flag details and
 * segments (an admin token is all a remote profile holds), for the local evaluator.
 */
export const playgroundQueries = {
  definitions: (profileId: string, projectId: string, environment: string) =>
    queryOptions({
      queryKey: playgroundKeys.definitions(profileId, projectId, environment),
      queryFn: async () => {
        const [summaries, segments] = await Promise.all([call('instance.features', { projectId }), call('segments.list', {})]);
        const details = await Promise.all(summaries.map((f) => call('instance.feature', { projectId, featureName: f.name })));
        return clientStateFromAdmin(details, segments, environment);
      },
      enabled: projectId !== '' && environment !== '',
    }),
};

/** The server's own playground, for comparison. It writes nothing, so no event-log refresh. */
export function useServerPlayground() {
  return useMutation({
    mutationFn: (request: PlaygroundRequest) => call('playground.evaluate', request),
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
