import type { Kysely, Transaction } from 'kysely';
import { EnvelopeCode, type OrderStatus, type PayMethod } from '@episodic/contract';
import type { DB } from '../../db/schema';
import type { EventBus, PaidOrder } from '../../events';
import { AppError, notFound } from '../../http/errors';
import * as repo from './billing.repository';
import * as orderRepo from './orders.repository';
import * as membershipRepo from './memberships.repository';
import { periodBought } from './membership-period';
import { appendLedgerEntry } from './coin-ledger';
import { NOTHING_REVERSED, reverseOrderFulfilment, type Reversal } from './operator-money';
import { refundTotals } from './refunds.repository';
import type { ChargeOutcome } from './payment-provider';
import { renewalRetryAt } from './renewal-policy';

export type { OrderStatus, PaidOrder };
export type OrderTransition =
  'open' | 'pay' | 'needsAction' | 'settle' | 'fail' | 'renew' | 'reconcile' | 'cancel' | 'refund';
export type OrderRow = NonNullable<Awaited<ReturnType<typeof orderRepo.findOrder>>>;

const UNPAID = ['pending', 'processing', 'requires_action', 'failed'] as const;

/**
 * The order state machine: the statuses each transition starts from and the one it leads to. `open`
 * makes a new order. paid, cancelled and refunded are final but for a paid order's refund.
 */
export const ORDER_TRANSITIONS = {
  open: { from: [], to: 'pending' },
  pay: { from: ['pending', 'failed', 'requires_action'], to: 'processing' },
  needsAction: { from: UNPAID, to: 'requires_action' },
  settle: { from: UNPAID, to: 'paid' },
  fail: { from: UNPAID, to: 'failed' },
  renew: { from: ['pending', 'failed', 'requires_action'], to: 'processing' },
  reconcile: { from: ['processing'], to: 'failed' },
  cancel: { from: ['pending', 'requires_action', 'failed'], to: 'cancelled' },
  refund: { from: ['paid'], to: 'refunded' },
} as const satisfies Record<OrderTransition, { from: readonly OrderStatus[]; to: OrderStatus }>;

export function canMove(status: OrderStatus, transition: OrderTransition): boolean {
  return (ORDER_TRANSITIONS[transition].from as readonly OrderStatus[]).includes(status);
}

/** A transition asked of an order in a status it does not start from. */
export class OrderTransitionRefused extends AppError {
  constructor(
    readonly status: OrderStatus,
    readonly transition: OrderTransition,
  ) {
    super(EnvelopeCode.conflict, `This order is ${status}: "${transition}" does not apply to it.`);
  }
}

/** The one writer of an order's status: refuses a move the state machine does not allow. */
async function move(
  trx: Transaction<DB>,
  order: OrderRow,
  transition: OrderTransition,
  changes: Omit<Parameters<typeof orderRepo.updateOrder>[2], 'status'> = {},
) {
  if (!canMove(order.status, transition)) throw new OrderTransitionRefused(order.status, transition);
  const status = ORDER_TRANSITIONS[transition].to;
  await orderRepo.updateOrder(trx, order.id, { ...changes, status });
  return { ...order, ...changes, status };
}

const DAY_MS = 24 * 60 * 60 * 1000;

const paidOrder = (order: OrderRow, plan: repo.PlanRow): PaidOrder => ({
  id: order.id,
  userId: order.user_id,
  planId: order.plan_id,
  kind: plan.kind,
  amount: order.amount,
  currency: order.currency,
  purpose: order.purpose,
});
/** Unfinished orders one user may hold at once (no one needs more; thousands would be abuse). */
export const OPEN_ORDER_LIMIT = 20;

/** A transition's answer: the order after it, and whether it moved (false: refused, or already there). */
export interface Moved {
  order: OrderRow;
  changed: boolean;
}

/**
 * Each transition is one transaction with the order's row locked, together with its effect on the
 * ledger or the membership; a transition that does not apply to the order's status changes nothing.
 */
