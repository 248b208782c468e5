import { useCallback } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiQuery } from '@episodic/api-client';
import type { AdminPlanInput, AdminRefundInput } from '@episodic/contract';
import type { OrderSort, SortDirection } from '@episodic/contract/constants';
import { api, given } from '../../shared/api';
import { useAdminMutation } from '../../shared/mutation';

export const plansQuery = queryOptions({
  queryKey: ['admin', 'plans'] as const,
  queryFn: ({ signal }) => api.get('/api/admin/plans', { signal }),
});

export interface OrderFilter {
  page: number;
  q: string;
  status: '' | NonNullable<ApiQuery<'/api/admin/orders', 'get'>['status']>;
  planId: string;
  from: string;
  to: string;
  sort: '' | OrderSort;
  dir: '' | SortDirection;
}

export const ordersQuery = (f: OrderFilter) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'list', f] as const,
    queryFn: ({ signal }) => {
      const query = {
        page: f.page,
        pageSize: 25,
        q: given(f.q),
        status: f.status || undefined,
        planId: given(f.planId),
        from: given(f.from),
        to: given(f.to),
        sort: f.sort || undefined,
        dir: f.dir || undefined,
      };
      return api.get('/api/admin/orders', { query, signal });
    },
    placeholderData: keepPreviousData,
  });

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'orders', id] as const,
    queryFn: ({ signal }) => api.get('/api/admin/orders/{id}', { path: { id }, signal }),
  });

/** What refunding `amount` (minor units; all that is left without it) would give back and take back. */
export const refundPreviewQuery = (id: string, amount: number | undefined) =>
  queryOptions({
    queryKey: ['admin', 'orders', id, 'refund-preview', amount ?? null] as const,
    queryFn: ({ signal }) =>
      api.get('/api/admin/orders/{id}/refund-preview', { path: { id }, query: { amount }, signal }),
    placeholderData: keepPreviousData,
  });

export const usePlans = () => useQuery(plansQuery);
/** The refund preview of an amount; `enabled: false` asks nothing (an amount the server would refuse). */
export const useRefundPreview = (id: string, amount: number | undefined, enabled = true) =>
  useQuery({ ...refundPreviewQuery(id, amount), enabled });
export const useOrders = (f: OrderFilter) => useQuery(ordersQuery(f));
export const useOrder = (id: string) => useQuery(orderQuery(id));

/**
 * Reads an order and its refund previews again: what is left to refund may have changed in another
 * tab or by another operator since the page read it.
 */
export function useRefreshOrder(id: string): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: orderQuery(id).queryKey }), [client, id]);
}

const COMMERCE = ['plans', 'orders', 'users', 'dashboard'];

export function useCommerceMutations() {
  return {
    createPlan: useAdminMutation((input: AdminPlanInput) => api.post('/api/admin/plans', { body: input }), COMMERCE),
    updatePlan: useAdminMutation(
      ({ id, input }: { id: string; input: AdminPlanInput }) =>
        api.patch('/api/admin/plans/{id}', { path: { id }, body: input }),
      COMMERCE,
    ),
    refund: useAdminMutation(
      ({ id, ...body }: AdminRefundInput & { id: string }) =>
        api.post('/api/admin/orders/{id}/refund', { path: { id }, body }),
      COMMERCE,
    ),
  };
}
