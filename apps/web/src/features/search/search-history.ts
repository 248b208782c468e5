import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useCurrentUser } from '../../shared/session/use-current-user';
import { api } from '../../shared/api/client';
import {
  localSearchHistory,
  normalizeQuery,
  withSearch,
  withoutSearch,
  type SearchHistoryEntry,
} from './local-search-history';

type Change = { kind: 'add' | 'remove'; query: string } | { kind: 'clear' };

export interface SearchHistory {
  /** Newest first. */
  entries: readonly SearchHistoryEntry[];
  status: 'pending' | 'error' | 'ready';
  retry: () => void;
  /** Remembers a search (moving a repeated one to the top). */
  add: (query: string) => void;
  remove: (query: string) => void;
  clear: () => void;
}

const serverKey = (userId: string) => ['search-history', userId] as const;

function applyChange(entries: readonly SearchHistoryEntry[], change: Change): SearchHistoryEntry[] {
  if (change.kind === 'clear') return [];
  return change.kind === 'add' ? withSearch(entries, change.query) : withoutSearch(entries, change.query);
}

/**
 * Recent searches: kept by the server for a signed-in account (`/api/search/history`), in this browser
 * for a guest (the server keeps none for guests). Changes show at once; a failed server change is undone.
 */
export function useSearchHistory(): SearchHistory {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const account = user.data && !user.data.isGuest ? user.data.id : null;
  const local = useSyncExternalStore(
    localSearchHistory.subscribe,
    localSearchHistory.snapshot,
    localSearchHistory.snapshot,
  );

  const server = useQuery({
    queryKey: serverKey(account ?? ''),
    queryFn: async ({ signal }) => (await api.get('/api/search/history', { signal })) ?? [],
    enabled: account !== null,
    staleTime: 60_000,
  });

  const change = useMutation({
    mutationFn: (next: Change) => {
      if (next.kind === 'add') return api.post('/api/search/history', { body: { query: next.query } });
      return api.del('/api/search/history', next.kind === 'remove' ? { query: { query: next.query } } : undefined);
    },
    onMutate: async (next) => {
      const key = serverKey(account ?? '');
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SearchHistoryEntry[]>(key);
      queryClient.setQueryData<SearchHistoryEntry[]>(key, (entries) => applyChange(entries ?? [], next));
      return { previous };
    },
    onError: (_error, _next, context) => {
      queryClient.setQueryData(serverKey(account ?? ''), context?.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: serverKey(account ?? '') }),
  });

  const apply = (next: Change) => {
    if (account) change.mutate(next);
    else if (next.kind === 'add') localSearchHistory.add(next.query);
    else if (next.kind === 'remove') localSearchHistory.remove(next.query);
    else localSearchHistory.clear();
  };

  const status =
    user.isPending || (account !== null && server.isPending)
      ? 'pending'
      : account !== null && server.isError
        ? 'error'
        : 'ready';
  return {
    entries: account ? (server.data ?? []) : local,
    status,
    retry: () => {
      void (account ? server.refetch() : user.refetch());
    },
    add: (query) => {
      const normalized = normalizeQuery(query);
      if (normalized) apply({ kind: 'add', query: normalized });
    },
    remove: (query) => {
      apply({ kind: 'remove', query });
    },
    clear: () => {
      apply({ kind: 'clear' });
    },
  };
}
