import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './bridge-client';

/** The connection status (profiles, the active one) is app-wide, not per instance: every instance query needs it. */
export const connectionKeys = {
  status: ['connections'] as const,
};

export const connectionStatusQuery = () =>
  queryOptions({ queryKey: connectionKeys.status, queryFn: () => call('connections.status', {}) });

export function useConnectionStatus() {
  return useQuery(connectionStatusQuery());
}

/** The id of the active profile once known; instance queries wait for it. */
export function useActiveProfileId(): string | undefined {
  return useConnectionStatus().data?.activeProfileId;
}

/** The active profile itself (name, kind, protection level). */
export function useActiveProfile() {
  const status = useConnectionStatus().data;
  return status?.profiles.find((profile) => profile.id === status.activeProfileId);
}
