import { queryOptions, useMutation } from '@tanstack/react-query';
import type { StrategyParameterInput, UpdateStrategy } from '../../../shared/schemas';
import { call } from '../../lib/bridge-client';
import { useActiveProfileId } from '../../lib/active-profile';
import { instanceKey } from '../../lib/instance-query';
import { eventKeys } from '../events';

export const strategyTypeKeys = {
  all: (profileId: string) => [...instanceKey(profileId), 'strategyTypes'] as const,
  list: (profileId: string) => [...strategyTypeKeys.all(profileId), 'list'] as const,
  /** Where each type is used: every strategy of every active flag (changes with flags too). */
  usage: (profileId: string) => [...instanceKey(profileId), 'features', 'strategy-usage'] as const,
  history: (profileId: string, name: string) => [...eventKeys.all(profileId), 'strategy-type-history', name] as const,
};

export interface TypeVersion {
  id: number;
  type: string;
  createdAt: string;
  createdBy: string;
  /** What the event recorded (strategy-created/-updated carry the whole validated input). */
  snapshot: { description?: string | null; title?: string | null; parameters?: StrategyParameterInput[] } | null;
}

export const strategyTypeQueries = {
  list: (profileId: string) =>
    queryOptions({ queryKey: strategyTypeKeys.list(profileId), queryFn: () => call('strategyTypes.list', {}) }),
  usage: (profileId: string) =>
    queryOptions({ queryKey: strategyTypeKeys.usage(profileId), queryFn: () => call('strategyTypes.usage', {}) }),
  history: (profileId: string, name: string) =>
    queryOptions({
      queryKey: strategyTypeKeys.history(profileId, name),
      queryFn: async (): Promise<TypeVersion[]> => {
        const page = await call('events.query', {
          type: 'IS_ANY_OF:strategy-created,strategy-updated,strategy-deprecated,strategy-reactivated',
          query: name,
          limit: '100',
        });
        return page.events.flatMap((event) => {
          const data = event.data as TypeVersion['snapshot'] & { name?: unknown };
          if (data?.name !== name) return [];
          const snapshot = Array.isArray(data.parameters) ? data : null;
          return [{ id: event.id, type: event.type, createdAt: event.createdAt, createdBy: event.createdBy, snapshot }];
        });
      },
      enabled: name !== '',
    }),
};

export function useUpdateStrategyType() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: (input: { name: string; update: UpdateStrategy }) => call('strategyTypes.update', input),
    meta: { invalidates: [strategyTypeKeys.all(profileId)] },
  });
}
