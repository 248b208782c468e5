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
 * Gives back part or all of a charge once per idempotency key, never more than it took (then it is
 * `refunded`). Under the charge's row lock, so a key sent twice at once is seen by the second: it
 * answers as the first did ('refunded'). 'too_much' when the charge cannot give back that much,
 * 'key_reused' when the key was used for another charge or amount (a processor refuses that too).
 * An unknown charge is 'refunded': nothing is held for it here.
 */
export async function refundSandboxCharge(
  db: Kysely<DB>,
  chargeId: string,
  amount: number,
  idempotencyKey: string,
): Promise<'refunded' | 'too_much' | 'key_reused'> {
  return db.transaction().execute(async (trx) => {
    const charge = await trx
      .selectFrom('sandbox_charges')
      .select('id')
      .where('id', '=', chargeId)
      .forUpdate()
      .executeTakeFirst();
    if (!charge) return 'refunded';
    const prior = await trx
      .selectFrom('sandbox_refunds')
      .select(['charge_id', 'amount'])
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    if (prior) return prior.charge_id === chargeId && prior.amount === amount ? 'refunded' : 'key_reused';
    const updated = await trx
      .updateTable('sandbox_charges')
      .set((eb) => ({
        refunded_amount: eb('refunded_amount', '+', amount),
        status: sql<
          'refunded' | 'succeeded'
        >`CASE WHEN refunded_amount + ${amount} >= amount THEN 'refunded' ELSE status END`,
        updated_at: new Date(),
      }))
      .where('id', '=', chargeId)
      .where('status', '=', 'succeeded')
      .where(sql<boolean>`refunded_amount + ${amount} <= amount`)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return 'too_much';
    await trx
      .insertInto('sandbox_refunds')
      .values({ idempotency_key: idempotencyKey, charge_id: chargeId, amount })
      .execute();
    return 'refunded';
  });
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
