import { useMutation } from '@tanstack/react-query';
import type { UpdateStrategy } from '../../../shared/schemas';
import { call } from '../../lib/bridge-client';
import { useActiveProfileId } from '../../lib/active-profile';
import { strategyTypeKeys, strategyTypeQueries } from '../instance';

// The reads live in features/instance, which the event log's restore shares; this feature's writes invalidate them.
export { strategyTypeKeys, strategyTypeQueries };

export function useUpdateStrategyType() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: (input: { name: string; update: UpdateStrategy }) => call('strategyTypes.update', input),
    meta: { invalidates: [strategyTypeKeys.all(profileId)] },
  });
}
