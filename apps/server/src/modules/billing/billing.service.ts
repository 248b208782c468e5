import type { Transaction } from 'kysely';
import {
  NO_MEMBERSHIP,
  type Language,
  type Membership,
  type Order,
  type PaymentIntent,
  type PaymentIntentInput,
  type PaymentOverview,
  type Plan,
  type QuickPayCard,
  type QuickPayResult,
  type UnlockResult,
} from '@episodic/contract';
import type { DB } from '../../db/schema';
import type { EventBus } from '../../events';
import { conflict, notFound } from '../../http/errors';
import { isMembershipActive, type AccessService } from '../access/index';
import * as repo from './billing.repository';
import * as orderRepo from './orders.repository';
import { revocationCount } from './refunds.repository';
import * as membershipRepo from './memberships.repository';
import { appendLedgerEntry, lockLedgerOwner } from './coin-ledger';
import { coinBalance, lockBalance } from './coin-ledger.repository';
import { createOrderLifecycle, type OrderStatus } from './order-lifecycle';
import { createPayments, type PaymentDeps } from './payments';
import { createQuickPurchase, type QuickPurchaseInput } from './quick-purchase';
import { createStripeCheckout } from './stripe-checkout';
import type { StripeProvider } from './stripe-provider';
import { createRefunds, type Refunder } from './refunds';
import { paymentFailureOf } from './payment-failures';
import { renewalCancel } from './renewal-cancel';
import { periodBought } from './membership-period';
import { SANDBOX_SIGNATURE_HEADER } from './sandbox-provider';

export type { PaypalBack } from './payments';

/** What unlocking asks the catalog (declared here, so billing does not depend on the catalog module). */
export interface CatalogForBilling {
  episodeSummary(episodeId: number): Promise<{ seriesId: number } | undefined>;
  quoteSeries(seriesId: number, userId: string): Promise<{ price: number | null; episodeIds: number[] } | null>;
}

export interface BillingDeps extends Omit<PaymentDeps, 'lifecycle' | 'cardsAtProcessor'> {
  /** Stripe takes the cards in its Payment Element (the browser confirms the intents made here). */
  stripe?: StripeProvider | null;
  catalog: CatalogForBilling;
  /** Whether an episode already plays for the viewer (free, unlocked, member), and its price. */
  access: Pick<AccessService, 'ofEpisode' | 'unlockedAmong'>;
  /** Where `order.paid` is announced, after the payment's commit. */
  events?: EventBus;
}

/** Orders the buyer may still pay: the order page offers the form for these (a failed one to another card). */
const PAYABLE: ReadonlySet<OrderStatus> = new Set(['pending', 'processing', 'requires_action', 'failed']);

type MembershipRow = NonNullable<Awaited<ReturnType<typeof membershipRepo.findMembership>>>;

/** A membership as the apps see it: active or not, and the terms it renews at (the member's, not the plan's of today). */
export function membershipDto(
  row:
    | (Pick<
        MembershipRow,
        | 'status'
        | 'current_period_end'
        | 'plan_id'
        | 'auto_renew'
        | 'renewal_price'
        | 'renewal_currency'
        | 'renewal_days'
      > & { plan_name?: string | null })
    | undefined,
  now = new Date(),
): Membership {
  if (!row || !isMembershipActive(row, now)) return NO_MEMBERSHIP;
  return {
    active: true,
    planId: row.plan_id,
    renewsAt: row.auto_renew ? row.current_period_end.toISOString() : null,
    endsAt: row.current_period_end.toISOString(),
    autoRenew: row.auto_renew,
    planName: row.plan_name ?? null,
    renewalPrice: row.renewal_price,
    currency: row.renewal_currency,
    renewalDays: row.renewal_days,
  };
}

function planDto(p: repo.PlanRow): Plan {
  return {
    id: p.id,
    kind: p.kind,
    name: p.name,
    description: p.description,
    price: p.price,
    currency: p.currency,
    renewalDays: p.renewal_days,
    coins: p.coins,
    bonusCoins: p.bonus_coins,
  };
}

