import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { shouldRetry } from './bridge-client';

/** What a mutation declares on `meta` (typed for every useMutation through react-query's Register). */
export interface MutationMeta extends Record<string, unknown> {
  /** Query keys (prefixes) this write makes stale; the one MutationCache below invalidates them on success. */
  invalidates?: readonly QueryKey[];
  /** Set on calls that change nothing on a server (e.g. a connection test): they leave the event log alone. */
  readOnly?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta;
  }
}

/**
 * Every write lands in the server's event log, so every successful write also makes each cached event-log query
 * stale. Event-log keys sit at ['instance', profileId, 'events', ...] (features/events/api.ts owns them).
 */
function isEventLogKey(key: QueryKey): boolean {
  return key[0] === 'instance' && key[2] === 'events';
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: async (_data, _variables, _context, mutation) => {
        const meta = mutation.meta;
        const keys = meta?.invalidates ?? [];
        const stale = keys.map((queryKey) => client.invalidateQueries({ queryKey }));
        if (!meta?.readOnly) stale.push(client.invalidateQueries({ predicate: (query) => isEventLogKey(query.queryKey) }));
        await Promise.all(stale);
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // A desktop app over IPC: refetching on every window focus would only add noise.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
