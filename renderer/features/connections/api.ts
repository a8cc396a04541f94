import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ConnectionStatus, SaveProfileInput, TestConnectionInput } from '../../../shared/schemas';
import { connectionKeys } from '../../lib/active-profile';
import { call } from '../../lib/bridge-client';
import { instanceKey } from '../../lib/instance-query';

export { connectionKeys, connectionStatusQuery, useActiveProfile, useActiveProfileId, useConnectionStatus } from '../../lib/active-profile';

// Every connections mutation answers the new status: store it rather than refetch.
function storeStatus(client: QueryClient, status: ConnectionStatus): void {
  client.setQueryData(connectionKeys.status, status);
}

export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveProfileInput) => call('connections.save', input),
    // Editing a profile may point it at another server: drop what we read from the old one.
    onSuccess: (status, input) => {
      storeStatus(client, status);
      if (input.id) void client.invalidateQueries({ queryKey: instanceKey(input.id) });
    },
  });
}

export function useRemoveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('connections.remove', { id }),
    onSuccess: (status, id) => {
      storeStatus(client, status);
      client.removeQueries({ queryKey: instanceKey(id) });
    },
  });
}

export function useActivateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('connections.activate', { id }),
    onSuccess: (status) => {
      storeStatus(client, status);
      // The backend behind this profile was rebuilt: whatever was cached for it may be stale.
      void client.invalidateQueries({ queryKey: instanceKey(status.activeProfileId) });
    },
  });
}

/** Puts the demo back to its seeded state; everything read from it is stale afterwards. */
export function useResetDemo() {
  return useMutation({
    mutationFn: () => call('demo.reset', {}),
    meta: { invalidates: [instanceKey('demo')] },
  });
}

/** Main opens a file dialog for the CA certificate (the page never names a path). */
export function useCaFile() {
  const client = useQueryClient();
  const choose = useMutation({
    mutationFn: (id: string) => call('connections.chooseCaFile', { id }),
    onSuccess: (status) => storeStatus(client, status),
  });
  const clear = useMutation({
    mutationFn: (id: string) => call('connections.clearCaFile', { id }),
    onSuccess: (status) => storeStatus(client, status),
  });
  return { choose, clear };
}

export function useTestConnection() {
  return useMutation({ mutationFn: (input: TestConnectionInput) => call('connections.test', input), meta: { readOnly: true } });
}

/** Keep the cached status in step with changes main pushes (another window, a token dropped, ...). */
export function useConnectionPushes(): void {
  const client = useQueryClient();
  useEffect(() => {
    const bridge = typeof window === 'undefined' ? undefined : window.flagdesk;
    if (!bridge) return undefined;
    return bridge.on('connections.changed', (status) => storeStatus(client, status));
  }, [client]);
}
