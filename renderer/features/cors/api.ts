import { queryOptions, useMutation } from '@tanstack/react-query';
import type { PreflightRequest } from '../../../shared/schemas';
import { call } from '../../lib/bridge-client';
import { useActiveProfileId } from '../../lib/active-profile';
import { instanceKey } from '../../lib/instance-query';
import { eventKeys } from '../events';
import { instanceKeys } from '../instance';

/** The CORS setting's history: its setting-* events (data.id "unleash.frontend"), newest first. */
export const corsKeys = {
  history: (profileId: string) => [...eventKeys.all(profileId), 'cors-history'] as const,
  preflight: (profileId: string) => [...instanceKey(profileId), 'cors-preflight'] as const,
};

export interface OriginsVersion {
  id: number;
  createdAt: string;
  createdBy: string;
  origins: string[];
  previous: string[] | null;
}

function originsOf(value: unknown): string[] | null {
  if (typeof value !== 'object' || value === null) return null;
  const origins = (value as { frontendApiOrigins?: unknown }).frontendApiOrigins;
  return Array.isArray(origins) && origins.every((o) => typeof o === 'string') ? origins : null;
}

export const corsQueries = {
  history: (profileId: string) =>
    queryOptions({
      queryKey: corsKeys.history(profileId),
      queryFn: async (): Promise<OriginsVersion[]> => {
        const page = await call('events.query', { type: 'IS_ANY_OF:setting-created,setting-updated', limit: '100' });
        return page.events.flatMap((event) => {
          const data = event.data as { id?: unknown } | null | undefined;
          const origins = originsOf(event.data);
          if (data?.id !== 'unleash.frontend' || origins === null) return [];
          return [{ id: event.id, createdAt: event.createdAt, createdBy: event.createdBy, origins, previous: originsOf(event.preData) }];
        });
      },
    }),
};

export function useSaveOrigins() {
  const profileId = useActiveProfileId() ?? '';
  return useMutation({
    mutationFn: (origins: string[]) => call('uiConfig.setOrigins', { origins }),
    meta: { invalidates: [instanceKeys.uiConfig(profileId)] },
  });
}

/** Sends nothing to the server's state, so it invalidates nothing. */
export function usePreflight() {
  return useMutation({
    mutationFn: (ask: PreflightRequest) => call('uiConfig.preflight', ask),
    meta: { readOnly: true },
  });
}
