import type { EpisodeListItem, UnlockResult, User } from '@episodic/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { isApiError } from '../../shared/api/client';
import { currentUserKey } from '../../shared/session/current-user';
import { playerKey, unlockEpisode, unlockSeries } from './player-api';

export type UnlockTarget = 'episode' | 'series';

export type UnlockState =
  | { status: 'idle' }
  | { status: 'pending'; target: UnlockTarget }
  | { status: 'failed'; target: UnlockTarget; code: number; message: string };

/** Envelope code of "not enough coins". */
export const NOT_ENOUGH_COINS = 402;
/** Envelope code of "the price changed since it was shown" (an episode's or the series'). */
export const PRICE_CHANGED = 409;

/**
 * Unlocking with coins: one episode, or the rest of the series at its quoted price. On success the
 * balance, the episode list and the unlocked episodes' playback information are refreshed.
 */
export function useUnlock(seriesId: number) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UnlockState>({ status: 'idle' });

  const settle = useCallback(
    async (result: UnlockResult) => {
      queryClient.setQueryData<User>(currentUserKey, (user) => (user ? { ...user, coins: result.coins } : user));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...playerKey, 'episodes', seriesId] }),
        queryClient.invalidateQueries({ queryKey: [...playerKey, 'series', seriesId] }),
        ...result.unlocked.map((id) => queryClient.invalidateQueries({ queryKey: [...playerKey, 'playback', id] })),
      ]);
      setState({ status: 'idle' });
    },
    [queryClient, seriesId],
  );

  const run = useCallback(
    async (target: UnlockTarget, call: () => Promise<UnlockResult>): Promise<UnlockResult | null> => {
      setState({ status: 'pending', target });
      try {
        const result = await call();
        await settle(result);
        return result;
      } catch (error) {
        const code = isApiError(error) ? error.code : 0;
        const message = error instanceof Error ? error.message : '';
        setState({ status: 'failed', target, code, message });
        // The price shown is redrawn: the series' quote, and each episode's cost in the list.
        if (code === PRICE_CHANGED)
          void Promise.all([
            queryClient.invalidateQueries({ queryKey: [...playerKey, 'series', seriesId] }),
            queryClient.invalidateQueries({ queryKey: [...playerKey, 'episodes', seriesId] }),
          ]);
        return null;
      }
    },
    [queryClient, seriesId, settle],
  );

  const unlock = useCallback(
    (episode: Pick<EpisodeListItem, 'id' | 'cost'>) => run('episode', () => unlockEpisode(episode.id, episode.cost)),
    [run],
  );
  const unlockAll = useCallback((price: number) => run('series', () => unlockSeries(seriesId, price)), [run, seriesId]);
  const reset = useCallback(() => {
    setState({ status: 'idle' });
  }, []);

  return { state, unlock, unlockAll, reset };
}
