import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, clearStoredToken } from '../../shared/api';

/** The signed-in operator (`GET /api/admin/session`). */
export interface AdminSession {
  id: string;
  email: string;
  role: string;
}

export const sessionQuery = queryOptions({
  queryKey: ['admin', 'session'] as const,
  queryFn: ({ signal }) => api.get<AdminSession>('/api/admin/session', signal),
  // 401 and 403 are answers, not failures: asking again changes nothing.
  retry: false,
  staleTime: 60_000,
  refetchOnWindowFocus: true,
});

export function useSession() {
  return useQuery(sessionQuery);
}

export interface Credentials {
  email: string;
  password: string;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => api.post<unknown>('/api/user/login', credentials),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.post<unknown>('/api/user/logout');
      clearStoredToken();
    },
    // Everything cached belonged to the old session.
    onSuccess: () => queryClient.resetQueries(),
  });
}
