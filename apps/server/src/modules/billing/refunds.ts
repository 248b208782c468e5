import type { Kysely, Transaction } from 'kysely';
import type { OrderStatus } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { conflict, fieldProblem, invalidInput, notFound, userError } from '../../http/errors';
import * as orderRepo from './orders.repository';
import type { OrderLifecycle } from './order-lifecycle';
import type { Reversal } from './operator-money';

/** Refunds a provider's charge (by its reference at the provider) in full or in part. */
export interface Refunder {
  refund(providerRef: string, amount: number, currency: string): Promise<void>;
}

/** What happened to a refund, for the caller's own record (the console's audit log), in the refund's transaction. */
export type RefundRecord =
  | {
      outcome: 'refunded';
      order: { id: string; amount: number; currency: string };
      before: OrderStatus;
      reversal: Reversal;
    }
  | { outcome: 'failed'; order: { id: string; provider: string }; error: string };

export interface RefundRequest {
  orderId: string;
  /** Why (the buyer may ask); required. */
  reason: string;
  /** The operator asking. */
  actorId: string;
  record?: (trx: Transaction<DB>, record: RefundRecord) => Promise<void>;
}

/**
 * Refunds a paid order in full through the provider that took the money, then takes back what it
 * gave (its coins, as far as the balance allows, or its membership time) and marks it refunded, in
 * one transaction. One refund per order: the claim is a row keyed by the order, so a double click or
 * two operators at once ask the provider once. A refund the provider refused can be tried again.
 * `refunders` are the providers by the name orders record (`sandbox`, `stripe`, `paypal`).
 */
export function createRefunds(deps: {
  db: Kysely<DB>;
  lifecycle: OrderLifecycle;
  refunders: Record<string, Refunder>;
}) {
  const { db } = deps;

  return async function refundOrder(request: RefundRequest): Promise<void> {
    const { orderId, actorId } = request;
    const reason = request.reason.trim();
    if (!reason)
      throw invalidInput({
        reason: fieldProblem('reason_required', 'Say why the order is refunded (the buyer may ask).'),
      });
    const order = await orderRepo.findOrder(db, orderId);
    if (!order) throw notFound('order_not_found', 'There is no such order.');
    if (order.status === 'refunded') return;
    if (order.status !== 'paid')
      throw conflict('refund_not_possible', `Only paid orders can be refunded; this one is ${order.status}.`);
    const refunder = order.provider ? deps.refunders[order.provider] : undefined;
    if (!order.provider || !order.provider_ref)
      throw conflict('refund_not_possible', 'This order has no payment at a provider to refund.');
    if (!refunder)
      throw conflict('refund_not_possible', `Refunds through ${order.provider} are not available on this server.`);

    if (!(await orderRepo.claimRefund(db, { orderId, amount: order.amount, reason, actorId }))) {
      if ((await orderRepo.refundStatus(db, orderId)) === 'succeeded') return;
      throw conflict('refund_under_way', 'A refund of this order is already under way.');
    }

    try {
      await refunder.refund(order.provider_ref, order.amount, order.currency);
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 300) || 'no reason given';
      await db.transaction().execute(async (trx) => {
        await orderRepo.markRefundFailed(trx, orderId, error);
        await request.record?.(trx, { outcome: 'failed', order: { id: orderId, provider: order.provider! }, error });
      });
      throw userError('refund_failed', `${order.provider} did not refund this payment: ${error}`);
    }

    await deps.lifecycle.refund(orderId, async (trx, before, reversal) => {
      await orderRepo.markRefundSucceeded(trx, orderId, reversal);
      await request.record?.(trx, {
        outcome: 'refunded',
        order: { id: orderId, amount: order.amount, currency: order.currency },
        before,
        reversal,
      });
    });
  };
}
