import type { Kysely } from 'kysely';
import type { PayResult, PlanKind, QuickPayInput } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { isDatabaseUnavailable } from '../../db/connection';
import { AppError, conflict, fieldProblem, invalidInput, notFound } from '../../http/errors';
import * as repo from './billing.repository';
import * as orderRepo from './orders.repository';
import type { OrderLifecycle, OrderRow } from './order-lifecycle';
import type { ChargeOutcome, PaymentProvider } from './payment-provider';
import { paymentFailureOf } from './payment-failures';

export interface QuickPurchaseDeps {
  db: Kysely<DB>;
  lifecycle: OrderLifecycle;
  /** The card provider: the saved card must be one it keeps. */
  provider: PaymentProvider;
  settle: (orderId: string, outcome: ChargeOutcome, providerName: string, plan?: repo.PlanRow) => Promise<PayResult>;
  publicUrl: string;
  /** How long a repeated request waits for the first one's charge before answering "processing". */
  waitMs?: number;
}

export interface QuickPurchaseInput {
  planId: string;
  /** The client's id of this purchase (its idempotency key). */
  requestId: string;
  agree: boolean;
  /** What the viewer agreed to: the order is charged only when its own terms are these. */
  seen?: QuickPayInput['seen'];
}

type Seen = NonNullable<QuickPayInput['seen']>;
type Terms = { price: number; currency: string; coins: number; bonusCoins: number; renewalDays: number | null };
const sameTerms = (terms: Terms, seen: Seen) =>
  terms.price === seen.price &&
  terms.currency === seen.currency &&
  terms.coins === seen.coins &&
  terms.bonusCoins === seen.bonusCoins &&
  terms.renewalDays === seen.renewalDays;

/** What a plan sells today: its price, currency, coins and bonus, and (a membership's) period. */
const planTerms = (plan: repo.PlanRow): Terms => ({
  price: plan.price,
  currency: plan.currency,
  coins: plan.coins,
  bonusCoins: plan.bonus_coins,
  renewalDays: plan.kind === 'membership' ? plan.renewal_days : null,
});

/** What an order sells: the terms it was opened with (its plan's for an order older than its own terms). */
const orderTerms = (order: OrderRow, plan: repo.PlanRow): Terms => ({
  price: order.amount,
  currency: order.currency,
  coins: order.coins ?? plan.coins,
  bonusCoins: order.bonus_coins ?? plan.bonus_coins,
  renewalDays: plan.kind === 'membership' ? (order.renewal_days ?? plan.renewal_days) : null,
});

const priceChanged = () =>
  conflict('price_changed', 'The price or what it includes changed. Please check it and confirm again.');

/** A saved card that can still be charged: kept by the current card provider and not expired. */
export type UsableCard = NonNullable<Awaited<ReturnType<typeof repo.latestPaymentMethod>>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const serviceDown = () =>
  new AppError(
    500,
    'The payment service did not answer. Please check your orders in a minute before trying again.',
    'payment_service_unavailable',
  );

/**
 * One-tap purchases from the player: an order opened at the server's price and charged off-session
 * on the viewer's saved card. The client's request id names the order: repeated or concurrent
 * requests find the one order, charge it once and answer its outcome.
 */
