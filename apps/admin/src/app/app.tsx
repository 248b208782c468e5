import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '../shared/toaster';
import { ReauthPrompt } from '../features/session';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

export function App({ queryClient, router }: { queryClient: QueryClient; router: DataRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ReauthPrompt />
      <Toaster />
    </QueryClientProvider>
  );
}
