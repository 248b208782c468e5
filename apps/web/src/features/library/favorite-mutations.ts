import type { Page, Series } from '@episodic/contract';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation';
import { api } from '../../shared/api/client';
import { withoutItems } from '../../shared/api/paged';
import { toast } from '../../shared/ui/toast-store';
import { favoritesKey, rememberInList } from '../../shared/api/library-keys';

type FavoritesData = InfiniteData<Page<Series>>;

export const addFavorite = (seriesId: number) => api.post('/api/user/favorite', { body: { seriesId } });
export const removeFavorite = (seriesId: number) => api.del('/api/user/favorite', { query: { seriesId } });

function refreshFavorites(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: favoritesKey });
}

/** Adds a series to the viewer's list (`POST /api/user/favorite`) and refreshes the cached list. */
export function useAddFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (series: Pick<Series, 'id'>) => addFavorite(series.id),
    onSuccess: (_result, series) => {
      rememberInList(queryClient, series.id, true);
    },
    onSettled: () => refreshFavorites(queryClient),
  });
}

/**
 * Removes a series from the list at once (optimistic), puts it back if the server refuses, and offers
 * "Undo" in a toast for a few seconds.
 */
export function useRemoveFavorite() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const restore = useAddFavorite();
  return useMutation({
    mutationFn: (series: Series) => removeFavorite(series.id),
    onMutate: async (series) => {
      await queryClient.cancelQueries({ queryKey: favoritesKey });
      const snapshots = queryClient.getQueriesData<FavoritesData>({ queryKey: favoritesKey });
      queryClient.setQueriesData<FavoritesData>({ queryKey: favoritesKey }, (data) =>
        withoutItems(data, (item) => item.id === series.id),
      );
      return { snapshots };
    },
    onError: (_error, _series, context) => {
      for (const [key, data] of context?.snapshots ?? []) queryClient.setQueryData(key, data);
      toast(t('library.favorites.removeFailed'), 'error');
    },
    onSuccess: (_result, series) => {
      rememberInList(queryClient, series.id, false);
      toast(t('library.favorites.removed', { title: series.title }), 'info', {
        action: {
          label: t('library.favorites.undo'),
          onPress: () => {
            restore.mutate(series, {
              onError: () => {
                toast(t('library.favorites.restoreFailed'), 'error');
              },
            });
          },
        },
      });
    },
    onSettled: () => refreshFavorites(queryClient),
  });
}
