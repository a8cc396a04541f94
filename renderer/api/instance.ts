import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { useActiveProfileId } from './connections';
import { queryKeys } from './query-keys';

/** The active instance's ui-config: its version (header) and limits. */
export function useUiConfig() {
  const profileId = useActiveProfileId();
  return useQuery({
    queryKey: queryKeys.uiConfig(profileId ?? ''),
    queryFn: () => call('uiConfig.get', {}),
    enabled: profileId !== undefined,
  });
}
