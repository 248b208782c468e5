import type { Plan } from '@episodic/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { countOf } from '../../shared/format/count';
import { formatPrice } from '../../shared/format/price';
import { useLanguage } from '../../shared/i18n/use-language';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from '../../shared/links/link';
import { ButtonLink } from '../../shared/ui/button';
import { CoinIcon } from '../../shared/ui/icons/coin';
import { CrownIcon } from '../../shared/ui/icons/crown';
import { cardLabel, chooseOffers, periodOf, useOneTap, type OneTapPurchase, type SavedCard } from './one-tap';
import { plansQuery, quickCardQuery } from './player-api';
import { OneTapConfirm, preloadOneTapConfirm } from './sheets';

/** Coin packs, cheapest first, each with how many episodes at this price it buys. */
export function coinPacks(plans: readonly Plan[], cost: number): { plan: Plan; coins: number; episodes: number }[] {
  return plans
    .filter((p) => p.kind === 'coins')
    .sort((a, b) => a.price - b.price)
    .map((plan) => {
      const coins = plan.coins + plan.bonusCoins;
      return { plan, coins, episodes: cost > 0 ? Math.floor(coins / cost) : 0 };
    });
}

interface OneTapOffersProps {
  card: SavedCard | null;
  /** The balance does not cover the episode: "Get coins" is the way forward. */
  short: boolean;
  /** Coin packs to show (the balance is short), cheapest first; empty otherwise. */
  packs: ReturnType<typeof coinPacks>;
  /** The pack that covers this episode (the first that does), drawn as the main action. */
  covering: Plan | null;
  membership: Plan | null;
  shoppingHref: string;
  disabled: boolean;
  onChoose: (plan: Plan) => void;
}

const offerClass =
  'flex min-h-12 w-full items-center gap-3 rounded-2xl px-4 py-2 text-left text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The paywall's offers. Coins short: "Get coins" with every pack, each saying how many episodes it
 * buys; one tap on the saved card when there is one, else the plans page (coming back here). With a
 * saved card, the membership in one tap too.
 */
export function OneTapOffers({
  card,
  short,
  packs,
  covering,
  membership,
  shoppingHref,
  disabled,
  onChoose,
}: OneTapOffersProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const joinLabel = (plan: Plan) => {
    const price = formatPrice(plan.price, plan.currency, language);
    const period = periodOf(plan.renewalDays ?? 0);
    return period === 'days'
      ? t('player.oneTap.joinEvery', { count: plan.renewalDays ?? 0, price })
      : t(`player.oneTap.join.${period}`, { price });
  };
  // On the accent-coloured main pack the second line is dark: green on orange would not read.
  const packLine = (pack: (typeof packs)[number], main = false) => (
    <span className="flex min-w-0 flex-1 flex-col leading-tight">
      <span>
        {t('player.oneTap.buyCoins', {
          ...countOf(pack.coins, language),
          price: formatPrice(pack.plan.price, pack.plan.currency, language),
        })}
      </span>
      <span className={`text-xs font-medium ${main ? 'text-black/75' : 'text-emerald-300'}`}>
        {t('player.oneTap.episodes', { count: pack.episodes })}
      </span>
    </span>
  );
  if (!short && !(card && membership)) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="one-tap">
      {short ? (
        <section aria-label={t('player.locked.buyCoins')} className="flex flex-col gap-2" data-testid="coin-packs">
          {card && packs.length > 0 ? (
            <>
              <h3 className="text-sm font-bold text-fg">{t('player.locked.buyCoins')}</h3>
              <p className="text-xs text-fg-muted">{t('player.oneTap.payWith', { card: cardLabel(card) })}</p>
              {packs.map((pack) => (
                <button
                  key={pack.plan.id}
                  type="button"
                  disabled={disabled}
                  className={`${offerClass} ${pack.plan.id === covering?.id ? 'bg-accent text-black' : 'bg-white/10 text-white ring-1 ring-white/15 hover:bg-white/15'}`}
                  onClick={() => {
                    onChoose(pack.plan);
                  }}
                >
                  <CoinIcon
                    className={`size-5 shrink-0 ${pack.plan.id === covering?.id ? 'text-black' : 'text-amber-300'}`}
                  />
                  {packLine(pack, pack.plan.id === covering?.id)}
                </button>
              ))}
              <Link to={shoppingHref} className="self-start text-xs font-semibold text-fg-muted underline">
                {t('player.oneTap.otherWays')}
              </Link>
            </>
          ) : (
            <>
              <ButtonLink to={shoppingHref}>
                <CoinIcon className="size-5" />
                {t('player.locked.buyCoins')}
              </ButtonLink>
              <ul className="flex flex-col gap-1.5">
                {packs.map((pack) => (
                  <li
                    key={pack.plan.id}
                    className="flex items-center gap-3 rounded-2xl bg-white/5 px-4 py-2 text-sm font-semibold text-white"
                  >
                    <CoinIcon className="size-5 shrink-0 text-amber-300" />
                    {packLine(pack)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      ) : null}
      {card && membership ? (
        <>
          {packs.length === 0 ? (
            <p className="text-xs text-fg-muted">{t('player.oneTap.payWith', { card: cardLabel(card) })}</p>
          ) : null}
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
        </>
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
 * The paywall's coin packs (when the balance is short) and one-tap buying on the saved card, when the
 * viewer has one; then the confirmation (loaded ahead of the tap, not with the player). After a pack is
 * bought, its coins unlock the episode.
 */
export function OneTapPaywall({
  seriesId,
  episodeNumber,
  cost,
  balance,
  unlock,
  shoppingHref,
  disabled,
  onPurchase,
}: OneTapPaywallProps) {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const cardQuery = useQuery(quickCardQuery(queryClient));
  const card = cardQuery.data ?? null;
  const { data: plans, isPending: plansPending } = useQuery(plansQuery(language));
  const oneTap = useOneTap({ seriesId, episodeNumber, cost, unlock, onPurchase });
  const short = balance !== undefined && balance < cost;
  const offers = plans ? chooseOffers(plans, cost, balance ?? 0) : null;
  const packs = plans && short ? coinPacks(plans, cost) : [];
  const ready = card !== null && offers !== null && (offers.coins !== null || offers.membership !== null);
  useEffect(() => {
    if (ready) preloadOneTapConfirm();
  }, [ready]);
  // Until the card and the plans answer, the offers are not drawn (the packs would change from links to buttons).
  if (plansPending || cardQuery.isPending) return null;
  const { state } = oneTap;
  return (
    <>
      <OneTapOffers
        card={card}
        short={short}
        packs={packs}
        covering={offers?.coins ?? null}
        membership={offers?.membership ?? null}
        shoppingHref={shoppingHref}
        disabled={disabled || state.status === 'sending'}
        onChoose={oneTap.choose}
      />
      {card && state.status !== 'idle' ? (
        <Suspense fallback={null}>
          <OneTapConfirm
            state={state}
            card={card}
            cost={cost}
            balance={balance ?? 0}
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
