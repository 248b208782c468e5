import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAuditEntry, AdminDashboard, AdminPage, AdminSettings } from '@episodic/contract';
import { api } from '../../shared/api';
import { useAdminMutation } from '../../shared/mutation';

export const dashboardQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', from, to] as const,
    queryFn: ({ signal }) => api.get<AdminDashboard>(`/api/admin/dashboard?from=${from}&to=${to}`, signal),
    placeholderData: keepPreviousData,
  });

export interface AuditFilter {
  page: number;
  action: string;
  actor: string;
  targetType: string;
  targetId: string;
}

export const auditQuery = (f: AuditFilter) =>
  queryOptions({
    queryKey: ['admin', 'audit', f] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(f.page), pageSize: '50' });
      for (const key of ['action', 'actor', 'targetType', 'targetId'] as const) if (f[key].trim()) params.set(key, f[key].trim());
      return api.get<AdminPage<AdminAuditEntry>>(`/api/admin/audit?${params.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
  });

export const settingsQuery = queryOptions({ queryKey: ['admin', 'settings'] as const, queryFn: ({ signal }) => api.get<AdminSettings>('/api/admin/settings', signal) });

export const useDashboard = (from: string, to: string) => useQuery(dashboardQuery(from, to));
export const useAudit = (f: AuditFilter) => useQuery(auditQuery(f));
export const useSettings = () => useQuery(settingsQuery);

export function useSettingsMutations() {
  const client = useQueryClient();
  const keep = (settings: AdminSettings) => {
    client.setQueryData(settingsQuery.queryKey, settings);
  };
  return {
    set: useAdminMutation(({ key, value }: { key: string; value: string }) => api.put<AdminSettings>(`/api/admin/settings/config/${encodeURIComponent(key)}`, { value }), [], keep),
    remove: useAdminMutation((key: string) => api.del<AdminSettings>(`/api/admin/settings/config/${encodeURIComponent(key)}`), [], keep),
  };
}
