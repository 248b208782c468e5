import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { appendLedgerEntry } from './coin-ledger';
import * as repo from './billing-merge.repository';
import { deleteMembership, findMembership, lockMembership, updateMembership } from './memberships.repository';

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
  await repo.moveMoneyRecords(trx, fromUserId, toUserId);
  const moved = await repo.takeBalance(trx, fromUserId);
  if (moved !== undefined && moved.balance > 0) await repo.addToBalanceRow(trx, toUserId, moved.balance, moved.bonus);
  for (const r of returns) {
    await appendLedgerEntry(trx, {
      userId: toUserId,
      delta: r.coins,
      // Back to the buckets the spend took them from.
      bonusDelta: r.bonus,
      kind: 'refund',
      key: r.key,
      episodeId: r.episodeId,
      reason: r.reason,
    });
  }
  // Then the unlocks themselves (bought with coins, so billing's to move): the account keeps its own.
  await repo.moveUnlocks(trx, fromUserId, toUserId);
  const guest = await findMembership(trx, fromUserId);
  if (!guest) return;
  const now = new Date();
  const account = await lockMembership(trx, toUserId);
  const guestActive = guest.status === 'active' && guest.current_period_end > now;
  const accountActive = account && account.status === 'active' && account.current_period_end > now;
  if (!accountActive) {
    if (account) await deleteMembership(trx, toUserId);
    await updateMembership(trx, fromUserId, { user_id: toUserId, updated_at: now });
  } else if (guestActive) {
    const remaining = guest.current_period_end.getTime() - now.getTime();
    await updateMembership(trx, toUserId, {
      current_period_end: new Date(account.current_period_end.getTime() + remaining),
      updated_at: now,
    });
  }
}

interface SpendReturn {
  coins: number;
  bonus: number;
  key: string;
  episodeId: number | null;
  reason: string;
}

/**
 * The guest's spends on episodes both users unlocked: a single episode's spend whole, and of a series
 * spend the share of its episodes that the account already had (its key lists the episodes it bought).
 */
async function spendsToReturn(trx: Transaction<DB>, fromUserId: string, toUserId: string): Promise<SpendReturn[]> {
  const both = await repo.episodesBothUnlocked(trx, fromUserId, toUserId);
  if (both.length === 0) return [];
  const duplicate = new Set(both);
  const spends = await repo.coinSpends(trx, fromUserId);
  const returns: SpendReturn[] = [];
  for (const spend of spends) {
    const paid = -spend.delta;
    if (spend.episode_id !== null) {
      if (!duplicate.has(spend.episode_id)) continue;
      returns.push({
        coins: paid,
        bonus: -spend.bonus_delta,
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
        bonus: Math.min(coins, Math.floor((-spend.bonus_delta * twice) / bought.length)),
        key: `merge:${spend.id}:return`,
        episodeId: null,
        reason: `${twice} of ${bought.length} episodes of series ${series[1]!} were already unlocked on this account; their share of the guest's spend is returned`,
      });
  }
  return returns;
}
