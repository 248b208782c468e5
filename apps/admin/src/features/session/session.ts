import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSession } from '@episodic/contract';
import { mayCall } from '@episodic/contract/constants';
import { api, SESSION_PATH } from '../../shared/api';

export type { AdminSession };

/**
 * The signed-in operator (`GET /api/admin/session`). The console's session is its own HttpOnly
 * cookie: signing in or out here never touches the viewer app's session in the same browser.
 */
export const sessionQuery = queryOptions({
  queryKey: ['admin', 'session'] as const,
  queryFn: ({ signal }) => api.get(SESSION_PATH, { signal }),
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
    mutationFn: (credentials: Credentials) => api.post(SESSION_PATH, { body: credentials }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionQuery.queryKey, session);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.del(SESSION_PATH),
    // Everything cached belonged to the old session; a refused sign-out (already ended) ends here too.
    onSettled: () => queryClient.resetQueries(),
  });
}

/**
 * Whether the signed-in operator's role may call `route` ("METHOD /api/admin/…", as the server's
 * table names it): the console hides actions the server would refuse.
 */
export function useMayCall(route: string): boolean {
  const session = useSession();
  return session.data ? mayCall(session.data.role, route) : false;
}
