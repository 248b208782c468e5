import type { LikeState } from '@episodic/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../shared/api/client';
import { useTranslation } from '../../shared/i18n/use-translation';
import { toast } from '../../shared/ui/toast-store';

export const likeSeries = (seriesId: number) => api.post('/api/video/like', { body: { seriesId } });
export const unlikeSeries = (seriesId: number) => api.del('/api/video/like', { query: { seriesId } });

/**
 * A series' like for the LikeButton, from the series answer's `liked` and `likeCount`: a tap shows at
 * once, the server's answer (the same however often it is sent) then sets both; a refusal puts them back.
 */
export function useSeriesLike(series: { id: number; liked: boolean; likeCount: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState<Pick<LikeState, 'liked' | 'likeCount'>>({
    liked: series.liked,
    likeCount: series.likeCount,
  });
  const mutation = useMutation({
    mutationFn: (like: boolean) => (like ? likeSeries(series.id) : unlikeSeries(series.id)),
    onMutate: (like) => {
      const previous = state;
      setState({ liked: like, likeCount: Math.max(0, state.likeCount + (like ? 1 : -1)) });
      return { previous };
    },
    onSuccess: (answer) => {
      setState({ liked: answer.liked, likeCount: answer.likeCount });
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
