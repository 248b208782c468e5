import type { Kysely, Transaction } from 'kysely';
import type { OrderStatus } from '@episodic/contract';
import type { DB } from '../../db/schema';
import { conflict, fieldProblem, invalidInput, notFound, userError } from '../../http/errors';
import { revokeUnlocks } from './operator-access';
import * as orderRepo from './orders.repository';
import * as refundRepo from './refunds.repository';
import type { OrderLifecycle } from './order-lifecycle';
import type { Reversal } from './operator-money';
import { checkAmount, heldUnlocksPaidWith } from './refund-preview';

/** Refunds a provider's charge (by its reference at the provider) in full or in part. */
export interface Refunder {
  /** `key` is the refund's own: the same refund asked again is made once by the provider. */
  refund(providerRef: string, amount: number, currency: string, key: string): Promise<void>;
}

/** What happened to a refund, for the caller's own record (the console's audit log), in the refund's transaction. */
export type RefundRecord =
  | {
      outcome: 'refunded';
      order: { id: string; amount: number; currency: string; userId: string };
      /** This refund's amount, and whether it completed the order (refunded in full). */
      amount: number;
      final: boolean;
      before: OrderStatus;
      reversal: Reversal;
      unlocksRevoked: number[];
    }
  | { outcome: 'failed'; order: { id: string; provider: string }; amount: number; error: string };

export interface RefundRequest {
  orderId: string;
  /** Why (the buyer may ask); required. */
  reason: string;
  /** The operator asking. */
  actorId: string;
  /** Minor units, at most what is left to refund; all that is left without it. */
  amount?: number;
  /** Also take away the unlocks paid with the order's spent coins (refund-preview.ts says which). */
  revokeUnlocks?: boolean;
  /** The console's request id: the same request sent twice is one refund. */
  requestId?: string;
  record?: (trx: Transaction<DB>, record: RefundRecord) => Promise<void>;
}

/**
 * Refunds a paid order, in full or in part, through the provider that took the money, then takes
 * back the refund's share of what it gave (coins in proportion, as far as the balance allows;
 * membership time with the refund that completes the order) in one transaction. An order may have
 * several refunds, together never more than it cost: each is claimed under the order's row lock,
 * counting the refunds still being made, so concurrent requests cannot give back more. A refund the
 * provider refused can be tried again (the same request id). `refunders` are the providers by the
 * name orders record (`sandbox`, `stripe`, `paypal`).
 */
export function createRefunds(deps: {
  db: Kysely<DB>;
  lifecycle: OrderLifecycle;
  refunders: Record<string, Refunder>;
}) {
  const { db } = deps;

  /** Claims a refund of the order: a new one, or the request's own that failed or was left behind. */
  async function claim(request: RefundRequest & { reason: string }) {
    const { orderId, actorId, reason } = request;
    return db.transaction().execute(async (trx) => {
      const order = await orderRepo.lockOrder(trx, orderId);
      if (!order) throw notFound('order_not_found', 'There is no such order.');
      if (request.requestId) {
        const prior = await refundRepo.refundByRequest(trx, orderId, request.requestId);
        // The same request again is answered as done; its id with another amount (an edited form) is refused.
        if (prior && request.amount !== undefined && prior.amount !== request.amount)
          throw conflict(
            'already_used',
            'This refund request was already used for another amount: reload and try again.',
          );
        if (prior?.status === 'succeeded') return { order, refund: null };
        if (prior?.status === 'processing' && !prior.stale)
          throw conflict('refund_under_way', 'This refund is already under way.');
        if (prior) {
          await refundRepo.reclaimRefund(trx, prior.id, reason, actorId);
          return { order, refund: { id: prior.id, amount: prior.amount } };
        }
      }
      if (order.status === 'refunded' && request.amount === undefined) return { order, refund: null };
      if (order.status !== 'paid' && order.status !== 'refunded')
        throw conflict('refund_not_possible', `Only paid orders can be refunded; this one is ${order.status}.`);
      const { refunded, inFlight } = await refundRepo.refundTotals(trx, orderId);
      const refundable = order.status === 'paid' ? Math.max(0, order.amount - refunded - inFlight) : 0;
      if (refundable === 0 && inFlight > 0 && request.amount === undefined)
        throw conflict('refund_under_way', 'A refund of this order is already under way.');
      const amount = request.amount ?? refundable;
      checkAmount(amount, refundable, order.currency);
      const id = await refundRepo.insertRefund(trx, {
        orderId,
        amount,
        reason,
        actorId,
        requestId: request.requestId ?? null,
      });
      return { order, refund: { id, amount } };
    });
  }

  return async function refundOrder(request: RefundRequest): Promise<void> {
    const { orderId } = request;
    const reason = request.reason.trim();
    if (!reason)
      throw invalidInput({
        reason: fieldProblem('reason_required', 'Say why the order is refunded (the buyer may ask).'),
      });
    const found = await orderRepo.findOrder(db, orderId);
    if (!found) throw notFound('order_not_found', 'There is no such order.');
    const refunder = found.provider ? deps.refunders[found.provider] : undefined;
    if ((found.status === 'paid' || found.status === 'refunded') && (!found.provider || !found.provider_ref))
      throw conflict('refund_not_possible', 'This order has no payment at a provider to refund.');
    if (found.status === 'paid' && !refunder)
      throw conflict('refund_not_possible', `Refunds through ${found.provider} are not available on this server.`);

    const { order, refund } = await claim({ ...request, reason });
    if (!refund) return;
    const provider = order.provider!;
    try {
      await refunder!.refund(order.provider_ref!, refund.amount, order.currency, `refund:${orderId}:${refund.id}`);
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 300) || 'no reason given';
      await db.transaction().execute(async (trx) => {
        await refundRepo.markRefundFailed(trx, refund.id, error);
        await request.record?.(trx, {
          outcome: 'failed',
          order: { id: orderId, provider },
          amount: refund.amount,
          error,
        });
      });
      throw userError('refund_failed', `${provider} did not refund this payment: ${error}`);
    }

    await deps.lifecycle.refund(orderId, refund, async (trx, before, reversal, locked) => {
      let revoked: number[] = [];
      if (request.revokeUnlocks) {
        revoked = await revokeUnlocks(trx, {
          userId: locked.user_id,
          episodeIds: await heldUnlocksPaidWith(trx, locked),
          actorId: request.actorId,
          refundId: refund.id,
          reason,
        });
      }
      await refundRepo.markRefundSucceeded(trx, refund.id, reversal, revoked.length);
      const { refunded } = await refundRepo.refundTotals(trx, orderId);
      await request.record?.(trx, {
        outcome: 'refunded',
        order: { id: orderId, amount: locked.amount, currency: locked.currency, userId: locked.user_id },
        amount: refund.amount,
        final: refunded >= locked.amount,
        before,
        reversal,
        unlocksRevoked: revoked,
      });
    });
  };
}
