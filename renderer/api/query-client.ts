import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from './client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
