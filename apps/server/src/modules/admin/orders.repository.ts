import { sql, type Kysely, type Transaction } from 'kysely';
import type { AdminAttribution, AdminAttributionSource, AdminOrder, AdminRefund } from '@episodic/contract';
import type { DB, OrderStatus } from '../../db/schema';
import type { OrderSummaryRow } from '../../db/schema-types';
import { findOrderIds, orderBy, type OrderFilter } from './orders-search.repository';

export type { OrderFilter };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Executor = Kysely<DB> | Transaction<DB>;

interface OrderRow extends OrderSummaryRow {
  user_id: string;
  email: string | null;
  is_guest: boolean;
  buyer_email: string | null;
  provider: string | null;
  provider_ref: string | null;
  brand: string | null;
  last4: string | null;
  attribution: unknown;
  r_status: 'processing' | 'succeeded' | 'failed' | null;
  r_amount: number | null;
  r_reason: string | null;
  r_by: string | null;
  r_error: string | null;
  r_coins_reversed: number | null;
  r_coins_short: number | null;
  r_reward_coins_reversed: number | null;
  r_reward_coins_short: number | null;
  r_membership_ends_at: Date | null;
  r_unlocks_revoked: number | null;
  r_created_at: Date | null;
  r_completed_at: Date | null;
  refunded_amount: number;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * Which campaign an order came from: the click ids the ordering request carried, else the buyer's
 * last touch before it (copied onto the order by tracking). A Facebook click id wins over a TikTok
 * one, which wins over a referrer token; none of them is organic. The SQL function order_source
 * (migration 0029) is the same rule, for the dashboard's counters.
 */
export function attributionOf(raw: unknown): AdminAttribution {
  const a = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const last = (a.lastTouch && typeof a.lastTouch === 'object' ? a.lastTouch : {}) as Record<string, unknown>;
  const own = { fbclid: text(a.fbclid), ttclid: text(a.ttclid), refererToken: text(a.refererToken) };
  const ids =
    own.fbclid || own.ttclid || own.refererToken
      ? own
      : { fbclid: text(last.fbclid), ttclid: text(last.ttclid), refererToken: text(last.refererToken) };
  const source: AdminAttributionSource = ids.fbclid
    ? 'fbclid'
    : ids.ttclid
      ? 'ttclid'
      : ids.refererToken
        ? 'referrer'
        : 'organic';
  return { source, ...ids };
}

function orderDto(r: OrderRow): AdminOrder {
  return {
    id: r.id,
    user: { id: r.user_id, email: r.email, isGuest: r.is_guest },
    buyerEmail: r.buyer_email,
    planId: r.plan_id,
    planName: r.plan_name,
    kind: r.kind,
    purpose: r.purpose,
    amount: r.amount,
    currency: r.currency,
    // The table's CHECK constraint holds it to the contract's list.
    status: r.status as OrderStatus,
    provider: r.provider,
    providerRef: r.provider_ref,
    card: r.brand && r.last4 ? `${r.brand} •••• ${r.last4}` : null,
    failureReason: r.failure_reason,
    attribution: attributionOf(r.attribution),
    createdAt: r.created_at.toISOString(),
    paidAt: r.paid_at?.toISOString() ?? null,
    refund: r.r_status ? refundDto(r) : null,
    refundedAmount: Number(r.refunded_amount),
    refunds: [],
  };
}

type RefundColumns = Pick<
  OrderRow,
  | 'r_status'
  | 'r_amount'
  | 'r_reason'
  | 'r_by'
  | 'r_error'
  | 'r_coins_reversed'
  | 'r_coins_short'
  | 'r_reward_coins_reversed'
  | 'r_reward_coins_short'
  | 'r_membership_ends_at'
  | 'r_unlocks_revoked'
  | 'r_created_at'
  | 'r_completed_at'
>;

function refundDto(r: RefundColumns): AdminRefund {
  return {
    status: r.r_status!,
    amount: r.r_amount ?? 0,
    reason: r.r_reason ?? '',
    by: r.r_by,
    error: r.r_error,
    coinsReversed: r.r_coins_reversed ?? 0,
    coinsShort: r.r_coins_short ?? 0,
    rewardCoinsReversed: r.r_reward_coins_reversed ?? 0,
    rewardCoinsShort: r.r_reward_coins_short ?? 0,
    membershipEndsAt: r.r_membership_ends_at?.toISOString() ?? null,
    unlocksRevoked: r.r_unlocks_revoked ?? 0,
    createdAt: r.r_created_at!.toISOString(),
    completedAt: r.r_completed_at?.toISOString() ?? null,
  };
}

const REFUND_COLUMNS = sql`r.status AS r_status, r.amount AS r_amount, r.reason AS r_reason, ra.email AS r_by, r.error AS r_error,
      r.coins_reversed AS r_coins_reversed, r.coins_short AS r_coins_short,
      r.reward_coins_reversed AS r_reward_coins_reversed, r.reward_coins_short AS r_reward_coins_short, r.membership_ends_at AS r_membership_ends_at,
      r.unlocks_revoked AS r_unlocks_revoked, r.created_at AS r_created_at, r.completed_at AS r_completed_at`;

const ORDER_COLUMNS = sql`o.id, o.user_id, u.email, u.is_guest, o.buyer_email, o.plan_id, COALESCE(pt.name, o.plan_id) AS plan_name, p.kind, o.purpose, o.amount, o.currency,
      o.status, o.provider, o.provider_ref, pm.brand, pm.last4, o.failure_reason, o.attribution, o.created_at, o.paid_at,
      ${REFUND_COLUMNS},
      (SELECT COALESCE(sum(s.amount), 0) FROM refunds s WHERE s.order_id = o.id AND s.status = 'succeeded') AS refunded_amount`;

/** An order with its buyer, plan (named in English), card, latest refund and the operator who asked it. */
const ORDER_SOURCES = sql`orders o
    JOIN users u ON u.id = o.user_id
    JOIN plans p ON p.id = o.plan_id
    LEFT JOIN plan_translations pt ON pt.plan_id = p.id AND pt.language = 'en'
    LEFT JOIN payment_methods pm ON pm.id = o.payment_method_id
    LEFT JOIN LATERAL (SELECT * FROM refunds l WHERE l.order_id = o.id ORDER BY l.id DESC LIMIT 1) r ON true
    LEFT JOIN users ra ON ra.id = r.actor_id`;

/** Orders matching a filter, newest first, with buyer, plan, card, attribution and refund. */
export async function findOrders(
  db: Executor,
  filter: OrderFilter,
  offset: number,
  limit: number,
): Promise<{ items: AdminOrder[]; total: number; totalIsLowerBound: boolean }> {
  const { ids, total, totalIsLowerBound } = await findOrderIds(db, filter, offset, limit);
  if (ids.length === 0) return { items: [], total, totalIsLowerBound };
  const { rows } = await sql<OrderRow>`
    SELECT ${ORDER_COLUMNS}
    FROM ${ORDER_SOURCES}
    WHERE o.id = ANY(${ids}::uuid[])
    ORDER BY ${orderBy(filter)}`.execute(db);
  return { items: rows.map(orderDto), total, totalIsLowerBound };
}

/** One order by its id, with all its refunds (oldest first); undefined when there is none (or the id is no order id). */
export async function findOrder(db: Executor, id: string): Promise<AdminOrder | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await sql<OrderRow>`
    SELECT ${ORDER_COLUMNS}
    FROM ${ORDER_SOURCES}
    WHERE o.id = ${id}::uuid`.execute(db);
  if (!rows[0]) return undefined;
  const refunds = await sql<RefundColumns>`
    SELECT ${REFUND_COLUMNS} FROM refunds r LEFT JOIN users ra ON ra.id = r.actor_id
    WHERE r.order_id = ${id}::uuid ORDER BY r.id`.execute(db);
  return { ...orderDto(rows[0]), refunds: refunds.rows.map(refundDto) };
}
