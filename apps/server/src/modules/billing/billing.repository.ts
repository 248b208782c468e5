import { sql, type Expression, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { Language } from '@episodic/contract';
import type { DB, Plans } from '../../db/schema';

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

/** The viewer's newest card that has paid an order (a card kept before its bank's check passed never counts). */
export function latestPaymentMethod(db: Executor, userId: string) {
  return db
    .selectFrom('payment_methods as pm')
    .selectAll('pm')
    .where('pm.user_id', '=', userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('orders as o')
          .select('o.id')
          .where('o.user_id', '=', userId)
          .whereRef('o.payment_method_id', '=', 'pm.id')
          .where('o.paid_at', 'is not', null),
      ),
    )
    .orderBy('pm.created_at', 'desc')
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

/** The plan's name in `lang`, else English, else its id (a membership shows what it is). */
const planNameIn = (planId: Expression<string | null>, lang: Language) =>
  sql<string | null>`(SELECT COALESCE(
    (SELECT t.name FROM plan_translations t WHERE t.plan_id = ${planId} AND t.language = ${lang}),
    (SELECT t.name FROM plan_translations t WHERE t.plan_id = ${planId} AND t.language = 'en'),
    ${planId}))`;

/** The coin balance and the membership row of a user (with its plan's name), in one round trip (read on every user answer). */
export async function moneySummary(db: Executor, userId: string, lang: Language) {
  const row = await db
    .selectFrom(sql<{ one: number }>`(SELECT 1)`.as('x'))
    .leftJoin('memberships as m', (j) => j.on('m.user_id', '=', userId))
    .select((eb) => [
      eb.selectFrom('coin_balances').select('balance').where('user_id', '=', userId).as('coins'),
      eb.selectFrom('coin_balances').select('bonus').where('user_id', '=', userId).as('bonus_coins'),
      'm.plan_id',
      'm.status',
      'm.current_period_end',
      'm.auto_renew',
      'm.renewal_price',
      'm.renewal_currency',
      'm.renewal_days',
      planNameIn(eb.ref('m.plan_id'), lang).as('plan_name'),
    ])
    .executeTakeFirstOrThrow();
  const { plan_id, status, current_period_end, auto_renew, renewal_price, renewal_currency, renewal_days } = row;
  const membership =
    plan_id &&
    status &&
    current_period_end &&
    auto_renew !== null &&
    renewal_price !== null &&
    renewal_currency &&
    renewal_days !== null
      ? {
          plan_id,
          status,
          current_period_end,
          auto_renew,
          renewal_price,
          renewal_currency,
          renewal_days,
          plan_name: row.plan_name,
        }
      : undefined;
  return { coins: row.coins ?? 0, bonusCoins: row.bonus_coins ?? 0, membership };
}

/** A user's membership row with its plan's name in `lang`. */
export function membershipWithPlanName(db: Executor, userId: string, lang: Language) {
  return db
    .selectFrom('memberships as m')
    .selectAll('m')
    .select((eb) => planNameIn(eb.ref('m.plan_id'), lang).as('plan_name'))
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
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

export async function paymentMethodIdByToken(db: Executor, token: string): Promise<string | undefined> {
  return (await db.selectFrom('payment_methods').select('id').where('provider_token', '=', token).executeTakeFirst())
    ?.id;
}

export function userContact(db: Executor, userId: string) {
  return db.selectFrom('users').select(['email', 'language', 'is_guest']).where('id', '=', userId).executeTakeFirst();
}

/**
 * Where a user's billing mail goes: the account's email, or for a guest without one the address
 * given with its latest paid purchase (renewal receipts and reminders reach a guest buyer too).
 */
export async function billingContact(db: Executor, userId: string) {
  const user = await userContact(db, userId);
  if (!user || user.email || !user.is_guest) return user;
  const latest = await db
    .selectFrom('orders')
    .select('buyer_email')
    .where('user_id', '=', userId)
    .where('buyer_email', 'is not', null)
    .where('status', '=', 'paid')
    .orderBy('paid_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { ...user, email: latest?.buyer_email ?? null };
}

/** Records what a viewer unlocked with coins (an episode, or a series' episodes); an unlock held already stays. */
export async function recordUnlocks(
  trx: Transaction<DB>,
  userId: string,
  episodeIds: readonly number[],
  source: 'coins' | 'series',
): Promise<void> {
  await trx
    .insertInto('unlocks')
    .values(episodeIds.map((episode_id) => ({ user_id: userId, episode_id, source })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** What a plan sells, for how long (a membership's days) and at what price, by id. */
export function planTerms(db: Executor, id: string) {
  return db
    .selectFrom('plans')
    .select(['kind', 'renewal_days', 'price', 'currency'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Guests who paid an order giving this email, the latest buyer first. */
export async function guestBuyersOf(db: Executor, email: string): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select('orders.user_id')
    .select((eb) => eb.fn.max('orders.paid_at').as('last_paid'))
    .where('orders.buyer_email', '=', email)
    .where('orders.paid_at', 'is not', null)
    .where('users.is_guest', '=', true)
    .groupBy('orders.user_id')
    .orderBy('last_paid', 'desc')
    .limit(20)
    .execute();
  return rows.map((r) => r.user_id);
}
