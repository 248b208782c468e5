import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrder, AdminPage, AdminPlan, AdminPlanInput } from '@episodic/contract';
import { api } from '../../shared/api';
import { useAdminMutation } from '../../shared/mutation';

export const plansQuery = queryOptions({ queryKey: ['admin', 'plans'] as const, queryFn: ({ signal }) => api.get<AdminPlan[]>('/api/admin/plans', signal) });

export interface OrderFilter {
  page: number;
  q: string;
  status: string;
  planId: string;
  from: string;
  to: string;
}

export const ordersQuery = (f: OrderFilter) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'list', f] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(f.page), pageSize: '25' });
      for (const key of ['q', 'status', 'planId', 'from', 'to'] as const) if (f[key].trim()) params.set(key, f[key].trim());
      return api.get<AdminPage<AdminOrder>>(`/api/admin/orders?${params.toString()}`, signal);
    },
    placeholderData: keepPreviousData,
  });

export const orderQuery = (id: string) => queryOptions({ queryKey: ['admin', 'orders', id] as const, queryFn: ({ signal }) => api.get<AdminOrder>(`/api/admin/orders/${id}`, signal) });

export const usePlans = () => useQuery(plansQuery);
export const useOrders = (f: OrderFilter) => useQuery(ordersQuery(f));
export const useOrder = (id: string) => useQuery(orderQuery(id));

const COMMERCE = ['plans', 'orders', 'users', 'dashboard'];

export function useCommerceMutations() {
  return {
    createPlan: useAdminMutation((input: AdminPlanInput) => api.post<AdminPlan>('/api/admin/plans', input), COMMERCE),
    updatePlan: useAdminMutation(({ id, input }: { id: string; input: AdminPlanInput }) => api.patch<AdminPlan>(`/api/admin/plans/${id}`, input), COMMERCE),
    refund: useAdminMutation(({ id, reason }: { id: string; reason: string }) => api.post<AdminOrder>(`/api/admin/orders/${id}/refund`, { reason }), COMMERCE),
  };
}
