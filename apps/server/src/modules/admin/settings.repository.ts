import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/** Per payment provider: when it last took a payment and how many in the last 30 days. */
export async function paymentActivity(db: Executor) {
  const { rows } = await sql<{ provider: string; last: Date | null; recent: number }>`
    SELECT provider, max(paid_at) AS last, count(*) FILTER (WHERE paid_at > now() - interval '30 days') AS recent
    FROM orders WHERE paid_at IS NOT NULL AND provider IS NOT NULL GROUP BY provider`.execute(db);
  return rows;
}

export function configEntries(db: Executor) {
  return db.selectFrom('settings').selectAll().orderBy('config_key').execute();
}

export function lockConfigEntry(trx: Transaction<DB>, key: string) {
  return trx.selectFrom('settings').select('config_value').where('config_key', '=', key).forUpdate().executeTakeFirst();
}

export async function upsertConfigEntry(db: Executor, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ config_key: key, config_value: value })
    .onConflict((oc) => oc.column('config_key').doUpdateSet({ config_value: value, updated_at: new Date() }))
    .execute();
}

/** Removes a key; returns the value it had, if there was one. */
export function deleteConfigEntry(db: Executor, key: string) {
  return db.deleteFrom('settings').where('config_key', '=', key).returning('config_value').executeTakeFirst();
}
