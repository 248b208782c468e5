import type { Transaction } from 'kysely';
import type { DB, LedgerKind } from '../../db/schema';
import { AppError } from '../../http/errors';
import * as repo from './coin-ledger.repository';

export interface LedgerEntry {
  userId: string;
  delta: number;
  kind: LedgerKind;
  /** The same key twice is one entry: a retried or concurrent request has one effect. */
  key: string;
  orderId?: string | null;
  episodeId?: number | null;
  reason?: string | null;
  /**
   * The part of `delta` that moves bonus coins, when the caller decides it (a refund takes back what
   * its order gave); otherwise the rule of `splitOf`.
   */
  bonusDelta?: number;
}

/** Coins given rather than bought: a plan's bonus, an operator's grant, a reward. */
const GIVEN: readonly LedgerKind[] = ['bonus', 'grant', 'reward'];

/**
 * Which bucket a movement touches. Given coins are bonus coins, bought ones (and returns of spends)
 * are bought coins; a spend uses bonus coins first, then bought ones — the category's convention,
 * and the fairer one: the coins a viewer paid for are the ones a refund can still give back.
 */
export function splitOf(kind: LedgerKind, delta: number, bonusBalance: number): number {
  if (delta > 0) return GIVEN.includes(kind) ? delta : 0;
  return -Math.min(bonusBalance, -delta);
}

export class InsufficientCoinsError extends AppError {
  constructor(
    readonly balance: number,
    readonly needed: number,
  ) {
    super(402, `Not enough coins: this costs ${needed} and you have ${balance}.`, 'not_enough_coins');
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
  if (!(await repo.lockLedgerOwnerRow(trx, userId)))
    throw new AppError(401, 'Your session has ended. Please sign in again.', 'session_ended');
}

/**
 * Takes the locks a coin movement of the user takes (the user's row, then the balance's), for the rest
 * of the transaction. A caller that decides something before its entry (a once-only claim) takes them
 * first: it then waits where every coin movement of the user waits, instead of holding its claim while
 * it waits for the balance that another transaction, waiting for that claim, holds.
 */
export async function lockCoins(trx: Transaction<DB>, userId: string): Promise<void> {
  await lockLedgerOwner(trx, userId);
  await repo.lockBalance(trx, userId);
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
): Promise<{ applied: boolean; balance: number; bonus: number }> {
  await lockLedgerOwner(trx, entry.userId);
  // The row lock orders concurrent entries of one user: each sees the balance the one before left.
  // Taken before the line is written, because the line's split depends on the balance.
  const before = await repo.lockBalance(trx, entry.userId);
  const bonusDelta = entry.bonusDelta ?? splitOf(entry.kind, entry.delta, before.bonus);
  const applied = await repo.insertLedgerLine(trx, {
    userId: entry.userId,
    delta: entry.delta,
    bonusDelta,
    kind: entry.kind,
    key: entry.key,
    orderId: entry.orderId ?? null,
    episodeId: entry.episodeId ?? null,
    reason: entry.reason ?? null,
  });
  if (!applied) return { applied: false, ...before };
  if (before.balance + entry.delta < 0) throw new InsufficientCoinsError(before.balance, -entry.delta);
  const after = await repo.addToBalance(trx, entry.userId, entry.delta, bonusDelta);
  return { applied: true, ...after };
}
