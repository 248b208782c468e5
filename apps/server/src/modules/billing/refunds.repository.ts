import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Reversal } from './operator-money';

type Executor = Kysely<DB> | Transaction<DB>;

// Refunds of orders (several per order, together never more than was paid) and the unlocks an
// operator took away.

/** A refund left "processing" this long (a crash while the provider was asked) may be claimed again. */
const REFUND_LEASE_MINUTES = 10;

export interface RefundClaim {
  id: string;
  amount: number;
  status: 'processing' | 'succeeded' | 'failed';
  /** Whether a processing claim is older than its lease (its asker is presumed gone). */
  stale: boolean;
}

/** The refund asked by one console request (its dialog's request id), if any. */
export async function refundByRequest(trx: Transaction<DB>, orderId: string, requestId: string) {
  const { rows } = await sql<RefundClaim>`
    SELECT id::text AS id, amount, status,
      (status = 'processing' AND updated_at < now() - make_interval(mins => ${REFUND_LEASE_MINUTES})) AS stale
    FROM refunds WHERE order_id = ${orderId}::uuid AND request_id = ${requestId}::uuid`.execute(trx);
  return rows[0];
}

/** What the order's refunds gave back (succeeded) and hold (processing: asked, not yet answered). */
export async function refundTotals(db: Executor, orderId: string): Promise<{ refunded: number; inFlight: number }> {
  const { rows } = await sql<{ refunded: number; in_flight: number }>`
    SELECT COALESCE(sum(amount) FILTER (WHERE status = 'succeeded'), 0)::int AS refunded,
      COALESCE(sum(amount) FILTER (WHERE status = 'processing'), 0)::int AS in_flight
    FROM refunds WHERE order_id = ${orderId}::uuid`.execute(db);
  return { refunded: rows[0]!.refunded, inFlight: rows[0]!.in_flight };
}

/** A new refund, claimed ("processing") by its asker; the caller holds the order's row. */
export async function insertRefund(
  trx: Transaction<DB>,
  refund: { orderId: string; amount: number; reason: string; actorId: string; requestId: string | null },
): Promise<string> {
  const row = await trx
    .insertInto('refunds')
    .values({
      order_id: refund.orderId,
      amount: refund.amount,
      status: 'processing',
      reason: refund.reason,
      actor_id: refund.actorId,
      request_id: refund.requestId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Claims a failed (or stale) refund again for another try, with the same amount. */
export async function reclaimRefund(trx: Transaction<DB>, id: string, reason: string, actorId: string) {
  await trx
    .updateTable('refunds')
    .set({ status: 'processing', reason, actor_id: actorId, error: null, updated_at: new Date() })
    .where('id', '=', Number(id))
    .execute();
}

export async function markRefundFailed(db: Executor, id: string, error: string): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ status: 'failed', error, updated_at: new Date() })
    .where('id', '=', Number(id))
    .execute();
}

export async function markRefundSucceeded(
  db: Executor,
  id: string,
  reversal: Reversal,
  unlocksRevoked: number,
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('refunds')
    .set({
      status: 'succeeded',
      coins_reversed: reversal.coinsReversed,
      coins_short: reversal.coinsShort,
      reward_coins_reversed: reversal.rewardCoinsReversed,
      reward_coins_short: reversal.rewardCoinsShort,
      membership_ends_at: reversal.membershipEndsAt,
      unlocks_revoked: unlocksRevoked,
      completed_at: now,
      updated_at: now,
    })
    .where('id', '=', Number(id))
    .execute();
}

/** Coins the order's earlier refunds took back (their ledger lines), in all. */
export async function coinsTakenBackFor(db: Executor, orderId: string): Promise<number> {
  const { rows } = await sql<{ taken: number }>`
    SELECT COALESCE(-sum(delta), 0)::int AS taken FROM coin_ledger WHERE order_id = ${orderId}::uuid AND kind = 'refund'`.execute(
    db,
  );
  return rows[0]!.taken;
}

export interface SpendLine {
  coins: number;
  episodeId: number | null;
  key: string;
  at: Date;
}

/** The user's coin spends written after the order's coins were credited, oldest first. */
export async function spendsAfterOrder(db: Executor, userId: string, orderId: string): Promise<SpendLine[]> {
  const { rows } = await sql<{ coins: number; episode_id: number | null; key: string; at: Date }>`
    SELECT -l.delta AS coins, l.episode_id, l.idempotency_key AS key, l.created_at AS at
    FROM coin_ledger l
    WHERE l.user_id = ${userId}::uuid AND l.kind = 'spend'
      AND l.id > (SELECT COALESCE(min(c.id), 0) FROM coin_ledger c WHERE c.order_id = ${orderId}::uuid AND c.delta > 0)
    ORDER BY l.id LIMIT 500`.execute(db);
  return rows.map((r) => ({ coins: r.coins, episodeId: r.episode_id, key: r.key, at: r.at }));
}

/** Titles and numbers of episodes, and which of them the user still holds. */
export async function episodesHeld(db: Executor, userId: string, episodeIds: number[]) {
  if (episodeIds.length === 0) return [];
  const { rows } = await sql<{ id: number; series_id: number; number: number; title: string; held: boolean }>`
    SELECT e.id, e.series_id, e.number, COALESCE(t.title, '(untitled)') AS title,
      EXISTS (SELECT 1 FROM unlocks u WHERE u.user_id = ${userId}::uuid AND u.episode_id = e.id) AS held
    FROM episodes e LEFT JOIN series_translations t ON t.series_id = e.series_id AND t.language = 'en'
    WHERE e.id IN (${sql.join(episodeIds)})`.execute(db);
  return rows;
}

/** A series' English title. */
export async function seriesTitle(db: Executor, seriesId: number): Promise<string> {
  const { rows } = await sql<{ title: string }>`
    SELECT COALESCE((SELECT title FROM series_translations WHERE series_id = ${seriesId} AND language = 'en'), '(untitled)') AS title`.execute(
    db,
  );
  return rows[0]!.title;
}

/** Takes away unlocks (deleting them) and records each; answers the episodes that were held. */
export async function deleteUnlocks(
  trx: Transaction<DB>,
  revocation: { userId: string; episodeIds: number[]; actorId: string; refundId: string | null; reason: string },
): Promise<number[]> {
  if (revocation.episodeIds.length === 0) return [];
  const deleted = await trx
    .deleteFrom('unlocks')
    .where('user_id', '=', revocation.userId)
    .where('episode_id', 'in', revocation.episodeIds)
    .returning('episode_id')
    .execute();
  const ids = deleted.map((d) => d.episode_id);
  if (ids.length > 0)
    await trx
      .insertInto('unlock_revocations')
      .values(
        ids.map((episode_id) => ({
          user_id: revocation.userId,
          episode_id,
          actor_id: revocation.actorId,
          refund_id: revocation.refundId === null ? null : Number(revocation.refundId),
          reason: revocation.reason,
        })),
      )
      .execute();
  return ids;
}

/** How many unlocks the user has had taken away: a new unlock after one is a new purchase. */
export async function revocationCount(db: Executor, userId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM unlock_revocations WHERE user_id = ${userId}::uuid`.execute(db);
  return rows[0]!.n;
}