export function createQuickPurchase(deps: QuickPurchaseDeps) {
  const { db, lifecycle } = deps;
  const waitMs = deps.waitMs ?? 10_000;

  /** The viewer's saved card when the current card provider can charge it (not expired), else null. */
  async function usableCard(userId: string, now = new Date()): Promise<UsableCard | null> {
    const method = await repo.latestPaymentMethod(db, userId);
    if (!method || method.provider !== deps.provider.name) return null;
    const expired =
      method.exp_year < now.getUTCFullYear() ||
      (method.exp_year === now.getUTCFullYear() && method.exp_month < now.getUTCMonth() + 1);
    return expired ? null : method;
  }

  /** The checkout page of an order, where the viewer pays it on-session (a new card, or authentication). */
  const checkoutUrl = (orderId: string) => `${deps.publicUrl}/order/easy?orderId=${orderId}`;

  /** What an order that was not charged by this request says: its outcome, once it has one. */
  async function outcomeOf(order: OrderRow): Promise<PayResult> {
    let current = order;
    const until = Date.now() + waitMs;
    // Another request holds the charge: wait a little for it, so a double tap answers the same outcome.
    while (current.status === 'processing' && Date.now() < until) {
      await sleep(150);
      current = (await orderRepo.findOrder(db, order.id)) ?? current;
    }
    const base = { orderId: current.id, redirectUrl: null, reason: null };
    switch (current.status) {
      case 'paid':
        return { ...base, status: 'paid' };
      case 'failed':
        return {
          ...base,
          status: 'failed',
          reason: current.failure_reason,
          reasonCode: paymentFailureOf(current.failure_reason),
        };
      case 'requires_action': {
        const pending = current.provider_ref ? await deps.provider.lookup(`${current.id}:${current.attempt}`) : null;
        return pending?.status === 'requires_action'
          ? { ...base, status: 'requires_action', redirectUrl: pending.redirectUrl }
          : { ...base, status: 'redirect', redirectUrl: checkoutUrl(current.id) };
      }
      case 'cancelled':
      case 'refunded':
        throw conflict('order_closed', 'This order can no longer be paid.');
      default:
        return { ...base, status: 'processing' };
    }
  }

  /**
   * Buys a plan on the saved card with one request: consent and a usable saved card first, then one
   * order per request id (at the server's price) charged once off-session with the order's key.
   */
  async function buy(
    userId: string,
    input: QuickPurchaseInput,
    attribution: unknown,
  ): Promise<PayResult & { kind: PlanKind }> {
    if (!input.agree) throw invalidInput({ agree: fieldProblem('agree_required', 'Please agree to pay.') });
    const plan = await repo.findPlan(db, input.planId);
    if (!plan?.active) throw notFound('plan_unavailable', 'This plan is not available.');
    const card = await usableCard(userId);
    if (!card) throw conflict('no_saved_card', 'There is no saved card to pay with. Please pay on the checkout page.');

    // A request seen on other terms than the plan's today opens no order (a retried one has its order's).
    if (
      input.seen &&
      !sameTerms(planTerms(plan), input.seen) &&
      !(await orderRepo.findOrderByRequestKey(db, userId, input.requestId))
    )
      throw priceChanged();
    const order = await lifecycle.open(userId, plan, attribution, input.requestId);
    if (order.plan_id !== plan.id)
      throw conflict('request_reused', 'This purchase request was for something else. Please try again.');
    // The plan changed since the viewer's confirmation was drawn: nothing is charged for terms not seen.
    if (input.seen && order.status === 'pending' && !sameTerms(orderTerms(order, plan), input.seen))
      throw priceChanged();
    const claim = await lifecycle.pay(userId, order.id, 'card', { onlyNew: true });
    if (!claim.changed) return { ...(await outcomeOf(claim.order)), kind: plan.kind };

    const claimed = claim.order;
    let outcome: ChargeOutcome;
    try {
      outcome = await deps.provider.charge({
        orderId: claimed.id,
        idempotencyKey: `${claimed.id}:${claimed.attempt}`,
        amount: claimed.amount,
        currency: claimed.currency,
        description: plan.name,
        email: '',
        savedToken: card.provider_token,
        returnUrl: `${deps.publicUrl}/order/result?orderId=${claimed.id}`,
      });
    } catch (err) {
      // No answer from the processor: the order stays "processing" and is reconciled; no second charge.
      if (isDatabaseUnavailable(err)) throw err;
      throw serviceDown();
    }
    const result = await deps.settle(claimed.id, outcome, deps.provider.name, plan);
    // The processor wants the cardholder: the checkout page pays this order on-session.
    if (outcome.status === 'failed' && outcome.needsBuyer)
      return { ...result, status: 'redirect', redirectUrl: checkoutUrl(claimed.id), kind: plan.kind };
    return { ...result, kind: plan.kind };
  }

  return { buy, usableCard };
}

export type QuickPurchase = ReturnType<typeof createQuickPurchase>;
