import { sql, type Kysely } from 'kysely';

/**
 * Operators search orders by part of an order id (the console shows ids cut short, receipts show
 * them whole) and by the payment provider's reference: a trigram index on the id's text answers
 * `LIKE '%part%'`, a plain one the reference.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX orders_id_trgm_idx ON orders USING gin ((id::text) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX orders_provider_ref_idx ON orders (provider_ref) WHERE provider_ref IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_id_trgm_idx, orders_provider_ref_idx`.execute(db);
}
