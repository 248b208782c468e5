import type { Plan, User } from '@episodic/contract';
import { currentLanguage } from '../../shared/i18n/i18n';
import { countOf } from '../../shared/format/count';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { reasonText } from '../../shared/i18n/failure-text';
import { useTranslation } from '../../shared/i18n/use-translation';
import { rememberCheckoutReturn } from '../../shared/links/checkout-return';
import { randomId } from '../../shared/random-id';
import { currentUserKey, currentUserQuery } from '../../shared/session/current-user';
import { toast } from '../../shared/ui/toast-store';
import { orderStatus, plansQuery, playerKey, quickCardQuery, quickPay, type QuickPayAnswer } from './player-api';

/** A saved card as the server names it (brand and last four only). */
export interface SavedCard {
  brand: string;
  last4: string;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** "Visa •••• 4242". */
export function cardLabel(card: SavedCard): string {
  const brand = BRANDS[card.brand] ?? card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} •••• ${card.last4}`;
}

/**
 * The one-tap offers of a paywall: the smallest coin pack that covers what the balance lacks for
 * this episode (the biggest one when none does), and the first membership the shop lists.
 */
export function chooseOffers(
  plans: readonly Plan[],
  cost: number,
  balance: number,
): { coins: Plan | null; membership: Plan | null } {
  // A balance that already covers the episode unlocks it with the paywall's own button: no coins to sell.
  const covered = balance >= cost;
  const packs = covered ? [] : plans.filter((p) => p.kind === 'coins').sort((a, b) => a.price - b.price);
  const lacking = Math.max(0, cost - balance);
  const coins = packs.find((p) => p.coins + p.bonusCoins >= lacking) ?? packs.at(-1) ?? null;
  return { coins, membership: plans.find((p) => p.kind === 'membership') ?? null };
}

/** How a membership's renewal period is said on its button: a week, a month, a year, or N days. */
export function periodOf(days: number): 'week' | 'month' | 'year' | 'days' {
  if (days === 7) return 'week';
  if (days === 30 || days === 31) return 'month';
  if (days === 365 || days === 366) return 'year';
  return 'days';
}

export type OneTapState =
  | { status: 'idle' }
  /** `notice`: why the confirmation is asked again (the plan changed since it was drawn). */
  | { status: 'confirming'; plan: Plan; requestId: string; notice?: string }
  | { status: 'sending'; plan: Plan; requestId: string }
  /** The processor answered late: the order is polled until it settles. */
  | { status: 'settling'; plan: Plan; requestId: string; orderId: string }
  /**
   * `orderId`: the order to pay with another card; `retry`: the answer was lost, so the same request may be
   * sent again; `unsettled`: still not settled after polling, its result page will tell.
   */
  | {
      status: 'failed';
      plan: Plan;
      requestId: string;
      message: string;
      orderId: string | null;
      retry: boolean;
      unsettled?: boolean;
    };

/** A step of a one-tap purchase, reported like the checkout's (the page sends it to tracking). */
export interface OneTapPurchase {
  event: 'InitiateCheckout' | 'AddPaymentInfo' | 'Purchase';
  orderId: string;
  plan: Plan;
}

/** Waits between looks at a late order: about 30 seconds in all, less often as time passes. */
export const SETTLE_DELAYS = [1000, 2000, 3000, 4000, 5000, 7000, 8000] as const;

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

interface OneTapInput {
  seriesId: number;
  episodeNumber: number;
  /** Coins this episode costs. */
  cost: number;
  /** Unlocks the episode with coins (the paywall's own unlock). */
  unlock: () => void;
  /** Reports the purchase's steps (checkout started, card given, paid). */
  onPurchase?: (purchase: OneTapPurchase) => void;
}

/**
 * Buying from the paywall on the saved card: a tap opens the confirmation, Confirm sends one request
 * (its id kept for a retry of the same purchase), then coins unlock the episode and a membership
 * opens it. An order that needs the buyer (authentication, another card) continues at the checkout.
 */
export function useOneTap({ seriesId, episodeNumber, cost, unlock, onPurchase }: OneTapInput) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<OneTapState>({ status: 'idle' });
  const sending = useRef(false);
  // Polling stops when the paywall goes away.
  const gone = useRef(false);
  useEffect(() => {
    gone.current = false;
    return () => {
      gone.current = true;
    };
  }, []);
  const episodePath = `/videos/${String(seriesId)}?ep=${String(episodeNumber)}`;
  const checkoutPath = (orderId: string) =>
    `/order/easy?orderId=${encodeURIComponent(orderId)}&returnTo=${encodeURIComponent(episodePath)}`;

  // A purchase whose answer was lost keeps its id: asking again (even after closing) cannot charge twice.
  const unanswered = useRef(new Map<string, string>());
  const choose = useCallback((plan: Plan) => {
    setState({ status: 'confirming', plan, requestId: unanswered.current.get(plan.id) ?? randomId() });
  }, []);
  const close = useCallback(() => {
    if (!sending.current) setState({ status: 'idle' });
  }, []);

  const bought = async (plan: Plan, orderId: string, answer: Pick<QuickPayAnswer, 'coins' | 'membership'> | null) => {
    onPurchase?.({ event: 'Purchase', orderId, plan });
    if (answer)
      queryClient.setQueryData<User>(currentUserKey, (user) =>
        user ? { ...user, coins: answer.coins, membership: answer.membership } : user,
      );
    else await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 }).catch(() => null);
    setState({ status: 'idle' });
    if (plan.kind === 'coins') {
      toast(t('player.oneTap.coinsAdded', countOf(plan.coins + plan.bonusCoins, currentLanguage())), 'success');
      const coins = answer?.coins ?? queryClient.getQueryData<User>(currentUserKey)?.coins ?? 0;
      if (coins >= cost) unlock();
      return;
    }
    toast(t('player.oneTap.joined'), 'success');
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [...playerKey, 'episodes', seriesId] }),
      queryClient.invalidateQueries({ queryKey: [...playerKey, 'series', seriesId] }),
      queryClient.invalidateQueries({ queryKey: [...playerKey, 'playback'] }),
    ]);
  };

  const failed = (plan: Plan, requestId: string, orderId: string, reasonCode: string | null, reason: string | null) => {
    setState({
      status: 'failed',
      plan,
      requestId,
      orderId,
      retry: false,
      message: reasonText(reasonCode, reason ?? t('player.oneTap.failed'), t),
    });
  };

  /** Looks at a late order with growing pauses (about 30 s), then continues, fails, or points to its result page. */
  const settle = async (plan: Plan, requestId: string, orderId: string) => {
    setState({ status: 'settling', plan, requestId, orderId });
    for (const delay of SETTLE_DELAYS) {
      await wait(delay);
      if (gone.current) return;
      const order = await orderStatus(orderId).catch(() => null);
      if (gone.current) return;
      if (order?.status === 'paid') return bought(plan, orderId, null);
      if (order?.status === 'failed' || order?.status === 'cancelled')
        return failed(plan, requestId, orderId, order.failureReason, null);
    }
    rememberCheckoutReturn(orderId, episodePath);
    setState({
      status: 'failed',
      plan,
      requestId,
      orderId,
      retry: false,
      unsettled: true,
      message: t('player.oneTap.unsettled'),
    });
  };

  const answered = async (plan: Plan, requestId: string, answer: QuickPayAnswer) => {
    if (answer.orderId) {
      onPurchase?.({ event: 'InitiateCheckout', orderId: answer.orderId, plan });
      onPurchase?.({ event: 'AddPaymentInfo', orderId: answer.orderId, plan });
    }
    switch (answer.status) {
      case 'paid':
        return bought(plan, answer.orderId, answer);
      case 'requires_action':
        // The bank's page, then the result page, which brings the viewer back to this episode.
        rememberCheckoutReturn(answer.orderId, episodePath);
        if (answer.redirectUrl) window.location.assign(answer.redirectUrl);
        return;
      case 'redirect':
        return navigate(checkoutPath(answer.orderId));
      case 'processing':
        return settle(plan, requestId, answer.orderId);
      default:
        failed(plan, requestId, answer.orderId, answer.reasonCode ?? null, answer.reason ?? null);
    }
  };

  /** Sends the confirmed purchase once; a second tap while it runs does nothing. */
  const confirm = async () => {
    if (state.status !== 'confirming' && !(state.status === 'failed' && state.retry)) return;
    if (sending.current) return;
    sending.current = true;
    const { plan, requestId } = state;
    setState({ status: 'sending', plan, requestId });
    unanswered.current.set(plan.id, requestId);
    try {
      const answer = await quickPay(plan, requestId);
      unanswered.current.delete(plan.id);
      await answered(plan, requestId, answer);
    } catch (error) {
      const envelope = isApiError(error) && error.kind === 'envelope';
      if (envelope && error.code !== 500) unanswered.current.delete(plan.id);
      // The plan changed since the confirmation was drawn: nothing was charged. It is drawn again as it
      // is now, to be confirmed anew (a new request, for an order on today's terms).
      if (envelope && error.reason === 'price_changed') {
        const plans = await queryClient
          .fetchQuery({ ...plansQuery(currentLanguage()), staleTime: 0 })
          .catch(() => null);
        const fresh = plans?.find((p) => p.id === plan.id);
        if (fresh) {
          setState({ status: 'confirming', plan: fresh, requestId: randomId(), notice: t('player.oneTap.changed') });
          return;
        }
      }
      if (envelope && error.reason === 'no_saved_card') void queryClient.invalidateQueries(quickCardQuery(queryClient));
      setState({
        status: 'failed',
        plan,
        requestId,
        orderId: null,
        // A lost answer may be asked again under the same id; a refusal is final for this request.
        retry: !envelope || error.code === 500,
        message: envelope ? reasonText(error.reason, error.message, t) : t('player.oneTap.lost'),
      });
    } finally {
      sending.current = false;
    }
  };

  return { state, choose, close, confirm, checkoutPath };
}