export function createOrderLifecycle(deps: { db: Kysely<DB>; events?: EventBus }) {
  const { db } = deps;
  deps.events?.emits('order.paid', 'order.fulfilled');

  /**
   * Opens an order at the plan's price; abandoned orders are cancelled first, and the open-order cap
   * holds. With a request key, the order that key opened before is answered instead of a new one.
   */
  async function open(
    userId: string,
    plan: repo.PlanRow,
    attribution: unknown,
    requestKey?: string,
  ): Promise<OrderRow> {
    return db.transaction().execute(async (trx) => {
      await orderRepo.lockUserOrders(trx, userId);
      // Under the buyer's order lock: concurrent requests with one key find the order the first one made.
      const earlier = requestKey ? await orderRepo.findOrderByRequestKey(trx, userId, requestKey) : undefined;
      if (earlier) return earlier;
      const dayAgo = new Date(Date.now() - DAY_MS);
      await orderRepo.expireAbandonedOrders(trx, userId, dayAgo);
      if ((await orderRepo.countOpenOrders(trx, userId, dayAgo)) >= OPEN_ORDER_LIMIT) {
        throw new AppError(
          EnvelopeCode.tooManyRequests,
          'You have too many unfinished orders. Please pay or wait for one of them before starting another (unpaid orders expire after a day).',
          'too_many_orders',
        );
      }
      return orderRepo.insertOrder(trx, {
        userId,
        planId: plan.id,
        amount: plan.price,
        currency: plan.currency,
        terms: orderRepo.termsOfPlan(plan),
        attribution,
        ...(requestKey ? { requestKey } : {}),
      });
    });
  }

  /**
   * Claims the buyer's order for a new payment attempt (its idempotency key). A card may pay an order
   * left at PayPal's approval page; PayPal starts only from an order not yet being paid; `onlyNew`
   * claims only an order never tried; `buyerEmail` is where a guest's receipt goes.
   */
  async function pay(
    userId: string,
    orderId: string,
    method: PayMethod,
    opts: { onlyNew?: boolean; buyerEmail?: string | null } = {},
  ): Promise<Moved> {
    return db.transaction().execute(async (trx) => {
      const order = await orderRepo.lockOrder(trx, orderId);
      if (!order || order.user_id !== userId) throw notFound('order_not_found', 'We could not find this order.');
      // `onlyNew`: a one-tap purchase charges its order once; a failed one is not tried again under the same request.
      if (opts.onlyNew && order.status !== 'pending') return { order, changed: false };
      const allowed =
        method === 'card'
          ? order.status !== 'requires_action' || order.provider === 'paypal'
          : order.status !== 'requires_action';
      if (!allowed || !canMove(order.status, 'pay')) return { order, changed: false };
      const attempt = order.attempt + 1;
      // A guest's email rides with the attempt that pays: the receipt goes where this buyer said.
      const contact = opts.buyerEmail ? { buyer_email: opts.buyerEmail } : {};
      const changes =
        method === 'card'
          ? { attempt, provider: null, provider_ref: null, ...contact }
          : { attempt, provider: 'paypal', provider_ref: null, failure_reason: null, ...contact };
      return { order: await move(trx, order, 'pay', changes), changed: true };
    });
  }

  /** Runs `change` on the order locked, when it is still at `attempt` and `transition` applies. */
  async function atAttempt(
    orderId: string,
    attempt: number,
    transition: OrderTransition,
    changes: Parameters<typeof move>[3],
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const order = await orderRepo.lockOrder(trx, orderId);
      if (!order || order.attempt !== attempt || !canMove(order.status, transition)) return false;
      await move(trx, order, transition, changes);
      return true;
    });
  }

  /** The buyer is sent to approve at the provider (PayPal) for this attempt. */
  const needsAction = (orderId: string, attempt: number, provider: string, providerRef: string) =>
    atAttempt(orderId, attempt, 'needsAction', { provider, provider_ref: providerRef });

  /** The attempt failed before any charge (the provider could not be reached). */
  const fail = (orderId: string, attempt: number, reason: string) =>
    atAttempt(orderId, attempt, 'fail', { failure_reason: reason });

  /** An attempt interrupted with no charge at the provider: the buyer can pay again. Only the same attempt, still processing. */
  const reconcile = (orderId: string, attempt: number, reason: string) =>
    atAttempt(orderId, attempt, 'reconcile', { failure_reason: reason });

  /** The buyer gave up (PayPal's cancel address): an unpaid order is cancelled. */
  async function cancel(orderId: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const order = await orderRepo.lockOrder(trx, orderId);
      if (!order || !canMove(order.status, 'cancel')) return false;
      await move(trx, order, 'cancel');
      return true;
    });
  }

  /**
   * Grants what an order bought: coins (purchase and bonus) or membership time, on the terms it was
   * opened with (the plan's only for an order older than its own terms). Idempotent per order.
   */
  async function fulfil(trx: Transaction<DB>, order: OrderRow, plan: repo.PlanRow): Promise<void> {
    if (plan.kind === 'coins') {
      const bonus = order.bonus_coins ?? plan.bonus_coins;
      await appendLedgerEntry(trx, {
        userId: order.user_id,
        delta: order.coins ?? plan.coins,
        kind: 'purchase',
        key: `order:${order.id}:coins`,
        orderId: order.id,
      });
      if (bonus > 0)
        await appendLedgerEntry(trx, {
          userId: order.user_id,
          delta: bonus,
          kind: 'bonus',
          key: `order:${order.id}:bonus`,
          orderId: order.id,
        });
      return;
    }
    const current = await membershipRepo.lockMembership(trx, order.user_id);
    // A price holds: an order grants the terms it was opened with. A renewal's are the member's
    // agreed ones (its order was made from them); one made before orders kept their terms continues
    // the membership's. A purchase is a new agreement at what its order cost, for the period it was
    // opened with, also for a member who cancelled and buys again.
    const terms =
      order.purpose === 'renewal' && current && order.renewal_days === null
        ? {
            renewal_price: current.renewal_price,
            renewal_currency: current.renewal_currency,
            renewal_days: current.renewal_days,
          }
        : {
            renewal_price: order.amount,
            renewal_currency: order.currency,
            renewal_days: order.renewal_days ?? plan.renewal_days!,
          };
    const { start, end } = periodBought(current, order.purpose, terms.renewal_days, new Date());
    await membershipRepo.saveMembershipPeriod(trx, order.user_id, Boolean(current), {
      plan_id: plan.id,
      current_period_start: start,
      current_period_end: end,
      payment_method_id: order.payment_method_id,
      ...terms,
    });
  }

  /**
   * Applies a provider's outcome to an order once: settle (paid, with what it bought and what
   * `order.fulfilled`'s handlers add, all or nothing), fail, or needs action. A renewal that stops being paid counts a failed attempt on the membership (retried later,
   * or lapsed), in the same transaction. A final order (paid, cancelled, refunded) does not move.
   * `plan` is the order's plan when the caller read it already; `now` is the renewal run's clock.
   * `attempt` is the attempt the outcome belongs to, when known: a failure or a pending check of an
   * earlier attempt (an event that arrives late) leaves a newer attempt as it is; money taken is
   * always recorded.
   */
  async function settle(
    orderId: string,
    outcome: ChargeOutcome,
    providerName: string,
    opts: { plan?: repo.PlanRow; now?: Date; attempt?: number } = {},
  ): Promise<Moved> {
    const result = await db.transaction().execute(async (trx): Promise<Moved & { plan?: repo.PlanRow }> => {
      // The buyer's row before the order's, in the order a guest merge takes them (users, then their
      // orders): a payment settling while its guest signs in waits for the merge instead of
      // deadlocking with it, and then finds the order on the account.
      await orderRepo.lockOrderBuyer(trx, orderId);
      const order = await orderRepo.lockOrder(trx, orderId);
      if (!order) throw notFound('order_not_found', 'We could not find this order.');
      const transition =
        outcome.status === 'succeeded' ? 'settle' : outcome.status === 'failed' ? 'fail' : 'needsAction';
      if (!canMove(order.status, transition)) return { order, changed: false };
      if (transition !== 'settle' && opts.attempt !== undefined && opts.attempt !== order.attempt)
        return { order, changed: false };
      // A card is kept (for one tap and renewals) only once a charge on it succeeded: one still
      // waiting for its bank's check, or whose check failed, was never shown to be its holder's. The
      // card a paid order names is the one that paid it: the charge's own, none for a payment without
      // a card (PayPal), the saved one a renewal was charged on when the charge does not name it.
      let paymentMethodId = order.payment_method_id;
      if (outcome.status === 'succeeded') {
        if (outcome.method)
          paymentMethodId =
            (await repo.paymentMethodIdByToken(trx, outcome.method.token)) ??
            (await repo.insertPaymentMethod(trx, { userId: order.user_id, provider: providerName, ...outcome.method }));
        else if (order.purpose !== 'renewal') paymentMethodId = null;
      }
      const ref = { provider: providerName, provider_ref: outcome.providerRef };
      if (outcome.status === 'succeeded') {
        const plan = opts.plan?.id === order.plan_id ? opts.plan : await repo.findPlan(trx, order.plan_id);
        if (!plan) throw new Error(`plan ${order.plan_id} vanished`);
        const paid = await move(trx, order, 'settle', {
          ...ref,
          payment_method_id: paymentMethodId,
          failure_reason: null,
          paid_at: new Date(),
        });
        await fulfil(trx, paid, plan);
        await deps.events?.emit('order.fulfilled', { order: paidOrder(paid, plan), trx });
        return { order: paid, changed: true, plan };
      }
      const moved =
        outcome.status === 'failed'
          ? await move(trx, order, 'fail', { ...ref, failure_reason: outcome.reason })
          : await move(trx, order, 'needsAction', { ...ref, payment_method_id: paymentMethodId });
      if (order.purpose === 'renewal' && order.status === 'processing')
        await renewalFailed(trx, order.user_id, outcome.status === 'requires_action', opts.now ?? new Date());
      return { order: moved, changed: true };
    });
    if (result.changed && result.plan) {
      const { order, plan } = result;
      await deps.events?.emit('order.paid', paidOrder(order, plan));
    }
    return { order: result.order, changed: result.changed };
  }

  /** A renewal attempt failed: the membership retries after a wait, or lapses after the last one (or when the card needs the buyer). */
  async function renewalFailed(trx: Transaction<DB>, userId: string, needsBuyer: boolean, now: Date): Promise<void> {
    const membership = await membershipRepo.lockMembership(trx, userId);
    if (!membership) return;
    const attempts = membership.renewal_attempts + 1;
    await membershipRepo.recordRenewalFailure(trx, userId, attempts, renewalRetryAt(attempts, needsBuyer, now));
  }

  /**
   * The renewal order of a membership's period, made once per period and claimed for a charge: a
   * new or failed one gets a new attempt, one left processing (a crash) keeps its attempt so the
   * provider is asked again under the same key. `state` says whether to charge.
   */
  async function renew(period: {
    userId: string;
    planId: string;
    periodEnd: Date;
    amount: number;
    currency: string;
    renewalDays: number;
    paymentMethodId: string | null;
  }): Promise<{ order: OrderRow; state: 'paid' | 'charge' | 'refused' }> {
    return db.transaction().execute(async (trx) => {
      const order = await orderRepo.renewalOrder(trx, period);
      if (order.status === 'paid') return { order, state: 'paid' as const };
      if (order.status === 'processing') return { order, state: 'charge' as const };
      if (!canMove(order.status, 'renew')) return { order, state: 'refused' as const };
      return { order: await move(trx, order, 'renew', { attempt: order.attempt + 1 }), state: 'charge' as const };
    });
  }

  /**
   * Applies a refund the provider made: takes back its share of what the order gave, and marks the
   * order refunded once its refunds give back all it cost (a partial refund leaves it paid).
   * `record` (the refund's own bookkeeping) runs in the same transaction.
   */
  async function refund(
    orderId: string,
    made: { id: string; amount: number },
    record: (trx: Transaction<DB>, before: OrderStatus, reversal: Reversal, order: OrderRow) => Promise<void>,
  ): Promise<Moved> {
    return db.transaction().execute(async (trx) => {
      const order = await orderRepo.lockOrder(trx, orderId);
      if (!order) throw notFound('order_not_found', 'There is no such order.');
      // Refunded already (by another path): nothing more is taken back, and the refund is still recorded.
      if (order.status === 'refunded') await record(trx, order.status, NOTHING_REVERSED, order);
      if (!canMove(order.status, 'refund')) return { order, changed: false };
      const { refunded } = await refundTotals(trx, orderId);
      const share = { refundId: made.id, orderAmount: order.amount, before: refunded, after: refunded + made.amount };
      const reversal = await reverseOrderFulfilment(trx, order, share);
      const moved = share.after >= order.amount ? await move(trx, order, 'refund') : order;
      await record(trx, order.status, reversal, order);
      return { order: moved, changed: moved !== order };
    });
  }

  return { open, pay, needsAction, settle, fail, renew, reconcile, cancel, refund };
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
