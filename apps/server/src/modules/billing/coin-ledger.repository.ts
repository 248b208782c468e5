import type { Kysely, Transaction } from 'kysely';
import type { DB, LedgerKind } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

// The coin ledger (one line a movement, once per idempotency key) and the balance that moves with it.

/** Holds the user's row (key share) for the rest of the transaction; false when the user does not exist. */
export async function lockLedgerOwnerRow(trx: Transaction<DB>, userId: string): Promise<boolean> {
  const row = await trx.selectFrom('users').select('id').where('id', '=', userId).forKeyShare().executeTakeFirst();
  return row !== undefined;
}

export async function coinBalance(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('coin_balances').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return row?.balance ?? 0;
}

/** A balance: `balance` is the total, `bonus` the part of it that was given rather than bought. */
export interface Balances {
  balance: number;
  bonus: number;
}

export async function coinBalances(db: Executor, userId: string): Promise<Balances> {
  const row = await db
    .selectFrom('coin_balances')
    .select(['balance', 'bonus'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? { balance: 0, bonus: 0 };
}

/** Writes a ledger line once per key: false when the key was written before. */
export async function insertLedgerLine(
  trx: Transaction<DB>,
  line: {
    userId: string;
    delta: number;
    bonusDelta: number;
    kind: LedgerKind;
    key: string;
    orderId: string | null;
    episodeId: number | null;
    reason: string | null;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('coin_ledger')
    .values({
      user_id: line.userId,
      delta: line.delta,
      bonus_delta: line.bonusDelta,
      kind: line.kind,
      idempotency_key: line.key,
      order_id: line.orderId,
      episode_id: line.episodeId,
      reason: line.reason,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Holds the user's balance row for the rest of the transaction (made at zero when there is none), and
 * answers the balance: concurrent movements of one user wait for each other here.
 */
export async function lockBalance(trx: Transaction<DB>, userId: string): Promise<Balances> {
  await trx
    .insertInto('coin_balances')
    .values({ user_id: userId, balance: 0 })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return trx
    .selectFrom('coin_balances')
    .select(['balance', 'bonus'])
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Holds the user's balance row when there is one, and answers the balance (zero without a row). */
export async function lockExistingBalance(trx: Transaction<DB>, userId: string): Promise<Balances> {
  const row = await trx
    .selectFrom('coin_balances')
    .select(['balance', 'bonus'])
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? { balance: 0, bonus: 0 };
}

/** Moves a locked balance by `delta`, `bonusDelta` of it in the bonus part; answers the new balances. */
export async function addToBalance(
  trx: Transaction<DB>,
  userId: string,
  delta: number,
  bonusDelta: number,
): Promise<Balances> {
  // Built, not raw: the session cache's invalidation reads whose balance a statement moves (db/write-watch.ts).
  return trx
    .updateTable('coin_balances')
    .set((eb) => ({ balance: eb('balance', '+', delta), bonus: eb('bonus', '+', bonusDelta) }))
    .where('user_id', '=', userId)
    .returning(['balance', 'bonus'])
    .executeTakeFirstOrThrow();
}

/** The coins an order credited (its purchase and bonus lines): in all, and the bonus part of them. */
export async function coinsCreditedBy(trx: Executor, orderId: string): Promise<Balances> {
  const credited = await trx
    .selectFrom('coin_ledger')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('delta'), eb.lit(0)).as('total'),
      eb.fn.coalesce(eb.fn.sum<number>('bonus_delta'), eb.lit(0)).as('bonus'),
    ])
    .where('order_id', '=', orderId)
    .where('kind', 'in', ['purchase', 'bonus'])
    .executeTakeFirstOrThrow();
  return { balance: Number(credited.total), bonus: Number(credited.bonus) };
}

/** The reward lines an order brought (the first-purchase bonus), oldest first. */
export async function rewardsCreditedBy(trx: Executor, orderId: string): Promise<{ key: string; delta: number }[]> {
  const rows = await trx
    .selectFrom('coin_ledger')
    .select(['idempotency_key as key', 'delta'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'reward')
    .where('delta', '>', 0)
    .orderBy('id')
    .execute();
  return rows;
}
