import type { QueryClient } from '@tanstack/react-query';
import { favoritesKey, historyKey } from '../../shared/api/library-keys';

/** Marks the cached watch history stale (the next screen showing it reloads it). */
export function markHistoryStale(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: historyKey, refetchType: 'none' });
}

/** Reloads the cached list of the viewer's series. */
export function refreshFavorites(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: favoritesKey });
}
