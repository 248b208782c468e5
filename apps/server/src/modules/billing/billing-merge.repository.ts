import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

// A guest's money moving to the account they sign in to, and a viewer's money in the data download.

/** Orders, saved cards and ledger lines change owner (the balance is moved apart). */
export async function moveMoneyRecords(trx: Transaction<DB>, fromUserId: string, toUserId: string): Promise<void> {
  await trx.updateTable('orders').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute();
  await trx.updateTable('payment_methods').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute();
  await trx.updateTable('coin_ledger').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute();
}

/** Removes a user's balance row; answers the balance it held, and its bonus part (undefined without one). */
export async function takeBalance(
  trx: Transaction<DB>,
  userId: string,
): Promise<{ balance: number; bonus: number } | undefined> {
  return trx
    .deleteFrom('coin_balances')
    .where('user_id', '=', userId)
    .returning(['balance', 'bonus'])
    .executeTakeFirst();
}

/** Adds coins (`bonus` of them bonus coins) to a user's balance, making the row when there is none. */
export async function addToBalanceRow(
  trx: Transaction<DB>,
  userId: string,
  coins: number,
  bonus: number,
): Promise<void> {
  await sql`
    INSERT INTO coin_balances (user_id, balance, bonus) VALUES (${userId}::uuid, ${coins}, ${bonus})
    ON CONFLICT (user_id) DO UPDATE SET balance = coin_balances.balance + excluded.balance,
      bonus = coin_balances.bonus + excluded.bonus`.execute(trx);
}

/** A guest's unlocks move to the account (an episode the account unlocked itself keeps its own row). */
export async function moveUnlocks(trx: Transaction<DB>, fromUserId: string, toUserId: string): Promise<void> {
  await sql`
    INSERT INTO unlocks (user_id, episode_id, source, created_at)
    SELECT ${toUserId}::uuid, episode_id, source, created_at FROM unlocks WHERE user_id = ${fromUserId}::uuid
    ON CONFLICT (user_id, episode_id) DO NOTHING`.execute(trx);
}

/** The episodes both users unlocked. */
export async function episodesBothUnlocked(
  trx: Transaction<DB>,
  fromUserId: string,
  toUserId: string,
): Promise<number[]> {
  const both = await trx
    .selectFrom('unlocks as g')
    .innerJoin('unlocks as a', (join) => join.onRef('a.episode_id', '=', 'g.episode_id').on('a.user_id', '=', toUserId))
    .select('g.episode_id')
    .where('g.user_id', '=', fromUserId)
    .execute();
  return both.map((r) => r.episode_id);
}

/** A user's coin spends (ledger lines of kind spend). */
export function coinSpends(trx: Transaction<DB>, userId: string) {
  return trx
    .selectFrom('coin_ledger')
    .select(['id', 'delta', 'bonus_delta', 'episode_id', 'idempotency_key'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'spend')
    .execute();
}

/** The viewer's orders, coin ledger and membership, for the data download (no card data exists to give). */
export async function exportBilling(db: Kysely<DB>, userId: string) {
  const unlocks = await db
    .selectFrom('unlocks')
    .select(['episode_id', 'source', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'plan_id', 'purpose', 'amount', 'currency', 'status', 'created_at', 'paid_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  const coins = await db
    .selectFrom('coin_ledger')
    .select(['delta', 'bonus_delta', 'kind', 'reason', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  const membership = await db
    .selectFrom('memberships')
    .select(['plan_id', 'status', 'current_period_start', 'current_period_end', 'auto_renew'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const cards = await db
    .selectFrom('payment_methods')
    .select(['brand', 'last4', 'exp_month', 'exp_year', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
  return { unlocks, orders, coins, membership: membership ?? null, cards };
}
