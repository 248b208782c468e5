import type { EpisodeListItem, User } from '@episodic/contract';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { toast } from '../../shared/ui/toast-store';
import { seriesSpent, shouldAutoUnlock } from './access';
import { useUnlock } from './use-unlock';

interface PaywallInput {
  seriesId: number;
  episodes: readonly EpisodeListItem[];
  /** The episode on screen. */
  item: EpisodeListItem;
  /** The server says the viewer may not watch it (yet). */
  locked: boolean;
  user: User | undefined;
}

/**
 * Unlocking the episode on screen by hand, the whole series, and automatically when the viewer turned
 * auto-unlock on and has the coins (once per episode and visit; a toast says what the series has cost).
 */
export function usePaywall({ seriesId, episodes, item, locked, user }: PaywallInput) {
  const { t } = useTranslation();
  const { state, unlock, unlockAll, reset } = useUnlock(seriesId);

  useEffect(() => {
    reset();
  }, [item.id, reset]);

  const unlockEpisode = async (auto: boolean) => {
    const spentBefore = seriesSpent(episodes, item.id);
    const result = await unlock(item);
    if (!result) return;
    const message = auto
      ? t('player.autoUnlocked', { number: item.number, count: result.spent, total: spentBefore + result.spent })
      : t('player.unlockedToast', { number: item.number });
    toast(message, 'success');
  };

  const unlockSeries = async (price: number) => {
    const result = await unlockAll(price);
    if (result) toast(t('player.seriesUnlockedToast', { count: result.unlocked.length }), 'success');
  };

  const tried = useRef(new Set<number>());
  const autoUnlock = useEffectEvent(() => {
    if (!locked || tried.current.has(item.id) || !shouldAutoUnlock(item, user)) return;
    tried.current.add(item.id);
    void unlockEpisode(true);
  });
  useEffect(() => {
    autoUnlock();
  }, [locked, item.id, user]);

  return {
    state,
    unlock: () => {
      void unlockEpisode(false);
    },
    unlockSeries: (price: number) => {
      void unlockSeries(price);
    },
  };
}
