import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/client';

/** Envelope answers are decisions and HTTP 4xx will not change on retry; transport failures get one more try. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!isApiError(error)) return false;
  if (error.kind === 'envelope') return false;
  return !(error.kind === 'http' && error.status >= 400 && error.status < 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // A phone switching apps would otherwise refetch (and toast failures) on every return.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
