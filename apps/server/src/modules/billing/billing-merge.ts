import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { appendLedgerEntry } from './coin-ledger';

/**
 * A guest's money moves to the account they sign in to: orders, saved cards and the coin ledger
 * change owner (the balance moves with them), and a membership moves when the account has none —
 * when both are active, the account's paid period is extended by the guest's remaining time.
 * Coins the guest spent on episodes the account had already unlocked bought nothing: they are
 * returned, each by a ledger line saying why; then the guest's unlocks join the account's. Runs with
 * both users' rows locked by the caller.
 */
export async function mergeBilling(trx: Transaction<DB>, fromUserId: string, toUserId: string): Promise<void> {
  const returns = await spendsToReturn(trx, fromUserId, toUserId);
  await trx.updateTable('orders').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute();
  await trx.updateTable('payment_methods').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute();
  await trx.updateTable('coin_ledger').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute();
  const moved = await trx
    .deleteFrom('coin_balances')
    .where('user_id', '=', fromUserId)
    .returning('balance')
    .executeTakeFirst();
  if (moved && moved.balance > 0) {
    await sql`
      INSERT INTO coin_balances (user_id, balance) VALUES (${toUserId}::uuid, ${moved.balance})
      ON CONFLICT (user_id) DO UPDATE SET balance = coin_balances.balance + excluded.balance`.execute(trx);
  }
  for (const r of returns) {
    await appendLedgerEntry(trx, {
      userId: toUserId,
      delta: r.coins,
      kind: 'refund',
      key: r.key,
      episodeId: r.episodeId,
      reason: r.reason,
    });
  }
  // Then the unlocks themselves (bought with coins, so billing's to move): the account keeps its own.
  await sql`
    INSERT INTO unlocks (user_id, episode_id, source, created_at)
    SELECT ${toUserId}::uuid, episode_id, source, created_at FROM unlocks WHERE user_id = ${fromUserId}::uuid
    ON CONFLICT (user_id, episode_id) DO NOTHING`.execute(trx);
  const guest = await trx.selectFrom('memberships').selectAll().where('user_id', '=', fromUserId).executeTakeFirst();
  if (!guest) return;
  const now = new Date();
  const account = await trx
    .selectFrom('memberships')
    .selectAll()
    .where('user_id', '=', toUserId)
    .forUpdate()
    .executeTakeFirst();
  const guestActive = guest.status === 'active' && guest.current_period_end > now;
  const accountActive = account && account.status === 'active' && account.current_period_end > now;
  if (!accountActive) {
    if (account) await trx.deleteFrom('memberships').where('user_id', '=', toUserId).execute();
    await trx
      .updateTable('memberships')
      .set({ user_id: toUserId, updated_at: now })
      .where('user_id', '=', fromUserId)
      .execute();
  } else if (guestActive) {
    const remaining = guest.current_period_end.getTime() - now.getTime();
    await trx
      .updateTable('memberships')
      .set({ current_period_end: new Date(account.current_period_end.getTime() + remaining), updated_at: now })
      .where('user_id', '=', toUserId)
      .execute();
  }
}

interface SpendReturn {
  coins: number;
  key: string;
  episodeId: number | null;
  reason: string;
}

/**
 * The guest's spends on episodes both users unlocked: a single episode's spend whole, and of a series
 * spend the share of its episodes that the account already had (its key lists the episodes it bought).
 */
async function spendsToReturn(trx: Transaction<DB>, fromUserId: string, toUserId: string): Promise<SpendReturn[]> {
  const both = await trx
    .selectFrom('unlocks as g')
    .innerJoin('unlocks as a', (join) => join.onRef('a.episode_id', '=', 'g.episode_id').on('a.user_id', '=', toUserId))
    .select('g.episode_id')
    .where('g.user_id', '=', fromUserId)
    .execute();
  if (both.length === 0) return [];
  const duplicate = new Set(both.map((r) => r.episode_id));
  const spends = await trx
    .selectFrom('coin_ledger')
    .select(['id', 'delta', 'episode_id', 'idempotency_key'])
    .where('user_id', '=', fromUserId)
    .where('kind', '=', 'spend')
    .execute();
  const returns: SpendReturn[] = [];
  for (const spend of spends) {
    const paid = -spend.delta;
    if (spend.episode_id !== null) {
      if (!duplicate.has(spend.episode_id)) continue;
      returns.push({
        coins: paid,
        key: `merge:${spend.id}:return`,
        episodeId: spend.episode_id,
        reason: `episode ${spend.episode_id} was already unlocked on this account; the guest's spend is returned`,
      });
      continue;
    }
    const series = /^unlock-series:[^:]+:(\d+):([\d.]+)$/.exec(spend.idempotency_key);
    if (!series) continue;
    const bought = series[2]!.split('.').map(Number);
    const twice = bought.filter((id) => duplicate.has(id)).length;
    const coins = Math.floor((paid * twice) / bought.length);
    if (coins > 0)
      returns.push({
        coins,
        key: `merge:${spend.id}:return`,
        episodeId: null,
        reason: `${twice} of ${bought.length} episodes of series ${series[1]!} were already unlocked on this account; their share of the guest's spend is returned`,
      });
  }
  return returns;
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
    .select(['delta', 'kind', 'reason', 'created_at'])
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
