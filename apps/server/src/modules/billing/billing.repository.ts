import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { Language } from '@episodic/contract';
import type { DB, OrderStatus, Plans } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/** The columns of a plan a sale needs (from the generated schema), with its texts in one language. */
export type PlanColumns = Pick<
  Selectable<Plans>,
  'id' | 'kind' | 'price' | 'currency' | 'renewal_days' | 'coins' | 'bonus_coins' | 'active'
>;
export type PlanRow = PlanColumns & { name: string; description: string };

const planQuery = (lang: Language, where: RawBuilder<unknown>) => sql<PlanRow>`
  SELECT p.id, p.kind, p.price, p.currency, p.renewal_days, p.coins, p.bonus_coins, p.active,
    COALESCE(t.name, en.name, p.id) AS name, COALESCE(t.description, en.description, '') AS description
  FROM plans p
  LEFT JOIN plan_translations t ON t.plan_id = p.id AND t.language = ${lang}
  LEFT JOIN plan_translations en ON en.plan_id = p.id AND en.language = 'en'
  WHERE ${where}
  ORDER BY p.position, p.id`;

export async function listPlans(db: Executor, lang: Language, onlyActive = true): Promise<PlanRow[]> {
  return (await planQuery(lang, onlyActive ? sql`p.active` : sql`true`).execute(db)).rows;
}

/** One plan by id (on sale or not), named in `lang`. */
export async function findPlan(db: Executor, id: string, lang: Language = 'en'): Promise<PlanRow | undefined> {
  return (await planQuery(lang, sql`p.id = ${id}`).execute(db)).rows[0];
}

// Order status is written only through order-lifecycle.ts, which calls the writers below.

