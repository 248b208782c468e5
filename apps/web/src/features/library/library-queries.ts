import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { favoritesKey, historyKey } from '../../shared/api/library-keys';
import { pagedQuery } from '../../shared/api/paged';
import type { Language } from '../../shared/i18n/languages';
import { useLanguage } from '../../shared/i18n/use-language';
import { currentUserQuery } from '../../shared/session/current-user';

/** A multiple of three: the list is a three-column grid. */
export const FAVORITES_PAGE_SIZE = 18;
export const HISTORY_PAGE_SIZE = 20;

// The library needs a session; a first visit straight to a library page must not ask before the
// current-user call has created the guest session.
const withSession = (queryClient: QueryClient) => () => queryClient.ensureQueryData(currentUserQuery);

/** The viewer's list (`GET /api/user/favorite`); titles come in the interface language, so it is in the key. */
export function favoritesQuery(language: Language, queryClient: QueryClient) {
  return pagedQuery({
    queryKey: [...favoritesKey, language],
    path: '/api/user/favorite',
    pageSize: FAVORITES_PAGE_SIZE,
    before: withSession(queryClient),
  });
}

/** Continue watching (`GET /api/user/history`): one entry per series, most recent first. */
export function historyQuery(language: Language, queryClient: QueryClient) {
  return pagedQuery({
    queryKey: [...historyKey, language],
    path: '/api/user/history',
    pageSize: HISTORY_PAGE_SIZE,
    before: withSession(queryClient),
  });
}

export function useFavorites() {
  return useInfiniteQuery(favoritesQuery(useLanguage(), useQueryClient()));
}

export function useHistory() {
  return useInfiniteQuery(historyQuery(useLanguage(), useQueryClient()));
}
