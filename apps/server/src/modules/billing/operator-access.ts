import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { lockCoins } from './coin-ledger';
import { lockMembership, stopAutoRenew } from './memberships.repository';
import { deleteUnlocks } from './refunds.repository';

/**
 * Takes unlocks away from a viewer (an operator's decision, alone or with a refund), in the caller's
 * transaction; answers the episodes that were held (none: nothing changed). It runs under the coin
 * lock, as unlocking does, so an unlock being bought at the same moment is seen. No coins are given
 * back: the coins were refunded as money, or the operator grants them separately. Each one taken is
 * recorded, and an episode unlocked again later is charged again (billing.service's unlock keys).
 */
export async function revokeUnlocks(
  trx: Transaction<DB>,
  input: { userId: string; episodeIds: number[]; actorId: string; refundId?: string | null; reason: string },
): Promise<number[]> {
  if (input.episodeIds.length === 0) return [];
  await lockCoins(trx, input.userId);
  return deleteUnlocks(trx, { ...input, refundId: input.refundId ?? null });
}

/**
 * Stops a membership's auto-renewal, as the viewer's own cancel does: the paid period stays until
 * its end. Answers the period's end, or null when it was not renewing (nothing changed).
 */
export async function stopRenewal(trx: Transaction<DB>, userId: string): Promise<{ endsAt: Date } | null> {
  const current = await lockMembership(trx, userId);
  if (!current?.auto_renew) return null;
  await stopAutoRenew(trx, userId);
  return { endsAt: current.current_period_end };
}
