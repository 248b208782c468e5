import type { QueryClient } from '@tanstack/react-query';

/**
 * The query keys of the viewer's library: every cached list of it starts with one of these. The library
 * feature owns the queries; the player marks them stale after a change.
 */
export const favoritesKey = ['library', 'favorites'] as const;
export const historyKey = ['library', 'history'] as const;

const inListKey = (seriesId: number) => ['library', 'in-list', seriesId] as const;

/**
 * Whether a series is in the viewer's list, as last changed on this device. Screens holding an older copy
 * of a series (a For You page loaded before the change, swiped back to) read it before their copy's flag.
 * Kept for the visit (no query reads it, so the default would drop it after five minutes); a new session
 * resets it with the rest of the cache.
 */
export function rememberInList(queryClient: QueryClient, seriesId: number, inList: boolean): void {
  queryClient.setQueryDefaults(['library', 'in-list'], { gcTime: Infinity });
  queryClient.setQueryData(inListKey(seriesId), inList);
}

/** What `rememberInList` last said of a series, or undefined. */
export function rememberedInList(queryClient: QueryClient, seriesId: number): boolean | undefined {
  return queryClient.getQueryData<boolean>(inListKey(seriesId));
}
