import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiData, ApiQuery } from '@episodic/api-client';
import type { AdminRewardsInput } from '@episodic/contract';
import { api, given } from '../../shared/api';
import { useAdminMutation } from '../../shared/mutation';

export const dashboardQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', from, to] as const,
    // No placeholder: another period's figures must never show under this period's dates.
    queryFn: ({ signal }) => api.get('/api/admin/dashboard', { query: { from, to }, signal }),
  });

export interface AuditFilter {
  page: number;
  action: string;
  actor: string;
  targetType: string;
  targetId: string;
  sort: '' | NonNullable<ApiQuery<'/api/admin/audit', 'get'>['sort']>;
  dir: '' | 'asc' | 'desc';
}

export const auditQuery = (f: AuditFilter) =>
  queryOptions({
    queryKey: ['admin', 'audit', f] as const,
    queryFn: ({ signal }) => {
      const query = {
        page: f.page,
        pageSize: 50,
        action: given(f.action),
        actor: given(f.actor),
        targetType: given(f.targetType),
        targetId: given(f.targetId),
        sort: f.sort || undefined,
        dir: f.dir || undefined,
      };
      return api.get('/api/admin/audit', { query, signal });
    },
    placeholderData: keepPreviousData,
  });

export const settingsQuery = queryOptions({
  queryKey: ['admin', 'settings'] as const,
  queryFn: ({ signal }) => api.get('/api/admin/settings', { signal }),
});

export const useDashboard = (from: string, to: string) => useQuery(dashboardQuery(from, to));
export const useAudit = (f: AuditFilter) => useQuery(auditQuery(f));
export const useSettings = () => useQuery(settingsQuery);

export function useSettingsMutations() {
  const client = useQueryClient();
  const keep = (settings: ApiData<'/api/admin/settings', 'get'>) => {
    client.setQueryData(settingsQuery.queryKey, settings);
  };
  return {
    set: useAdminMutation(
      ({ key, value }: { key: string; value: string }) =>
        api.put('/api/admin/settings/config/{key}', { path: { key }, body: { value } }),
      [],
      keep,
    ),
    remove: useAdminMutation((key: string) => api.del('/api/admin/settings/config/{key}', { path: { key } }), [], keep),
  };
}

export const rewardsQuery = queryOptions({
  queryKey: ['admin', 'rewards'] as const,
  queryFn: ({ signal }) => api.get('/api/admin/rewards', { signal }),
});

export const useRewardAmounts = () => useQuery(rewardsQuery);

/** Saves the reward amounts; the settings list (which holds them as keys) is read again too. */
export function useSaveRewardAmounts() {
  const client = useQueryClient();
  return useAdminMutation(
    (body: AdminRewardsInput) => api.put('/api/admin/rewards', { body }),
    ['settings'],
    (saved) => {
      client.setQueryData(rewardsQuery.queryKey, saved);
    },
  );
}
