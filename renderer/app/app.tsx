import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { RouterProvider } from 'react-router';

export function App({ queryClient, router }: { queryClient: QueryClient; router: ComponentProps<typeof RouterProvider>['router'] }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
