import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiData, ApiQuery } from '@episodic/api-client';
import type { AdminGrantInput, AdminRoleInput } from '@episodic/contract';
import { api, given } from '../../shared/api';
import { useAdminMutation } from '../../shared/mutation';

export interface UserFilter {
  page: number;
  q: string;
  filter: '' | NonNullable<ApiQuery<'/api/admin/users', 'get'>['filter']>;
  sort: '' | NonNullable<ApiQuery<'/api/admin/users', 'get'>['sort']>;
  dir: '' | 'asc' | 'desc';
}

export const usersQuery = (f: UserFilter) =>
  queryOptions({
    queryKey: ['admin', 'users', 'list', f] as const,
    queryFn: ({ signal }) =>
      api.get('/api/admin/users', {
        query: {
          page: f.page,
          pageSize: 25,
          filter: f.filter || 'registered',
          q: given(f.q),
          sort: f.sort || undefined,
          dir: f.dir || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'users', id] as const,
    queryFn: ({ signal }) => api.get('/api/admin/users/{id}', { path: { id }, signal }),
  });

export const useUsers = (f: UserFilter) => useQuery(usersQuery(f));
export const useUser = (id: string) => useQuery(userQuery(id));

export function useUserMutations(id: string) {
  const client = useQueryClient();
  const areas = ['users', 'orders', 'dashboard'];
  const keep = (user: ApiData<'/api/admin/users/{id}', 'get'>) => {
    client.setQueryData(userQuery(id).queryKey, user);
  };
  return {
    grant: useAdminMutation(
      (input: AdminGrantInput) => api.post('/api/admin/users/{id}/grants', { path: { id }, body: input }),
      areas,
      keep,
    ),
    disable: useAdminMutation(
      (reason: string) => api.post('/api/admin/users/{id}/disable', { path: { id }, body: { reason } }),
      areas,
      keep,
    ),
    enable: useAdminMutation(
      (reason: string) => api.post('/api/admin/users/{id}/enable', { path: { id }, body: { reason } }),
      areas,
      keep,
    ),
    revokeUnlock: useAdminMutation(
      ({ episodeId, reason }: { episodeId: number; reason: string }) =>
        api.post('/api/admin/users/{id}/unlocks/{episodeId}/revoke', { path: { id, episodeId }, body: { reason } }),
      areas,
      keep,
    ),
    stopRenewal: useAdminMutation(
      (reason: string) => api.post('/api/admin/users/{id}/membership/stop-renewal', { path: { id }, body: { reason } }),
      areas,
      keep,
    ),
    setRole: useAdminMutation(
      (input: AdminRoleInput) => api.post('/api/admin/users/{id}/role', { path: { id }, body: input }),
      areas,
      keep,
    ),
  };
}
