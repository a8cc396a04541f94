import { queryOptions, useMutation } from '@tanstack/react-query';
import type { UpdateStrategy } from '../../../shared/schemas';
import { call } from '../../lib/bridge-client';
import { useActiveProfileId } from '../../lib/active-profile';
import { instanceKey } from '../../lib/instance-query';

export const strategyTypeKeys = {
  all: (profileId: string) => [...instanceKey(profileId), 'strategyTypes'] as const,
  list: (profileId: string) => [...strategyTypeKeys.all(profileId), 'list'] as const,
  /** Where each type is used: every strategy of every active flag (changes with flags too). */
  usage: (profileId: string) => [...instanceKey(profileId), 'features', 'strategy-usage'] as const,
};

export const strategyTypeQueries = {
  list: (profileId: string) =>
    queryOptions({ queryKey: strategyTypeKeys.list(profileId), queryFn: () => call('strategyTypes.list', {}) }),
  usage: (profileId: string) =>
    queryOptions({ queryKey: strategyTypeKeys.usage(profileId), queryFn: () => call('strategyTypes.usage', {}) }),
};

export function useUpdateStrategyType() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: (input: { name: string; update: UpdateStrategy }) => call('strategyTypes.update', input),
    meta: { invalidates: [strategyTypeKeys.all(profileId)] },
  });
}
