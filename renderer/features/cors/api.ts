import { useMutation } from '@tanstack/react-query';
import type { PreflightRequest } from '../../../shared/schemas';
import { call } from '../../lib/bridge-client';
import { useActiveProfileId } from '../../lib/active-profile';
import { instanceKey } from '../../lib/instance-query';
import { instanceKeys } from '../instance';

export const corsKeys = {
  preflight: (profileId: string) => [...instanceKey(profileId), 'cors-preflight'] as const,
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
