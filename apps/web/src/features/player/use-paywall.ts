import type { EpisodeListItem, User } from '@episodic/contract';
import { currentLanguage } from '../../shared/i18n/i18n';
import { countOf, formatCount } from '../../shared/format/count';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { toast } from '../../shared/ui/toast-store';
import { useUnlock } from './use-unlock';

type Item = Pick<EpisodeListItem, 'id' | 'access' | 'cost'>;

/** Coins this series has cost the viewer: the prices of the episodes the server says they unlocked. */
export function seriesSpent(episodes: readonly Item[], except?: number): number {
  return episodes.filter((e) => e.access === 'unlocked' && e.id !== except).reduce((sum, e) => sum + e.cost, 0);
}

/** Whether auto-unlock should spend coins on this episode now: the server says it is locked, and the viewer asked for it and has the coins. */
export function shouldAutoUnlock(item: Item, user: Pick<User, 'autoUnlock' | 'coins'> | undefined): boolean {
  if (!user?.autoUnlock) return false;
  return item.access === 'locked' && user.coins >= item.cost;
}

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
      ? t('player.autoUnlocked', {
          number: item.number,
          ...countOf(result.spent, currentLanguage()),
          total: formatCount(spentBefore + result.spent, currentLanguage()),
        })
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
