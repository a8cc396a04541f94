import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Shell } from './shell';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}
