import type { ReactNode } from 'react';
import { countOf } from '../../shared/format/count';
import { useLanguage } from '../../shared/i18n/use-language';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { BookmarkFilledIcon } from '../../shared/ui/icons/bookmark-filled';
import { BookmarkIcon } from '../../shared/ui/icons/bookmark';
import { CoinIcon } from '../../shared/ui/icons/coin';
import { CrownIcon } from '../../shared/ui/icons/crown';
import { ShareIcon } from '../../shared/ui/icons/share';
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
  /** Coin packs and one-tap buying (`PaywallOffers`). */
  oneTap?: ReactNode;
  /** My list and Share stay at hand on a locked episode. */
  favorite?: boolean;
  onFavorite?: () => void;
  onShare?: () => void;
  /** The viewer closed the sheet (the locked episode stays on screen, with a way to open it again). */
  onClose?: () => void;
}

const smallAction =
  'inline-flex min-h-10 items-center gap-1.5 rounded-full bg-surface-2 px-3 text-xs font-semibold text-fg ring-1 ring-white/10 hover:bg-surface-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/**
 * The paywall of a locked episode, one sheet over the player: its price and the balance, then what
 * unlocks it: coins when the balance covers it, else "Get coins" with the packs (and one tap on a saved
 * card), the whole series at once, and membership. A modal sheet: focus stays inside and returns to
 * where it was when it closes.
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
  favorite,
  onFavorite,
  onShare,
  onClose = () => undefined,
}: LockedPanelProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const pending = state.status === 'pending';
  const failed = state.status === 'failed' ? state : null;
  const refused = failed?.code === NOT_ENOUGH_COINS;
  // Coins short: getting coins is the way forward, not a button the server would refuse.
  const short = balance !== undefined && balance < cost;
  const saving = seriesPrice !== null && lockedTotal > seriesPrice ? lockedTotal - seriesPrice : 0;
  return (
    <Dialog
      variant="sheet"
      testId="locked-panel"
      title={t('player.locked.title', { number: episodeNumber })}
      description={seriesTitle ? <p className="truncate">{seriesTitle}</p> : undefined}
      busy={pending}
      onClose={onClose}
    >
      <div className="flex flex-col gap-3" data-no-swipe>
        <div className="flex items-center justify-between gap-3 rounded-2xl bg-surface-2 px-4 py-3">
          <p className="flex items-center gap-1.5 text-lg font-extrabold text-amber-300" data-testid="episode-price">
            <CoinIcon className="size-5" />
            {t('player.locked.price', countOf(cost, language))}
          </p>
          {balance !== undefined ? (
            <p className="text-right text-xs text-fg-muted">{t('player.locked.balance', countOf(balance, language))}</p>
          ) : null}
        </div>

        {onFavorite || onShare ? (
          <div className="flex gap-2">
            {onFavorite ? (
              <button type="button" aria-pressed={favorite} className={smallAction} onClick={onFavorite}>
                {favorite ? <BookmarkFilledIcon className="size-4 text-accent" /> : <BookmarkIcon className="size-4" />}
                {favorite ? t('player.inList') : t('player.myList')}
              </button>
            ) : null}
            {onShare ? (
              <button type="button" className={smallAction} onClick={onShare}>
                <ShareIcon className="size-4" />
                {t('player.share')}
              </button>
            ) : null}
          </div>
        ) : null}

        {failed ? (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-2xl bg-accent/15 px-3 py-2 text-sm text-fg"
          >
            <p>{failed.message || t('player.locked.failed')}</p>
            {refused && !short ? (
              <Link to={shoppingHref} className="font-semibold text-accent underline underline-offset-2">
                {t('player.locked.buyCoins')}
              </Link>
            ) : null}
          </div>
        ) : null}

        {short ? (
          <>
            <p className="text-sm text-fg">{t('player.locked.short', { count: cost - (balance ?? 0) })}</p>
            {oneTap}
          </>
        ) : (
          <Button onClick={onUnlock} disabled={pending} aria-busy={pending && state.target === 'episode'}>
            {pending && state.target === 'episode' ? <Spinner className="size-4" /> : <CoinIcon className="size-5" />}
            {t('player.locked.unlock', countOf(cost, language))}
          </Button>
        )}
        {seriesPrice !== null ? (
          <Button
            variant="secondary"
            disabled={pending}
            aria-busy={pending && state.target === 'series'}
            onClick={() => {
              onUnlockSeries(seriesPrice);
            }}
          >
            {pending && state.target === 'series' ? <Spinner className="size-4 text-accent" /> : null}
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

        {short ? null : oneTap}

        <div className="flex items-center justify-between gap-3 border-t border-white/10 pt-3">
          <p className="flex items-center gap-1.5 text-sm font-semibold text-fg">
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
      </div>
    </Dialog>
  );
}
