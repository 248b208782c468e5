import type { QueryClient } from '@tanstack/react-query';

// The library's query keys live with its queries; importing them lazily keeps that module (and what it
// pulls in) out of the requests made before the first frame.
const library = () => import('../library/library-queries');

/** Marks the cached watch history stale (the next screen showing it reloads it). */
export function markHistoryStale(queryClient: QueryClient): void {
  void library().then(({ historyKey }) => queryClient.invalidateQueries({ queryKey: historyKey, refetchType: 'none' }));
}

/** Reloads the cached list of the viewer's series. */
export function refreshFavorites(queryClient: QueryClient): void {
  void library().then(({ favoritesKey }) => queryClient.invalidateQueries({ queryKey: favoritesKey }));
}
