import type { SeriesDetail } from '@episodic/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { isApiError } from '../../shared/api/client';
import { useStableHandler } from '../../shared/ui/use-stable-handler';
import { toast } from '../../shared/ui/toast-store';
import { rememberInList, rememberedInList } from '../../shared/api/library-keys';
import { refreshFavorites } from './library-sync';
import { addToList, playerKey, removeFromList } from './player-api';

/**
 * "Add to my list" on the player: changes at once, goes back if the server refuses (`toggle` keeps its identity).
 * `onAdded` hears of a series the server added (the page reports it to tracking).
 */
export function useFavoriteToggle(
  series: Pick<SeriesDetail, 'id' | 'favorite' | 'title'>,
  onAdded?: (series: Pick<SeriesDetail, 'id' | 'title'>) => void,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // A feed item swiped back to carries the list flag of when its page loaded: the last change here wins.
  const [inList, setInList] = useState(() => rememberedInList(queryClient, series.id) ?? series.favorite);
  const busy = useRef(false);

  const toggle = useStableHandler(() => {
    if (busy.current) return;
    busy.current = true;
    const wanted = !inList;
    setInList(wanted);
    (wanted ? addToList(series.id) : removeFromList(series.id))
      .then(
        () => {
          toast(t(wanted ? 'player.addedToList' : 'player.removedFromList'), 'success');
          if (wanted) onAdded?.(series);
          rememberInList(queryClient, series.id, wanted);
          queryClient.setQueriesData<SeriesDetail>({ queryKey: [...playerKey, 'series', series.id] }, (data) =>
            data ? { ...data, favorite: wanted } : data,
          );
          refreshFavorites(queryClient);
        },
        (error: unknown) => {
          setInList(!wanted);
          // Transport failures and user-facing errors were already toasted by the API client.
          if (isApiError(error) && error.kind === 'envelope' && error.code !== 500)
            toast(t('player.listFailed'), 'error');
        },
      )
      .finally(() => {
        busy.current = false;
      });
  });

  return { inList, toggle };
}
