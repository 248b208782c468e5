import { sql } from 'kysely';
import type { AdminOrder, AdminPage } from '@episodic/contract';
import { conflict, notFound, userError } from '../../http/errors';
import { reverseOrderFulfilment } from '../billing/index';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type Operator } from './audit';
import { FieldCheck } from './input-rules';
import { findOrder, findOrders, type OrderFilter } from './orders.repository';

/** A refund left "processing" this long (a crash while the provider was asked) may be claimed again. */
const REFUND_LEASE_MINUTES = 10;

/** Orders and payments as operators search them, and refunds through the provider that took the money. */
export function createOrdersService(deps: AdminDeps) {
  const { db } = deps;

  async function listOrders(filter: OrderFilter & { page: number; pageSize: number }): Promise<AdminPage<AdminOrder>> {
    const check = new FieldCheck();
    if (filter.from && filter.to && filter.from > filter.to) check.add('to', 'date_range_invalid', 'The end date is before the start date.');
    check.check();
    const { items, total } = await findOrders(db, filter, (filter.page - 1) * filter.pageSize, filter.pageSize + 1);
    return { items: items.slice(0, filter.pageSize), page: filter.page, pageSize: filter.pageSize, hasMore: items.length > filter.pageSize, total };
  }

  async function getOrder(id: string): Promise<AdminOrder> {
    const order = await findOrder(db, id);
    if (!order) throw notFound('order_not_found', 'There is no such order.');
    return order;
  }

  /**
   * Refunds a paid order in full through its provider, then takes back what it gave (its coins, as
   * far as the balance allows, or its membership time) and marks it refunded, in one transaction.
   * One refund per order: the claim is a row keyed by the order, so a double click or two operators
   * at once ask the provider once. A refund the provider refused can be tried again.
   */
  async function refundOrder(operator: Operator, orderId: string, reasonInput: string): Promise<AdminOrder> {
    const reason = reasonInput.trim();
    const check = new FieldCheck();
    if (!reason) check.add('reason', 'reason_required', 'Say why the order is refunded (the buyer may ask).');
    check.check();
    const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (!order) throw notFound('order_not_found', 'There is no such order.');
    if (order.status === 'refunded') return getOrder(orderId);
    if (order.status !== 'paid') throw conflict('refund_not_possible', `Only paid orders can be refunded; this one is ${order.status}.`);
    const refunder = order.provider ? deps.refunders[order.provider] : undefined;
    if (!order.provider || !order.provider_ref) throw conflict('refund_not_possible', 'This order has no payment at a provider to refund.');
    if (!refunder) throw conflict('refund_not_possible', `Refunds through ${order.provider} are not available on this server.`);

    const { rows: claimed } = await sql<{ order_id: string }>`
      INSERT INTO refunds (order_id, amount, status, reason, actor_id)
      VALUES (${orderId}::uuid, ${order.amount}, 'processing', ${reason}, ${operator.userId}::uuid)
      ON CONFLICT (order_id) DO UPDATE SET status = 'processing', reason = excluded.reason, actor_id = excluded.actor_id, error = NULL, updated_at = now()
        WHERE refunds.status = 'failed' OR (refunds.status = 'processing' AND refunds.updated_at < now() - make_interval(mins => ${REFUND_LEASE_MINUTES}))
      RETURNING order_id`.execute(db);
    if (claimed.length === 0) {
      const existing = await db.selectFrom('refunds').select('status').where('order_id', '=', orderId).executeTakeFirst();
      if (existing?.status === 'succeeded') return getOrder(orderId);
      throw conflict('refund_under_way', 'A refund of this order is already under way.');
    }

    try {
      await refunder.refund(order.provider_ref, order.amount, order.currency);
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 300) || 'no reason given';
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('refunds').set({ status: 'failed', error: message, updated_at: new Date() }).where('order_id', '=', orderId).execute();
        await writeAudit(trx, operator, { action: 'order.refund-failed', targetType: 'order', targetId: orderId, summary: `The provider refused to refund order ${orderId}: ${message}`, reason });
      });
      throw userError('refund_failed', `${order.provider} did not refund this payment: ${message}`);
    }

    await db.transaction().execute(async (trx) => {
      const locked = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirstOrThrow();
      // Another path (a provider's refund event) may have marked it already; the reversal happens once.
      const reversal = locked.status === 'paid' ? await reverseOrderFulfilment(trx, locked) : { coinsReversed: 0, coinsShort: 0, membershipEndsAt: null };
      await trx.updateTable('orders').set({ status: 'refunded', updated_at: new Date() }).where('id', '=', orderId).execute();
      await trx
        .updateTable('refunds')
        .set({
          status: 'succeeded',
          coins_reversed: reversal.coinsReversed,
          coins_short: reversal.coinsShort,
          membership_ends_at: reversal.membershipEndsAt,
          completed_at: new Date(),
          updated_at: new Date(),
        })
        .where('order_id', '=', orderId)
        .execute();
      const taken = reversal.coinsReversed || reversal.coinsShort ? `; ${reversal.coinsReversed} coins taken back${reversal.coinsShort ? `, ${reversal.coinsShort} already spent` : ''}` : reversal.membershipEndsAt ? `; membership now ends ${reversal.membershipEndsAt.toISOString()}` : '';
      await writeAudit(trx, operator, {
        action: 'order.refund',
        targetType: 'order',
        targetId: orderId,
        summary: `Refunded ${(order.amount / 100).toFixed(2)} ${order.currency} of order ${orderId}${taken}`,
        before: { status: locked.status },
        after: { status: 'refunded', ...reversal, membershipEndsAt: reversal.membershipEndsAt?.toISOString() ?? null },
        reason,
      });
    });
    return getOrder(orderId);
  }

  return { listOrders, getOrder, refundOrder };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
