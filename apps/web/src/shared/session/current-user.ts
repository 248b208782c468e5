import type { User } from '@episodic/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { StorageKey, writeStored } from '../storage';

export const currentUserKey = ['user', 'current'] as const;

/** Fetches the current user (the server creates a guest for a new visitor) and remembers its id as `userid`. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User> {
  const user = await api.get('/api/user', { signal });
  writeStored(StorageKey.userId, user.id);
  return user;
}

export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  staleTime: 5 * 60_000,
});

/** Loads the user into the query cache at start; failures stay in the cache for screens to show. */
export function prefetchCurrentUser(queryClient: QueryClient): Promise<void> {
  return queryClient.query(currentUserQuery).then(
    () => undefined,
    () => undefined,
  );
}
