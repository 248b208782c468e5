import { sql, type Kysely, type Transaction } from 'kysely';
import type { Language } from '@episodic/contract';
import type { DB, OrderStatus } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export interface PlanRow {
  id: string;
  kind: 'membership' | 'coins';
  price: number;
  currency: string;
  renewal_days: number | null;
  coins: number;
  bonus_coins: number;
  active: boolean;
  name: string;
  description: string;
}

export async function listPlans(db: Executor, lang: Language, onlyActive = true): Promise<PlanRow[]> {
  const { rows } = await sql<PlanRow>`
    SELECT p.id, p.kind, p.price, p.currency, p.renewal_days, p.coins, p.bonus_coins, p.active,
      COALESCE(t.name, en.name, p.id) AS name, COALESCE(t.description, en.description, '') AS description
    FROM plans p
    LEFT JOIN plan_translations t ON t.plan_id = p.id AND t.language = ${lang}
    LEFT JOIN plan_translations en ON en.plan_id = p.id AND en.language = 'en'
    WHERE ${onlyActive ? sql`p.active` : sql`true`}
    ORDER BY p.position, p.id`.execute(db);
  return rows;
}

export async function findPlan(db: Executor, id: string, lang: Language = 'en'): Promise<PlanRow | undefined> {
  return (await listPlans(db, lang, false)).find((p) => p.id === id);
}

export function insertOrder(db: Executor, order: { userId: string; planId: string; amount: number; currency: string; purpose?: 'purchase' | 'renewal'; attribution?: unknown }) {
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
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'requires_action'), eb('provider', '=', 'paypal')])]))
    .execute();
}

/** Orders of a user still unfinished: awaiting payment or a processor, or failed since `failedSince`. */
export async function countOpenOrders(db: Executor, userId: string, failedSince: Date): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', 'purchase')
    .where((eb) => eb.or([eb('status', 'in', ['pending', 'processing', 'requires_action']), eb.and([eb('status', '=', 'failed'), eb('updated_at', '>=', failedSince)])]))
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
  changes: Partial<{ status: OrderStatus; provider: string | null; provider_ref: string | null; payment_method_id: string | null; attempt: number; failure_reason: string | null; paid_at: Date | null }>,
): Promise<void> {
  await db.updateTable('orders').set({ ...changes, updated_at: new Date() }).where('id', '=', id).execute();
}

export function findOrderByProviderRef(db: Executor, provider: string, ref: string) {
  return db.selectFrom('orders').selectAll().where('provider', '=', provider).where('provider_ref', '=', ref).executeTakeFirst();
}

export async function ordersPage(db: Executor, userId: string, lang: Language, offset: number, limit: number) {
  const { rows } = await sql<{
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
  }>`
    SELECT o.id, o.plan_id, COALESCE(t.name, en.name, o.plan_id) AS plan_name, p.kind, o.purpose, o.amount, o.currency, o.status,
      o.failure_reason, o.created_at, o.paid_at
    FROM orders o JOIN plans p ON p.id = o.plan_id
    LEFT JOIN plan_translations t ON t.plan_id = p.id AND t.language = ${lang}
    LEFT JOIN plan_translations en ON en.plan_id = p.id AND en.language = 'en'
    WHERE o.user_id = ${userId}::uuid
    ORDER BY o.created_at DESC, o.id
    OFFSET ${offset} LIMIT ${limit}`.execute(db);
  return rows;
}

export function findMembership(db: Executor, userId: string) {
  return db.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function lockMembership(trx: Transaction<DB>, userId: string) {
  return trx.selectFrom('memberships').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

export async function insertPaymentMethod(db: Executor, pm: { userId: string; provider: string; token: string; brand: string; last4: string; expMonth: number; expYear: number }): Promise<string> {
  const row = await db
    .insertInto('payment_methods')
    .values({ user_id: pm.userId, provider: pm.provider, provider_token: pm.token, brand: pm.brand, last4: pm.last4, exp_month: pm.expMonth, exp_year: pm.expYear })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function latestPaymentMethod(db: Executor, userId: string) {
  return db.selectFrom('payment_methods').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

export function findPaymentMethod(db: Executor, id: string) {
  return db.selectFrom('payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records a provider event once; false when it was seen before (a replay). */
export async function recordWebhookEvent(db: Executor, provider: string, eventId: string): Promise<boolean> {
  const row = await db.insertInto('webhook_events').values({ provider, event_id: eventId }).onConflict((oc) => oc.doNothing()).returning('event_id').executeTakeFirst();
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
  const membership = plan_id && status && current_period_end && auto_renew !== null ? { plan_id, status, current_period_end, auto_renew } : undefined;
  return { coins: row.coins ?? 0, membership };
}
