import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminGrantInput, AdminPage, AdminUser, AdminUserSummary } from '@episodic/contract';
import { api } from '../../shared/api';
import { useAdminMutation } from '../../shared/mutation';

export interface UserFilter {
  page: number;
  q: string;
  filter: string;
}

export const usersQuery = (f: UserFilter) =>
  queryOptions({
    queryKey: ['admin', 'users', 'list', f] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(f.page), pageSize: '25', filter: f.filter || 'registered' });
      if (f.q.trim()) params.set('q', f.q.trim());
      return api.get<AdminPage<AdminUserSummary>>(`/api/admin/users?${params.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
  });

export const userQuery = (id: string) => queryOptions({ queryKey: ['admin', 'users', id] as const, queryFn: ({ signal }) => api.get<AdminUser>(`/api/admin/users/${id}`, signal) });

export const useUsers = (f: UserFilter) => useQuery(usersQuery(f));
export const useUser = (id: string) => useQuery(userQuery(id));

export function useUserMutations(id: string) {
  const client = useQueryClient();
  const areas = ['users', 'orders', 'dashboard'];
  const keep = (user: AdminUser) => {
    client.setQueryData(userQuery(id).queryKey, user);
  };
  return {
    grant: useAdminMutation((input: AdminGrantInput) => api.post<AdminUser>(`/api/admin/users/${id}/grants`, input), areas, keep),
    disable: useAdminMutation((reason: string) => api.post<AdminUser>(`/api/admin/users/${id}/disable`, { reason }), areas, keep),
    enable: useAdminMutation((reason: string) => api.post<AdminUser>(`/api/admin/users/${id}/enable`, { reason }), areas, keep),
    setRole: useAdminMutation((input: { role: 'admin' | 'viewer'; reason: string }) => api.post<AdminUser>(`/api/admin/users/${id}/role`, input), areas, keep),
  };
}
