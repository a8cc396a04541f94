import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import { useActiveProfileId } from './connections';
import { queryKeys } from './query-keys';

export function useSegments() {
  const profileId = useActiveProfileId();
  return useQuery({
    queryKey: queryKeys.segments(profileId ?? ''),
    queryFn: () => call('segments.list', {}),
    enabled: profileId !== undefined,
  });
}
