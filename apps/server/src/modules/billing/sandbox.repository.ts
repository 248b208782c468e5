import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The built-in sandbox processor's own records: the cards it saved and the charges it made.

export function findSandboxMethod(db: Kysely<DB>, token: string) {
  return db.selectFrom('sandbox_methods').selectAll().where('token', '=', token).executeTakeFirst();
}

export async function insertSandboxMethod(db: Kysely<DB>, method: Insertable<DB['sandbox_methods']>): Promise<void> {
  await db.insertInto('sandbox_methods').values(method).execute();
}

/** The charge made for an idempotency key, if any. */
export function findSandboxCharge(db: Kysely<DB>, idempotencyKey: string) {
  return db.selectFrom('sandbox_charges').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/** The charge made for an idempotency key that has one. */
export function getSandboxCharge(db: Kysely<DB>, idempotencyKey: string) {
  return db
    .selectFrom('sandbox_charges')
    .selectAll()
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirstOrThrow();
}

/** Records a charge once per idempotency key; undefined when a concurrent identical request recorded it first. */
export function insertSandboxCharge(db: Kysely<DB>, charge: Insertable<DB['sandbox_charges']>) {
  return db
    .insertInto('sandbox_charges')
    .values(charge)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Gives back part or all of a charge, never more than it took (then it is `refunded`); false when the
 * charge exists but cannot give back that much.
 */
export async function refundSandboxCharge(db: Kysely<DB>, id: string, amount: number): Promise<boolean> {
  const updated = await db
    .updateTable('sandbox_charges')
    .set((eb) => ({
      refunded_amount: eb('refunded_amount', '+', amount),
      status: sql<
        'refunded' | 'succeeded'
      >`CASE WHEN refunded_amount + ${amount} >= amount THEN 'refunded' ELSE status END`,
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .where('status', '=', 'succeeded')
    .where(sql<boolean>`refunded_amount + ${amount} <= amount`)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return true;
  const exists = await db.selectFrom('sandbox_charges').select('id').where('id', '=', id).executeTakeFirst();
  return !exists;
}

/** Ends a charge's 3-D Secure challenge, once; undefined when it is not waiting for one. */
export function completeSandboxChallenge(db: Kysely<DB>, id: string, outcome: { failureReason: string | null }) {
  return db
    .updateTable('sandbox_charges')
    .set({
      status: outcome.failureReason === null ? 'succeeded' : 'failed',
      failure_reason: outcome.failureReason,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', '=', 'requires_action')
    .returningAll()
    .executeTakeFirst();
}

export function sandboxChargeReturnUrl(db: Kysely<DB>, id: string) {
  return db.selectFrom('sandbox_charges').select('return_url').where('id', '=', id).executeTakeFirst();
}
