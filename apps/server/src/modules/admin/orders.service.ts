import type { AdminOrder, AdminPage, AdminRefundInput, AdminRefundPreview } from '@episodic/contract';
import { notFound } from '../../http/errors';
import { previewRefund, type RefundRecord } from '../billing/index';
import type { AdminDeps } from './admin-deps';
import { writeAudit, type AuditRecord, type Operator } from './audit';
import { batches } from './csv';
import { FieldCheck } from './input-rules';
import { findOrder, findOrders, type OrderFilter } from './orders.repository';

/** Orders and payments as operators search them, and refunds through the provider that took the money. */
export function createOrdersService(deps: AdminDeps) {
  const { db } = deps;

  function checkFilter(filter: OrderFilter): void {
    const check = new FieldCheck();
    if (filter.from && filter.to && filter.from > filter.to)
      check.add('to', 'date_range_invalid', 'The end date is before the start date.');
    check.check();
  }

  async function listOrders(filter: OrderFilter & { page: number; pageSize: number }): Promise<AdminPage<AdminOrder>> {
    checkFilter(filter);
    const { items, total, totalIsLowerBound } = await findOrders(
      db,
      filter,
      (filter.page - 1) * filter.pageSize,
      filter.pageSize + 1,
    );
    return {
      items: items.slice(0, filter.pageSize),
      page: filter.page,
      pageSize: filter.pageSize,
      hasMore: items.length > filter.pageSize,
      total,
      ...(totalIsLowerBound ? { totalIsLowerBound } : {}),
    };
  }

  async function getOrder(id: string): Promise<AdminOrder> {
    const order = await findOrder(db, id);
    if (!order) throw notFound('order_not_found', 'There is no such order.');
    return order;
  }

  /**
   * Refunds a paid order, in full or in part, through billing's refund command (through the provider
   * that took the money, never more than it cost); the audit entry is written in the refund's own
   * transaction.
   */
  async function refundOrder(operator: Operator, orderId: string, input: AdminRefundInput): Promise<AdminOrder> {
    const reason = input.reason.trim();
    await deps.refundOrder({
      orderId,
      reason,
      actorId: operator.userId,
      amount: input.amount,
      revokeUnlocks: input.revokeUnlocks ?? false,
      requestId: input.requestId,
      record: (trx, record) => writeAudit(trx, operator, refundAudit(record, reason)),
    });
    return getOrder(orderId);
  }

  /** What a refund of the order would give back and take back (read only), for the console's dialog. */
  function refundPreview(orderId: string, amount: number | undefined): Promise<AdminRefundPreview> {
    return previewRefund(db, orderId, amount);
  }

  /** Every order the filter finds, in the list's order, read a batch at a time (for the CSV download). */
  function exportOrders(filter: OrderFilter): AsyncIterable<AdminOrder> {
    checkFilter(filter);
    return batches(async (offset, limit) => (await findOrders(db, filter, offset, limit)).items);
  }

  return { listOrders, getOrder, refundOrder, refundPreview, exportOrders };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

/** The audit entry of a refund: what was given back and taken back, or why the provider refused. */
function refundAudit(record: RefundRecord, reason: string): AuditRecord {
  const { order } = record;
  if (record.outcome === 'failed') {
    return {
      action: 'order.refund-failed',
      targetType: 'order',
      targetId: order.id,
      summary: `The provider refused to refund order ${order.id}: ${record.error}`,
      after: { amount: record.amount },
      reason,
    };
  }
  const { reversal, order: refunded } = record;
  const coins =
    reversal.coinsReversed || reversal.coinsShort
      ? `; ${reversal.coinsReversed} coins taken back${reversal.coinsShort ? `, ${reversal.coinsShort} already spent` : ''}`
      : '';
  const reward =
    reversal.rewardCoinsReversed || reversal.rewardCoinsShort
      ? `; first-purchase bonus: ${reversal.rewardCoinsReversed} coins taken back${reversal.rewardCoinsShort ? `, ${reversal.rewardCoinsShort} already spent` : ''}`
      : '';
  const time = reversal.membershipEndsAt ? `; membership now ends ${reversal.membershipEndsAt.toISOString()}` : '';
  const revoked = record.unlocksRevoked.length
    ? `; took away ${record.unlocksRevoked.length} unlock${record.unlocksRevoked.length === 1 ? '' : 's'} bought with its coins`
    : '';
  const what = record.final && record.amount === refunded.amount ? 'Refunded' : 'Partly refunded';
  return {
    action: 'order.refund',
    targetType: 'order',
    targetId: order.id,
    summary: `${what} ${money(record.amount, refunded.currency)} of order ${order.id}${coins}${reward}${time}${revoked}`,
    before: { status: record.before },
    after: {
      status: record.final ? 'refunded' : 'paid',
      amount: record.amount,
      ...reversal,
      membershipEndsAt: reversal.membershipEndsAt?.toISOString() ?? null,
      unlocksRevoked: { userId: refunded.userId, episodeIds: record.unlocksRevoked },
    },
    reason,
  };
}
