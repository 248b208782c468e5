import { useId, type ReactNode } from 'react';
import { countOf } from '../../shared/format/count';
import { useLanguage } from '../../shared/i18n/use-language';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { Button } from '../../shared/ui/button';
import { CoinIcon } from '../../shared/ui/icons/coin';
import { CrownIcon } from '../../shared/ui/icons/crown';
import { LockIcon } from '../../shared/ui/icons/lock';
import { Spinner } from '../../shared/ui/spinner';
import { NOT_ENOUGH_COINS, type UnlockState } from './use-unlock';

interface LockedPanelProps {
  episodeNumber: number;
  seriesTitle?: string;
  /** Coins to unlock this episode. */
  cost: number;
  /** The viewer's coins, when known. */
  balance: number | undefined;
  /** Coins for every locked episode at once (server-quoted), or null. */
  seriesPrice: number | null;
  /** What the locked episodes would cost one by one (to show the saving). */
  lockedTotal: number;
  state: UnlockState;
  /** Plans and coins, coming back here afterwards. */
  shoppingHref: string;
  onUnlock: () => void;
  onUnlockSeries: (price: number) => void;
  /** One-tap buying on the saved card, when the viewer has one. */
  oneTap?: ReactNode;
}

/**
 * The paywall of a locked episode: its price, the balance, unlock with coins (this episode or the
 * whole series) and membership. A short balance shows the server's message and a way to get coins.
 */
export function LockedPanel({
  episodeNumber,
  seriesTitle,
  cost,
  balance,
  seriesPrice,
  lockedTotal,
  state,
  shoppingHref,
  onUnlock,
  onUnlockSeries,
  oneTap,
}: LockedPanelProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = useId();
  const pending = state.status === 'pending';
  const failed = state.status === 'failed' ? state : null;
  const short = failed?.code === NOT_ENOUGH_COINS;
  const saving = seriesPrice !== null && lockedTotal > seriesPrice ? lockedTotal - seriesPrice : 0;
  return (
    <section
      aria-labelledby={titleId}
      data-no-swipe
      data-testid="locked-panel"
      className="pointer-events-auto flex w-full max-w-md flex-col gap-3 rounded-3xl bg-black/75 p-4 shadow-2xl ring-1 ring-white/10 backdrop-blur-md"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/10 text-amber-300">
          <LockIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base font-bold text-white">
            {t('player.locked.title', { number: episodeNumber })}
          </h2>
          {seriesTitle ? <p className="truncate text-xs text-white/60">{seriesTitle}</p> : null}
        </div>
        <div className="flex shrink-0 flex-col items-end">
          <p className="flex items-center gap-1 text-lg font-extrabold text-amber-300" data-testid="episode-price">
            <CoinIcon className="size-5" />
            {t('player.locked.price', countOf(cost, language))}
          </p>
          {balance !== undefined ? (
            <p className="text-xs text-white/60">{t('player.locked.balance', countOf(balance, language))}</p>
          ) : null}
        </div>
      </div>

      {failed ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-2xl bg-accent/15 px-3 py-2 text-sm text-white"
        >
          <p>{failed.message || t('player.locked.failed')}</p>
          {short ? (
            <Link to={shoppingHref} className="font-semibold text-accent underline underline-offset-2">
              {t('player.locked.buyCoins')}
            </Link>
          ) : null}
        </div>
      ) : null}

      <Button onClick={onUnlock} disabled={pending} aria-busy={pending && state.target === 'episode'}>
        {pending && state.target === 'episode' ? <Spinner className="size-4" /> : <CoinIcon className="size-5" />}
        {t('player.locked.unlock', countOf(cost, language))}
      </Button>
      {seriesPrice !== null ? (
        <Button
          variant="secondary"
          disabled={pending}
          aria-busy={pending && state.target === 'series'}
          onClick={() => {
            onUnlockSeries(seriesPrice);
          }}
        >
          {pending && state.target === 'series' ? <Spinner className="size-4" /> : null}
          <span className="flex flex-col py-1.5 leading-tight">
            <span>{t('player.locked.unlockSeries', countOf(seriesPrice, language))}</span>
            {saving > 0 ? (
              <span className="text-xs font-medium text-emerald-300">
                {t('player.locked.seriesSaving', countOf(saving, language))}
              </span>
            ) : null}
          </span>
        </Button>
      ) : null}

      {oneTap}

      <div className="flex items-center justify-between gap-3 border-t border-white/10 pt-3">
        <p className="flex items-center gap-1.5 text-sm font-semibold text-white">
          <CrownIcon className="size-4 shrink-0 text-amber-300" />
          {t('player.locked.members')}
        </p>
        <Link
          to={shoppingHref}
          className="inline-flex min-h-10 shrink-0 items-center rounded-full bg-gradient-to-r from-amber-300 to-amber-500 px-4 text-sm font-bold text-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
        >
          {t('player.locked.subscribe')}
        </Link>
      </div>
    </section>
  );
}
