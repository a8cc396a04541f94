import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ConnectionStatus, SaveProfileInput, TestConnectionInput } from '../../shared/schemas';
import { call } from './client';
import { queryKeys } from './query-keys';

export function useConnectionStatus() {
  return useQuery({ queryKey: queryKeys.connections, queryFn: () => call('connections.status', {}) });
}

/** The id of the active profile once known; instance queries wait for it. */
export function useActiveProfileId(): string | undefined {
  return useConnectionStatus().data?.activeProfileId;
}

// Every connections mutation answers the new status: store it rather than refetch.
function storeStatus(client: QueryClient, status: ConnectionStatus): void {
  client.setQueryData(queryKeys.connections, status);
}

export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveProfileInput) => call('connections.save', input),
    onSuccess: (status, input) => {
      storeStatus(client, status);
      // Editing the active profile may point it at another server: drop what we read from the old one.
      if (input.id) void client.invalidateQueries({ queryKey: queryKeys.instance(input.id) });
    },
  });
}

export function useRemoveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('connections.remove', { id }),
    onSuccess: (status, id) => {
      storeStatus(client, status);
      client.removeQueries({ queryKey: queryKeys.instance(id) });
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
      void client.invalidateQueries({ queryKey: queryKeys.instance(status.activeProfileId) });
    },
  });
}

/** Puts the demo back to its seeded state; everything read from it is stale afterwards. */
export function useResetDemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('demo.reset', {}),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.instance('demo') }),
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
  return useMutation({ mutationFn: (input: TestConnectionInput) => call('connections.test', input) });
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
