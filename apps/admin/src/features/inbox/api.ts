import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminInboxMessage } from '@episodic/contract';
import { api } from '../../shared/api';
import { useAdminMutation } from '../../shared/mutation';

export type InboxStatus = 'open' | 'done';

export const inboxQuery = (status: InboxStatus, page: number) =>
  queryOptions({
    queryKey: ['admin', 'inbox', 'list', status, page] as const,
    queryFn: ({ signal }) => api.get('/api/admin/inbox', { query: { status, page, pageSize: 25 }, signal }),
    placeholderData: keepPreviousData,
  });

export const inboxCountsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'inbox', 'counts'] as const,
    queryFn: ({ signal }) => api.get('/api/admin/inbox/counts', { signal }),
    // New messages arrive from viewers: the navigation's count stays roughly current.
    refetchInterval: 60_000,
  });

export const inboxMessageQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'inbox', 'message', id] as const,
    queryFn: ({ signal }) => api.get('/api/admin/inbox/{id}', { path: { id }, signal }),
  });

export const useInbox = (status: InboxStatus, page: number) => useQuery(inboxQuery(status, page));
export const useInboxCounts = () => useQuery(inboxCountsQuery());

/** Opening a message marks it read: the list and the count are refreshed once it has loaded. */
export function useInboxMessage(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: inboxMessageQuery(id).queryKey,
    queryFn: async ({ signal }) => {
      const message = await api.get('/api/admin/inbox/{id}', { path: { id }, signal });
      void client.invalidateQueries({ queryKey: ['admin', 'inbox', 'counts'] });
      void client.invalidateQueries({ queryKey: ['admin', 'inbox', 'list'] });
      return message;
    },
    // While a reply waits for the mail server, it is read again every few seconds until sent (or not).
    refetchInterval: (query) => (query.state.data?.replies.some((r) => r.sending) ? 3000 : false),
  });
}

export function useInboxMutations(id: string) {
  const client = useQueryClient();
  const keep = (message: AdminInboxMessage) => {
    client.setQueryData(inboxMessageQuery(id).queryKey, message);
  };
  return {
    reply: useAdminMutation(
      (body: string) => api.post('/api/admin/inbox/{id}/replies', { path: { id }, body: { body } }),
      ['inbox'],
      keep,
    ),
    setDone: useAdminMutation(
      (done: boolean) => api.post('/api/admin/inbox/{id}/status', { path: { id }, body: { done } }),
      ['inbox'],
      keep,
    ),
  };
}
