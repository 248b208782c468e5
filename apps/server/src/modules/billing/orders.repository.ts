import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { Language } from '@episodic/contract';
import type { DB, Orders, OrderStatus, Plans } from '../../db/schema';
import type { OrderSummaryRow } from '../../db/schema-types';

type Executor = Kysely<DB> | Transaction<DB>;

/** What an order sells, fixed when it is made (orders made before these were kept have nulls). */
export type OrderTerms = Pick<Selectable<Orders>, 'coins' | 'bonus_coins' | 'renewal_days'>;

/** What a plan sells today, as an order's terms. */
export const termsOfPlan = (
  plan: Pick<Selectable<Plans>, 'kind' | 'coins' | 'bonus_coins' | 'renewal_days'>,
): OrderTerms =>
  plan.kind === 'coins'
    ? { coins: plan.coins, bonus_coins: plan.bonus_coins, renewal_days: null }
    : { coins: 0, bonus_coins: 0, renewal_days: plan.renewal_days };

// Orders: made, moved through their states, listed to their buyer, renewed and refunded.

export function insertOrder(
  db: Executor,
  order: {
    userId: string;
    planId: string;
    amount: number;
    currency: string;
    /** What the order sells, held with its price: a coin pack's coins and bonus, a membership's days. */
    terms: OrderTerms;
    purpose?: 'purchase' | 'renewal';
    attribution?: unknown;
    /** A one-tap purchase's request id (unique per buyer). */
    requestKey?: string;
  },
) {
  return db
    .insertInto('orders')
    .values({
      user_id: order.userId,
      plan_id: order.planId,
      amount: order.amount,
      currency: order.currency,
      ...order.terms,
      purpose: order.purpose ?? 'purchase',
      attribution: order.attribution === undefined ? null : JSON.stringify(order.attribution),
      request_key: order.requestKey ?? null,
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

/** The order a buyer's one-tap request opened, if any. */
export function findOrderByRequestKey(db: Executor, userId: string, requestKey: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
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
    buyer_email: string | null;
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

/** An order as its buyer sees it: with what it sells (renewal days, coins and bonus; its plan's for an order older than its own terms). */
export type OrderListRow = OrderSummaryRow & Pick<Selectable<Plans>, 'renewal_days' | 'coins' | 'bonus_coins'>;

const userOrdersQuery = (userId: string, lang: Language, where: RawBuilder<unknown>) => sql<OrderListRow>`
  SELECT o.id, o.plan_id, COALESCE(t.name, en.name, o.plan_id) AS plan_name, p.kind, o.purpose, o.amount, o.currency, o.status,
    o.failure_reason, o.created_at, o.paid_at,
    COALESCE(o.renewal_days, p.renewal_days) AS renewal_days, COALESCE(o.coins, p.coins) AS coins,
    COALESCE(o.bonus_coins, p.bonus_coins) AS bonus_coins
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

/** Holds the buyer's row (key share) for the rest of the transaction, when the order exists. */
export async function lockOrderBuyer(trx: Transaction<DB>, orderId: string): Promise<void> {
  const buyer = await trx.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirst();
  if (buyer) await trx.selectFrom('users').select('id').where('id', '=', buyer.user_id).forKeyShare().execute();
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
    /** The membership's agreed period. */
    renewalDays: number;
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
      coins: 0,
      bonus_coins: 0,
      renewal_days: order.renewalDays,
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
