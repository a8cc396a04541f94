import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProtectionLevel } from '../../../shared/domain/protection';
import { useEffect } from 'react';
import { cannotDo, limitationOf } from '../../../shared/domain/capabilities';
import { ApiError } from '../../../shared/errors';
import type { CapabilityOperation, ConnectionReport, ConnectionStatus, SaveProfileInput, TestConnectionInput } from '../../../shared/schemas';
import { connectionKeys, useConnectionStatus } from '../../lib/active-profile';
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

/**
 * Whether a just-activated remote server answers: main's connection test, which tells refused, unresolvable, TLS and
 * timeout apart in one sentence and knows a refused server in milliseconds (the screens' own queries retry for
 * seconds first). Run after an activation and on Retry only, never on its own (`enabled: false`).
 */
export const reachabilityKey = (id: string) => ['connections', 'reachability', id] as const;
const reachabilityQuery = (id: string) =>
  queryOptions({ queryKey: reachabilityKey(id), queryFn: () => call('connections.test', { id }), retry: false, enabled: false });

/**
 * Keeps a profile's reachability in step with what the screens meet after activation: a read that cannot reach the
 * server marks it unreachable (the header and the profile's Retry show it at once, over an older cached version),
 * and a later server answer clears that. Event-log reads do not clear it: a local copy answers them offline.
 */
export function useReachabilityWatch(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        const [scope, id, area] = event.query.queryKey;
        if (scope !== 'instance' || typeof id !== 'string' || id === 'demo') return;
        const { action } = event;
        if (action.type === 'error' && action.error instanceof ApiError && action.error.status === 0 && action.error.name === 'NetworkError') {
          client.setQueryData<ConnectionReport>(reachabilityKey(id), { ok: false, reachable: false, message: action.error.message });
        } else if (action.type === 'success' && area !== 'events' && client.getQueryData<ConnectionReport>(reachabilityKey(id))?.reachable === false) {
          client.setQueryData<ConnectionReport>(reachabilityKey(id), { ok: true, reachable: true, message: 'The server answers again.' });
        }
      }),
    [client],
  );
}

/** The last reachability check of a profile (undefined until one ran), and `check()` to run it again. */
export function useReachability(id: string) {
  const client = useQueryClient();
  const query = useQuery(reachabilityQuery(id));
  const check = async () => {
    const result = await query.refetch();
    // Back online: let every screen read it again rather than keep its error.
    if (result.data?.reachable) void client.invalidateQueries({ queryKey: instanceKey(id) });
  };
  return { report: query.data, checking: query.isFetching, error: query.error, check };
}

export function useActivateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('connections.activate', { id }),
    onMutate: (id) => client.removeQueries({ queryKey: reachabilityKey(id) }),
    onSuccess: (status, id) => {
      storeStatus(client, status);
      // The backend behind this profile was rebuilt: whatever was cached for it may be stale.
      void client.invalidateQueries({ queryKey: instanceKey(status.activeProfileId) });
      // A remote server may be down: find out now rather than after the screens' retries.
      if (status.profiles.find((p) => p.id === id)?.kind === 'remote') void client.prefetchQuery(reachabilityQuery(id));
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

/**
 * For a screen whose job the active server may not do: the sentence to show instead of its controls ("This server
 * (Unleash 5.12.8) cannot ..."), or undefined when it can, or while that is not known yet (the demo can do everything).
 */
export function useCannotDo(operation: CapabilityOperation): string | undefined {
  return cannotDo(useConnectionStatus().data?.capabilities, operation);
}

/** The note a screen shows when the app does part of the server's work (e.g. filters events itself), else undefined. */
export function useServerLimitation(operation: CapabilityOperation): string | undefined {
  return limitationOf(useConnectionStatus().data?.capabilities, operation);
}

export function useSetProtection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; protection: ProtectionLevel }) => call('connections.setProtection', input),
    onSuccess: (status) => storeStatus(client, status),
    meta: { readOnly: true },
  });
}