export function createBillingService(deps: BillingDeps) {
  const { db } = deps;
  const lifecycle = createOrderLifecycle({ db, events: deps.events });
  const payments = createPayments({ ...deps, lifecycle, cardsAtProcessor: Boolean(deps.stripe) });
  const stripeCheckout = deps.stripe ? createStripeCheckout({ db, lifecycle, stripe: deps.stripe }) : null;
  // Refunds go back through the provider that took the money, by the name the order records.
  const refunders: Record<string, Refunder> = { [deps.providers.card.name]: deps.providers.card };
  if (deps.providers.sandbox) refunders[deps.providers.sandbox.name] = deps.providers.sandbox;
  if (deps.paypal) refunders.paypal = deps.paypal;
  const refundOrder = createRefunds({ db, lifecycle, refunders });
  const quick = createQuickPurchase({
    db,
    lifecycle,
    provider: deps.providers.card,
    settle: payments.settle,
    publicUrl: deps.publicUrl,
  });

  /** Plans for sale, priced by the server. */
  async function plans(lang: Language): Promise<Plan[]> {
    return (await repo.listPlans(db, lang)).map(planDto);
  }

  /** An active membership (paid period not over) opens every episode. */
  async function hasActiveMembership(userId: string): Promise<boolean> {
    return membershipDto(await membershipRepo.findMembership(db, userId)).active;
  }

  /** What the user endpoint shows of money: the coin balance and the membership (its plan named in `lang`). */
  async function accountSummary(
    userId: string,
    lang: Language,
  ): Promise<{ coins: number; paidCoins: number; bonusCoins: number; membership: Membership }> {
    const row = await repo.moneySummary(db, userId, lang);
    return {
      coins: row.coins,
      paidCoins: row.coins - row.bonusCoins,
      bonusCoins: row.bonusCoins,
      membership: membershipDto(row.membership),
    };
  }

  /** Guests who paid giving this email, the latest first: a link mailed there may make one of them an account. */
  function guestBuyers(email: string): Promise<string[]> {
    return repo.guestBuyersOf(db, email);
  }

  /**
   * Takes the lock that orders a user's coin movements, then answers which of these episodes the user
   * already holds: under the lock, an unlock committed by a concurrent request is seen.
   */
  async function lockCoinsAndFindOwned(trx: Transaction<DB>, userId: string, episodeIds: number[]): Promise<number[]> {
    await lockLedgerOwner(trx, userId);
    await lockBalance(trx, userId);
    return deps.access.unlockedAmong(userId, episodeIds, trx);
  }

  /**
   * An unlock's key names how many unlocks an operator has taken from the user so far: the same
   * request twice is still one purchase, but buying an episode again after it was taken away is a
   * new one, charged again (the earlier key was spent).
   */
  async function reboughtSuffix(trx: Transaction<DB>, userId: string): Promise<string> {
    const taken = await revocationCount(trx, userId);
    return taken === 0 ? '' : `:r${String(taken)}`;
  }

  /**
   * Unlocks one episode for its price in coins, once: repeated or concurrent calls charge once.
   * `expectedPrice` is the price the viewer saw: a different price now is refused, nothing spent.
   */
  async function unlockEpisode(userId: string, episodeId: number, expectedPrice?: number): Promise<UnlockResult> {
    // Only an episode viewers can open (listed by the catalog) is sold.
    const access = (await deps.catalog.episodeSummary(episodeId))
      ? await deps.access.ofEpisode(userId, episodeId)
      : null;
    if (!access) throw notFound('episode_unavailable', 'This episode is not available.');
    if (access.playable) return { coins: await coinBalance(db, userId), unlocked: [episodeId], spent: 0 };
    if (expectedPrice !== undefined && expectedPrice !== access.price)
      throw conflict('price_changed', `The price changed to ${access.price} coins. Please check and try again.`);
    return db.transaction().execute(async (trx) => {
      // Looked at again under the balance lock: a series unlock running meanwhile may have unlocked it.
      if ((await lockCoinsAndFindOwned(trx, userId, [episodeId])).length > 0)
        return { coins: await coinBalance(trx, userId), unlocked: [episodeId], spent: 0 };
      const { applied, balance } = await appendLedgerEntry(trx, {
        userId,
        delta: -access.price,
        kind: 'spend',
        key: `unlock:${userId}:${episodeId}${await reboughtSuffix(trx, userId)}`,
        episodeId,
        reason: `episode ${episodeId}`,
      });
      await repo.recordUnlocks(trx, userId, [episodeId], 'coins');
      return { coins: balance, unlocked: [episodeId], spent: applied ? access.price : 0 };
    });
  }

  /** Unlocks every locked episode of a series at the quoted price; refuses if the price the viewer saw changed. */
  async function unlockSeries(
    userId: string,
    seriesId: number,
    expectedPrice: number | undefined,
  ): Promise<UnlockResult> {
    // An unlock running meanwhile changes what is still locked, and so the price: then it is quoted again.
    for (let attempt = 1; ; attempt++) {
      const result = await unlockSeriesOnce(userId, seriesId, expectedPrice);
      if (result) return result;
      if (attempt === 3) throw conflict('price_changed', 'The price changed. Please check and try again.');
    }
  }

  async function unlockSeriesOnce(
    userId: string,
    seriesId: number,
    expectedPrice: number | undefined,
  ): Promise<UnlockResult | null> {
    const quote = await deps.catalog.quoteSeries(seriesId, userId);
    if (!quote) throw notFound('series_unavailable', 'This series is not available.');
    if (quote.price === null || quote.episodeIds.length === 0)
      return { coins: await coinBalance(db, userId), unlocked: [], spent: 0 };
    if (expectedPrice !== undefined && expectedPrice !== quote.price)
      throw conflict('price_changed', `The price changed to ${quote.price} coins. Please check and try again.`);
    return db.transaction().execute(async (trx) => {
      if ((await lockCoinsAndFindOwned(trx, userId, quote.episodeIds)).length > 0) return null;
      const key = `unlock-series:${userId}:${seriesId}:${quote.episodeIds.join('.')}${await reboughtSuffix(trx, userId)}`;
      const { applied, balance } = await appendLedgerEntry(trx, {
        userId,
        delta: -quote.price!,
        kind: 'spend',
        key,
        reason: `series ${seriesId}`,
      });
      await repo.recordUnlocks(trx, userId, quote.episodeIds, 'series');
      return { coins: balance, unlocked: quote.episodeIds, spent: applied ? quote.price! : 0 };
    });
  }

  function orderDto(o: orderRepo.OrderListRow): Order {
    return {
      id: o.id,
      planId: o.plan_id,
      planName: o.plan_name,
      kind: o.kind,
      purpose: o.purpose,
      amount: o.amount,
      currency: o.currency,
      status: o.status,
      failureReason: o.failure_reason,
      failureCode: paymentFailureOf(o.failure_reason),
      createdAt: o.created_at.toISOString(),
      paidAt: o.paid_at?.toISOString() ?? null,
      renewalDays: o.renewal_days,
      coins: o.kind === 'coins' ? o.coins : 0,
      bonusCoins: o.kind === 'coins' ? o.bonus_coins : 0,
    };
  }

  /**
   * Opens an order for a plan at the server's price, carrying where the buyer came from. A user holds
   * at most OPEN_ORDER_LIMIT unfinished orders: abandoned ones expire after a day, and one more answers 429.
   */
  async function createOrder(
    userId: string,
    planId: string,
    attribution: unknown,
  ): Promise<{ id: string; planId: string; amount: number; currency: string; status: OrderStatus }> {
    const plan = await repo.findPlan(db, planId);
    if (!plan || !plan.active) throw notFound('plan_unavailable', 'This plan is not available.');
    const order = await lifecycle.open(userId, plan, attribution);
    return { id: order.id, planId, amount: order.amount, currency: order.currency, status: order.status };
  }

  /**
   * One order of the user; an unpaid membership order also says when the membership would first renew
   * if paid now, so the consent can name the date paying sets.
   */
  async function orderOf(userId: string, orderId: string, lang: Language, now = new Date()): Promise<Order> {
    const row = await orderRepo.findUserOrder(db, userId, orderId, lang);
    if (!row) throw notFound('order_not_found', 'We could not find this order.');
    const order = orderDto(row);
    if (row.kind !== 'membership' || row.renewal_days === null || !PAYABLE.has(row.status))
      return { ...order, renewsAt: null };
    const current = await membershipRepo.findMembership(db, userId);
    return { ...order, renewsAt: periodBought(current, row.purpose, row.renewal_days, now).end.toISOString() };
  }

  /** The PaymentIntent the browser confirms for an order (stripe-checkout.ts); only when Stripe takes the cards. */
  async function startStripeIntent(userId: string, input: PaymentIntentInput): Promise<PaymentIntent> {
    if (!stripeCheckout) throw notFound('stripe_not_offered', 'Card payments here use the payment form, not Stripe.');
    return stripeCheckout.startIntent(userId, input);
  }

  /** Stops auto-renewal; the paid period stays until its end. One call, no questions. */
  async function cancelMembership(userId: string, lang: Language): Promise<Membership> {
    await membershipRepo.stopAutoRenew(db, userId);
    return membershipDto(await repo.membershipWithPlanName(db, userId, lang));
  }

  /** The user's orders (paged), membership and saved card. */
  async function overview(userId: string, lang: Language, page: number, pageSize: number): Promise<PaymentOverview> {
    const rows = await orderRepo.ordersPage(db, userId, lang, (page - 1) * pageSize, pageSize + 1);
    const [membership, method] = await Promise.all([
      repo.membershipWithPlanName(db, userId, lang),
      repo.latestPaymentMethod(db, userId),
    ]);
    return {
      orders: { items: rows.slice(0, pageSize).map(orderDto), page, pageSize, hasMore: rows.length > pageSize },
      membership: membershipDto(membership),
      paymentMethod: method
        ? { brand: method.brand, last4: method.last4, expMonth: method.exp_month, expYear: method.exp_year }
        : null,
    };
  }

  /** The saved card a one-tap purchase would charge (shown by brand and last four), or null. */
  async function quickPayCard(userId: string): Promise<QuickPayCard> {
    const card = await quick.usableCard(userId);
    return {
      card: card ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null,
    };
  }

  /** Buys a plan on the saved card in one request (once per request id), answering the coins and membership after it. */
  async function quickPurchase(
    userId: string,
    input: QuickPurchaseInput,
    attribution: unknown,
    lang: Language,
  ): Promise<QuickPayResult> {
    const result = await quick.buy(userId, input, attribution);
    return { ...result, ...(await accountSummary(userId, lang)) };
  }

  return {
    plans,
    quickPayCard,
    quickPurchase,
    hasActiveMembership,
    accountSummary,
    guestBuyers,
    unlockEpisode,
    unlockSeries,
    createOrder,
    orderOf,
    ...payments,
    startStripeIntent,
    refundOrder,
    lifecycle,
    cancelMembership,
    ...renewalCancel(db),
    overview,
    signatureHeader: SANDBOX_SIGNATURE_HEADER,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
