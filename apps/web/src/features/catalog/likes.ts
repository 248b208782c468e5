import type { LikeState } from '@episodic/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../shared/api/client';
import { useTranslation } from '../../shared/i18n/use-translation';
import { toast } from '../../shared/ui/toast-store';

export const likeSeries = (seriesId: number) => api.post('/api/video/like', { body: { seriesId } });
export const unlikeSeries = (seriesId: number) => api.del('/api/video/like', { query: { seriesId } });

type Like = Pick<LikeState, 'liked' | 'likeCount'>;

const likeKey = (seriesId: number) => ['catalog', 'like', seriesId] as const;

/**
 * The server's last answer for a series' like on this device, for screens whose copy of the series is older
 * (a For You item swiped back to). Kept for the visit: no query reads it, which would drop it after five minutes.
 */
function rememberLike(queryClient: QueryClient, seriesId: number, like: Like): void {
  queryClient.setQueryDefaults(['catalog', 'like'], { gcTime: Infinity });
  queryClient.setQueryData(likeKey(seriesId), like);
}

/**
 * A series' like for the LikeButton, from the series answer's `liked` and `likeCount`: a tap shows at
 * once, the server's answer (the same however often it is sent) then sets both; a refusal puts them back.
 */
export function useSeriesLike(series: { id: number; liked: boolean; likeCount: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<Like>(
    () => queryClient.getQueryData<Like>(likeKey(series.id)) ?? { liked: series.liked, likeCount: series.likeCount },
  );
  const mutation = useMutation({
    mutationFn: (like: boolean) => (like ? likeSeries(series.id) : unlikeSeries(series.id)),
    onMutate: (like) => {
      const previous = state;
      setState({ liked: like, likeCount: Math.max(0, state.likeCount + (like ? 1 : -1)) });
      return { previous };
    },
    onSuccess: (answer) => {
      const like = { liked: answer.liked, likeCount: answer.likeCount };
      setState(like);
      rememberLike(queryClient, series.id, like);
    },
    onError: (_error, _like, context) => {
      if (context) setState(context.previous);
      toast(t('likes.error'), 'error');
    },
  });
  return {
    liked: state.liked,
    count: state.likeCount,
    toggle: () => {
      mutation.mutate(!state.liked);
    },
  };
}
