import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, Language } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

// Rewards: who claimed a once-only reward, each day's check-in, and the wallet's reading of the ledger.

/** What decides whether a user can be rewarded: an account (not a guest) with a verified email. */
export function findRewardee(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'is_guest', 'email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Records that `subject` got a once-only reward; false when it had it already (now or earlier). */
export async function insertClaim(
  trx: Transaction<DB>,
  claim: { kind: 'welcome' | 'first_purchase'; subject: string; userId: string },
): Promise<boolean> {
  const row = await trx
    .insertInto('reward_claims')
    .values({ kind: claim.kind, subject: claim.subject, user_id: claim.userId })
    .onConflict((oc) => oc.columns(['kind', 'subject']).doNothing())
    .returning('kind')
    .executeTakeFirst();
  return row !== undefined;
}

/** The once-only rewards this user (or the same person, by subject) already got. */
export async function claimedKinds(db: Executor, subjects: string[]): Promise<string[]> {
  if (subjects.length === 0) return [];
  const rows = await db.selectFrom('reward_claims').select('kind').where('subject', 'in', subjects).execute();
  return rows.map((r) => r.kind);
}

/** The user's check-ins on `day` and the day before (dates as YYYY-MM-DD). */
export async function checkInsAround(db: Executor, userId: string, day: string) {
  const { rows } = await sql<{ day: string; streak: number; coins: number }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, streak, coins FROM check_ins
    WHERE user_id = ${userId}::uuid AND day IN (${day}::date, ${day}::date - 1)`.execute(db);
  return rows;
}

/** Records the day's check-in once; false when the user checked in that day already. */
export async function insertCheckIn(
  trx: Transaction<DB>,
  row: { userId: string; day: string; streak: number; coins: number },
): Promise<boolean> {
  const { rows } = await sql<{ day: string }>`
    INSERT INTO check_ins (user_id, day, streak, coins) VALUES (${row.userId}::uuid, ${row.day}::date, ${row.streak}, ${row.coins})
    ON CONFLICT (user_id, day) DO NOTHING RETURNING day`.execute(trx);
  return rows.length > 0;
}

/**
 * Whether the user has another paid (or since refunded) order: read inside this order's settlement,
 * where an order settled meanwhile is seen once committed (and its claim stops this one anyway).
 */
export async function hasEarlierPaidOrder(db: Executor, userId: string, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '<>', orderId)
    .where('paid_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The email an order's buyer gave (guests), or null. */
export async function orderBuyerEmail(db: Executor, orderId: string): Promise<string | null> {
  const row = await db.selectFrom('orders').select('buyer_email').where('id', '=', orderId).executeTakeFirst();
  return row?.buyer_email ?? null;
}

export interface WalletRow {
  id: string;
  kind: string;
  delta: number;
  bonus_delta: number;
  created_at: Date;
  idempotency_key: string;
  reason: string | null;
  plan_name: string | null;
  series_id: number | null;
  series_title: string | null;
  episode_number: number | null;
}

/**
 * A page of the user's ledger, newest first, with what each line was for: the plan of its order, the
 * series and episode it unlocked (a series unlock names its series in its key), in `lang`.
 */
export async function walletLines(
  db: Executor,
  userId: string,
  lang: Language,
  limit: number,
  offset: number,
): Promise<WalletRow[]> {
  const { rows } = await sql<WalletRow>`
    WITH lines AS (
      SELECT l.id::text AS id, l.kind, l.delta, l.bonus_delta, l.created_at, l.idempotency_key, l.reason, l.order_id,
        l.episode_id,
        COALESCE(e.series_id, CASE WHEN l.idempotency_key LIKE 'unlock-series:%'
          THEN split_part(l.idempotency_key, ':', 3)::integer END) AS series_id,
        e.number AS episode_number
      FROM coin_ledger l LEFT JOIN episodes e ON e.id = l.episode_id
      WHERE l.user_id = ${userId}::uuid
      ORDER BY l.id DESC LIMIT ${limit} OFFSET ${offset}
    )
    SELECT lines.id, lines.kind, lines.delta, lines.bonus_delta, lines.created_at, lines.idempotency_key, lines.reason,
      lines.series_id, lines.episode_number,
      (SELECT COALESCE(
        (SELECT t.name FROM plan_translations t WHERE t.plan_id = o.plan_id AND t.language = ${lang}),
        (SELECT t.name FROM plan_translations t WHERE t.plan_id = o.plan_id AND t.language = 'en'),
        o.plan_id) FROM orders o WHERE o.id = lines.order_id) AS plan_name,
      COALESCE(
        (SELECT st.title FROM series_translations st WHERE st.series_id = lines.series_id AND st.language = ${lang}),
        (SELECT st.title FROM series_translations st WHERE st.series_id = lines.series_id AND st.language = 'en')
      ) AS series_title
    FROM lines ORDER BY lines.id::bigint DESC`.execute(db);
  return rows;
}

/** A deleted account's claims stay (so the address gets nothing twice) but no longer name the account. */
export async function forgetClaimOwner(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.updateTable('reward_claims').set({ user_id: null }).where('user_id', '=', userId).execute();
}

/** The viewer's check-ins, for the data download. */
export function exportRewards(db: Executor, userId: string) {
  return db
    .selectFrom('check_ins')
    .select(['day', 'streak', 'coins', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('day', 'desc')
    .execute();
}