export function insertOrder(
  db: Executor,
  order: {
    userId: string;
    planId: string;
    amount: number;
    currency: string;
    purpose?: 'purchase' | 'renewal';
    attribution?: unknown;
  },
) {
  return db
    .insertInto('orders')
    .values({
      user_id: order.userId,
      plan_id: order.planId,
      amount: order.amount,
      currency: order.currency,
      purpose: order.purpose ?? 'purchase',
      attribution: order.attribution === undefined ? null : JSON.stringify(order.attribution),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Serializes order creation per user until the transaction ends (the open-order cap holds under races). */
export async function lockUserOrders(trx: Transaction<DB>, userId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`open-orders:${userId}`}))`.execute(trx);
}

/**
 * Expires a user's abandoned orders: never paid and untouched since `before` (a card form left
 * open, a PayPal approval never finished). No money is in flight for these, so nothing is lost.
 */
export async function expireAbandonedOrders(db: Executor, userId: string, before: Date): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'cancelled', failure_reason: 'Expired unpaid.', updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'purchase')
    .where('updated_at', '<', before)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'requires_action'), eb('provider', '=', 'paypal')]),
      ]),
    )
    .execute();
}

/** Orders of a user still unfinished: awaiting payment or a processor, or failed since `failedSince`. */
export async function countOpenOrders(db: Executor, userId: string, failedSince: Date): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', 'purchase')
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['pending', 'processing', 'requires_action']),
        eb.and([eb('status', '=', 'failed'), eb('updated_at', '>=', failedSince)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findOrder(db: Executor, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockOrder(trx: Transaction<DB>, id: string) {
  return trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateOrder(
  db: Executor,
  id: string,
  changes: Partial<{
    status: OrderStatus;
    provider: string | null;
    provider_ref: string | null;
    payment_method_id: string | null;
    attempt: number;
    failure_reason: string | null;
    paid_at: Date | null;
  }>,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export function findOrderByProviderRef(db: Executor, provider: string, ref: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', ref)
    .executeTakeFirst();
}

export interface OrderListRow {
  id: string;
  plan_id: string;
  plan_name: string;
  kind: 'membership' | 'coins';
  purpose: 'purchase' | 'renewal';
  amount: number;
  currency: string;
  status: OrderStatus;
  failure_reason: string | null;
  created_at: Date;
  paid_at: Date | null;
}

const userOrdersQuery = (userId: string, lang: Language, where: RawBuilder<unknown>) => sql<OrderListRow>`
  SELECT o.id, o.plan_id, COALESCE(t.name, en.name, o.plan_id) AS plan_name, p.kind, o.purpose, o.amount, o.currency, o.status,
    o.failure_reason, o.created_at, o.paid_at
  FROM orders o JOIN plans p ON p.id = o.plan_id
  LEFT JOIN plan_translations t ON t.plan_id = p.id AND t.language = ${lang}
  LEFT JOIN plan_translations en ON en.plan_id = p.id AND en.language = 'en'
  WHERE o.user_id = ${userId}::uuid AND ${where}
  ORDER BY o.created_at DESC, o.id`;

export async function ordersPage(
  db: Executor,
  userId: string,
  lang: Language,
  offset: number,
  limit: number,
): Promise<OrderListRow[]> {
  const { rows } =
    await sql<OrderListRow>`${userOrdersQuery(userId, lang, sql`true`)} OFFSET ${offset} LIMIT ${limit}`.execute(db);
  return rows;
}

/** One order of a user, by its primary key. */
export async function findUserOrder(
  db: Executor,
  userId: string,
  orderId: string,
  lang: Language,
): Promise<OrderListRow | undefined> {
  return (await userOrdersQuery(userId, lang, sql`o.id = ${orderId}::uuid`).execute(db)).rows[0];
}

export function findMembership(db: Executor, userId: string) {
  return db.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function lockMembership(trx: Transaction<DB>, userId: string) {
  return trx.selectFrom('memberships').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

export async function insertPaymentMethod(
  db: Executor,
  pm: {
    userId: string;
    provider: string;
    token: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
  },
): Promise<string> {
  const row = await db
    .insertInto('payment_methods')
    .values({
      user_id: pm.userId,
      provider: pm.provider,
      provider_token: pm.token,
      brand: pm.brand,
      last4: pm.last4,
      exp_month: pm.expMonth,
      exp_year: pm.expYear,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function latestPaymentMethod(db: Executor, userId: string) {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findPaymentMethod(db: Executor, id: string) {
  return db.selectFrom('payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records a provider event once; false when it was seen before (a replay). */
export async function recordWebhookEvent(db: Executor, provider: string, eventId: string): Promise<boolean> {
  const row = await db
    .insertInto('webhook_events')
    .values({ provider, event_id: eventId })
    .onConflict((oc) => oc.doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The coin balance and the membership row of a user, in one round trip (read on every user answer). */
export async function moneySummary(db: Executor, userId: string) {
  const row = await db
    .selectFrom(sql<{ one: number }>`(SELECT 1)`.as('x'))
    .leftJoin('memberships as m', (j) => j.on('m.user_id', '=', userId))
    .select((eb) => [
      eb.selectFrom('coin_balances').select('balance').where('user_id', '=', userId).as('coins'),
      'm.plan_id',
      'm.status',
      'm.current_period_end',
      'm.auto_renew',
    ])
    .executeTakeFirstOrThrow();
  const { plan_id, status, current_period_end, auto_renew } = row;
  const membership =
    plan_id && status && current_period_end && auto_renew !== null
      ? { plan_id, status, current_period_end, auto_renew }
      : undefined;
  return { coins: row.coins ?? 0, membership };
}

/** Whether a provider's event was applied before. */
export async function webhookEventSeen(db: Executor, provider: string, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_events')
    .select('event_id')
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Holds the buyer's row (key share) for the rest of the transaction, when the order exists. */
export async function lockOrderBuyer(trx: Transaction<DB>, orderId: string): Promise<void> {
  const buyer = await trx.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirst();
  if (buyer) await trx.selectFrom('users').select('id').where('id', '=', buyer.user_id).forKeyShare().execute();
}

export async function paymentMethodIdByToken(db: Executor, token: string): Promise<string | undefined> {
  return (await db.selectFrom('payment_methods').select('id').where('provider_token', '=', token).executeTakeFirst())
    ?.id;
}

export type MembershipPeriod = Pick<
  Insertable<DB['memberships']>,
  'plan_id' | 'current_period_start' | 'current_period_end' | 'payment_method_id'
>;

/** Starts or continues a paid period: active, renewing, no retries pending. */
export async function saveMembershipPeriod(
  trx: Transaction<DB>,
  userId: string,
  exists: boolean,
  period: MembershipPeriod,
): Promise<void> {
  const now = new Date();
  const values = {
    ...period,
    status: 'active' as const,
    auto_renew: true,
    renewal_attempts: 0,
    next_attempt_at: null,
    cancelled_at: null,
    updated_at: now,
  };
  if (exists) await trx.updateTable('memberships').set(values).where('user_id', '=', userId).execute();
  else
    await trx
      .insertInto('memberships')
      .values({ user_id: userId, ...values })
      .execute();
}

/** Stops auto-renewal (of the period ending at `periodEnd` only, when given); the paid period stays. */
export function stopAutoRenew(db: Executor, userId: string, periodEnd?: Date) {
  let query = db
    .updateTable('memberships')
    .set({ auto_renew: false, cancelled_at: new Date(), next_attempt_at: null, updated_at: new Date() })
    .where('user_id', '=', userId);
  if (periodEnd)
    query = query
      .where('status', '=', 'active')
      .where('auto_renew', '=', true)
      .where('current_period_end', '=', periodEnd);
  return query.returningAll().executeTakeFirst();
}

export function userContact(db: Executor, userId: string) {
  return db.selectFrom('users').select(['email', 'language']).where('id', '=', userId).executeTakeFirst();
}

/** Memberships whose paid period has ended and that renew, not claimed by another instance. */
export function dueRenewals(db: Executor, now: Date, limit: number) {
  return db
    .selectFrom('memberships')
    .select('user_id')
    .where('status', '=', 'active')
    .where('auto_renew', '=', true)
    .where('current_period_end', '<=', now)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .limit(limit)
    .execute();
}

/** Claims a due renewal until `leaseUntil` (one instance renews it); undefined when it is not due or taken. */
export function claimRenewal(db: Executor, userId: string, now: Date, leaseUntil: Date) {
  return db
    .updateTable('memberships')
    .set({ next_attempt_at: leaseUntil, updated_at: now })
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('auto_renew', '=', true)
    .where('current_period_end', '<=', now)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .returningAll()
    .executeTakeFirst();
}

/** A failed renewal: its attempts counted, and the next one scheduled at `nextAt`, or the membership lapses (null). */
export async function recordRenewalFailure(
  db: Executor,
  userId: string,
  attempts: number,
  nextAt: Date | null,
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('memberships')
    .set(
      nextAt
        ? { renewal_attempts: attempts, next_attempt_at: nextAt, updated_at: now }
        : { status: 'lapsed', auto_renew: false, renewal_attempts: attempts, next_attempt_at: null, updated_at: now },
    )
    .where('user_id', '=', userId)
    .execute();
}

/** Claims the yearly memberships renewing within the horizon whose reminder was not sent for this period. */
export async function claimRenewalReminders(db: Executor, now: Date, horizon: Date) {
  const { rows } = await sql<{ user_id: string; current_period_end: Date; plan_id: string }>`
    UPDATE memberships m SET reminder_sent_for = m.current_period_end, updated_at = now()
    FROM plans p
    WHERE p.id = m.plan_id AND p.renewal_days >= 365 AND m.status = 'active' AND m.auto_renew
      AND m.current_period_end > ${now} AND m.current_period_end <= ${horizon}
      AND m.reminder_sent_for IS DISTINCT FROM m.current_period_end
    RETURNING m.user_id, m.current_period_end, m.plan_id`.execute(db);
  return rows;
}

/** The renewal order of one period, made once: a retry finds the order the first try made. */
export async function renewalOrder(
  trx: Transaction<DB>,
  order: {
    userId: string;
    planId: string;
    periodEnd: Date;
    amount: number;
    currency: string;
    paymentMethodId: string | null;
  },
) {
  const inserted = await trx
    .insertInto('orders')
    .values({
      user_id: order.userId,
      plan_id: order.planId,
      purpose: 'renewal',
      renewal_for: order.periodEnd,
      amount: order.amount,
      currency: order.currency,
      payment_method_id: order.paymentMethodId,
    })
    .onConflict((oc) => oc.columns(['user_id', 'renewal_for']).where('purpose', '=', 'renewal').doNothing())
    .returningAll()
    .executeTakeFirst();
  return (
    inserted ??
    trx
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', order.userId)
      .where('purpose', '=', 'renewal')
      .where('renewal_for', '=', order.periodEnd)
      .forUpdate()
      .executeTakeFirstOrThrow()
  );
}

/** Purchases left "processing" since before `before` (a crash, a lost answer), oldest first. */
export function staleProcessingPurchases(db: Executor, before: Date, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'attempt', 'provider'])
    .where('status', '=', 'processing')
    .where('purpose', '=', 'purchase')
    .where('updated_at', '<=', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/** A refund left "processing" this long (a crash while the provider was asked) may be claimed again. */
const REFUND_LEASE_MINUTES = 10;

/**
 * Claims the one refund of an order (a new one, one that failed, or one whose lease ran out):
 * false when another claim holds it or it succeeded.
 */
export async function claimRefund(
  db: Executor,
  refund: { orderId: string; amount: number; reason: string; actorId: string },
): Promise<boolean> {
  const { rows } = await sql<{ order_id: string }>`
    INSERT INTO refunds (order_id, amount, status, reason, actor_id)
    VALUES (${refund.orderId}::uuid, ${refund.amount}, 'processing', ${refund.reason}, ${refund.actorId}::uuid)
    ON CONFLICT (order_id) DO UPDATE SET status = 'processing', reason = excluded.reason, actor_id = excluded.actor_id, error = NULL, updated_at = now()
      WHERE refunds.status = 'failed' OR (refunds.status = 'processing' AND refunds.updated_at < now() - make_interval(mins => ${REFUND_LEASE_MINUTES}))
    RETURNING order_id`.execute(db);
  return rows.length > 0;
}

export async function refundStatus(db: Executor, orderId: string) {
  return (await db.selectFrom('refunds').select('status').where('order_id', '=', orderId).executeTakeFirst())?.status;
}

export async function markRefundFailed(db: Executor, orderId: string, error: string): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ status: 'failed', error, updated_at: new Date() })
    .where('order_id', '=', orderId)
    .execute();
}

export async function markRefundSucceeded(
  db: Executor,
  orderId: string,
  reversal: { coinsReversed: number; coinsShort: number; membershipEndsAt: Date | null },
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('refunds')
    .set({
      status: 'succeeded',
      coins_reversed: reversal.coinsReversed,
      coins_short: reversal.coinsShort,
      membership_ends_at: reversal.membershipEndsAt,
      completed_at: now,
      updated_at: now,
    })
    .where('order_id', '=', orderId)
    .execute();
}
