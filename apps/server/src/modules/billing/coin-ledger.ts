import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, LedgerKind } from '../../db/schema';
import { AppError } from '../../http/errors';

type Executor = Kysely<DB> | Transaction<DB>;

export interface LedgerEntry {
  userId: string;
  delta: number;
  kind: LedgerKind;
  /** The same key twice is one entry: a retried or concurrent request has one effect. */
  key: string;
  orderId?: string | null;
  episodeId?: number | null;
  reason?: string | null;
}

export class InsufficientCoinsError extends AppError {
  constructor(
    readonly balance: number,
    readonly needed: number,
  ) {
    super(402, `Not enough coins: this costs ${needed} and you have ${balance}.`);
  }
}

/**
 * Holds the user's row for the rest of the transaction (share mode: coin movements of one user still
 * run side by side, ordered by the balance's row lock). A guest being merged into an account holds
 * both rows exclusively (accounts' lockUsers): a movement waits for the merge, and one that then
 * finds its guest merged away (deleted) is answered "sign in again" instead of writing to a user that
 * no longer exists.
 */
export async function lockLedgerOwner(trx: Transaction<DB>, userId: string): Promise<void> {
  const row = await trx.selectFrom('users').select('id').where('id', '=', userId).forKeyShare().executeTakeFirst();
  if (!row) throw new AppError(401, 'Your session has ended. Please sign in again.', 'session_ended');
}

export async function coinBalance(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('coin_balances').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return row?.balance ?? 0;
}

/**
 * Appends an entry to the ledger and moves the balance with it, in the caller's transaction. An entry
 * whose key was already written changes nothing (`applied: false`). A spend larger than the balance
 * throws InsufficientCoinsError, and the caller's transaction rolls back whole; the balance's CHECK
 * (never below zero) stands behind this as a last defence.
 */
export async function appendLedgerEntry(
  trx: Transaction<DB>,
  entry: LedgerEntry,
): Promise<{ applied: boolean; balance: number }> {
  await lockLedgerOwner(trx, entry.userId);
  const inserted = await trx
    .insertInto('coin_ledger')
    .values({
      user_id: entry.userId,
      delta: entry.delta,
      kind: entry.kind,
      idempotency_key: entry.key,
      order_id: entry.orderId ?? null,
      episode_id: entry.episodeId ?? null,
      reason: entry.reason ?? null,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { applied: false, balance: await coinBalance(trx, entry.userId) };
  await trx
    .insertInto('coin_balances')
    .values({ user_id: entry.userId, balance: 0 })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  // The row lock orders concurrent entries of one user: each sees the balance the one before left.
  const { balance } = await trx
    .selectFrom('coin_balances')
    .select('balance')
    .where('user_id', '=', entry.userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (balance + entry.delta < 0) throw new InsufficientCoinsError(balance, -entry.delta);
  const { rows } = await sql<{ balance: number }>`
    UPDATE coin_balances SET balance = balance + ${entry.delta} WHERE user_id = ${entry.userId}::uuid RETURNING balance`.execute(
    trx,
  );
  return { applied: true, balance: rows[0]!.balance };
}
