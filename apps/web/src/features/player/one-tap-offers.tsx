import type { Plan } from '@episodic/contract';
import { countOf } from '../../shared/format/count';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { formatPrice } from '../../shared/format/price';
import { useLanguage } from '../../shared/i18n/use-language';
import { useTranslation } from '../../shared/i18n/use-translation';
import { CoinIcon } from '../../shared/ui/icons/coin';
import { CrownIcon } from '../../shared/ui/icons/crown';
import { cardLabel, chooseOffers, periodOf, useOneTap, type OneTapPurchase, type SavedCard } from './one-tap';
import { plansQuery, quickCardQuery } from './player-api';
import { OneTapConfirm, preloadOneTapConfirm } from './sheets';

interface OneTapOffersProps {
  card: SavedCard;
  coins: Plan | null;
  membership: Plan | null;
  /** Whether the coin pack covers this episode (with the balance). */
  coinsUnlock: boolean;
  disabled: boolean;
  onChoose: (plan: Plan) => void;
}

const offerClass =
  'flex min-h-12 w-full items-center gap-3 rounded-2xl px-4 py-2 text-left text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300 disabled:cursor-not-allowed disabled:opacity-50';

/** The paywall's one-tap buttons: each says what it buys and its price; the saved card they charge is named. */
export function OneTapOffers({ card, coins, membership, coinsUnlock, disabled, onChoose }: OneTapOffersProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!coins && !membership) return null;
  const joinLabel = (plan: Plan) => {
    const price = formatPrice(plan.price, plan.currency, language);
    const period = periodOf(plan.renewalDays ?? 0);
    return period === 'days'
      ? t('player.oneTap.joinEvery', { count: plan.renewalDays ?? 0, price })
      : t(`player.oneTap.join.${period}`, { price });
  };
  return (
    <div className="flex flex-col gap-2 border-t border-white/10 pt-3" data-testid="one-tap">
      <p className="text-xs text-white/60">{t('player.oneTap.payWith', { card: cardLabel(card) })}</p>
      {coins ? (
        <button
          type="button"
          disabled={disabled}
          className={`${offerClass} bg-white/10 text-white ring-1 ring-white/15 hover:bg-white/15`}
          onClick={() => {
            onChoose(coins);
          }}
        >
          <CoinIcon className="size-5 shrink-0 text-amber-300" />
          <span className="flex min-w-0 flex-1 flex-col leading-tight">
            <span>
              {t('player.oneTap.buyCoins', {
                ...countOf(coins.coins + coins.bonusCoins, language),
                price: formatPrice(coins.price, coins.currency, language),
              })}
            </span>
            {coinsUnlock ? (
              <span className="text-xs font-medium text-emerald-300">{t('player.oneTap.unlocksThis')}</span>
            ) : null}
          </span>
        </button>
      ) : null}
      {membership ? (
        <button
          type="button"
          disabled={disabled}
          className={`${offerClass} bg-gradient-to-r from-amber-300 to-amber-500 text-black`}
          onClick={() => {
            onChoose(membership);
          }}
        >
          <CrownIcon className="size-5 shrink-0" />
          <span className="flex-1">{joinLabel(membership)}</span>
        </button>
      ) : null}
    </div>
  );
}

interface OneTapPaywallProps {
  seriesId: number;
  episodeNumber: number;
  cost: number;
  balance: number | undefined;
  /** The paywall's own unlock with coins. */
  unlock: () => void;
  /** Plans and coins, coming back to this episode. */
  shoppingHref: string;
  disabled: boolean;
  /** Reports the purchase's steps to tracking (the page's). */
  onPurchase?: (purchase: OneTapPurchase) => void;
}

/**
 * One-tap buying in the paywall, shown only when the viewer has a saved card the shop can charge:
 * the offers, then the confirmation (loaded ahead of the tap, not with the player).
 */
export function OneTapPaywall({
  seriesId,
  episodeNumber,
  cost,
  balance = 0,
  unlock,
  shoppingHref,
  disabled,
  onPurchase,
}: OneTapPaywallProps) {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const card = useQuery(quickCardQuery(queryClient)).data ?? null;
  const plans = useQuery({ ...plansQuery(language), enabled: card !== null }).data;
  const oneTap = useOneTap({ seriesId, episodeNumber, cost, unlock, onPurchase });
  const offers = plans ? chooseOffers(plans, cost, balance) : null;
  const ready = card !== null && offers !== null && (offers.coins !== null || offers.membership !== null);
  useEffect(() => {
    if (ready) preloadOneTapConfirm();
  }, [ready]);
  if (!ready) return null;
  const { state } = oneTap;
  return (
    <>
      <OneTapOffers
        card={card}
        coins={offers.coins}
        membership={offers.membership}
        coinsUnlock={offers.coins !== null && balance + offers.coins.coins + offers.coins.bonusCoins >= cost}
        disabled={disabled || state.status === 'sending'}
        onChoose={oneTap.choose}
      />
      {state.status !== 'idle' ? (
        <Suspense fallback={null}>
          <OneTapConfirm
            state={state}
            card={card}
            cost={cost}
            balance={balance}
            otherCardHref={(orderId) => (orderId ? oneTap.checkoutPath(orderId) : shoppingHref)}
            onConfirm={() => {
              void oneTap.confirm();
            }}
            onClose={oneTap.close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
