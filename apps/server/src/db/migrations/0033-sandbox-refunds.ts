import { sql, type Kysely } from 'kysely';

/**
 * The built-in sandbox processor remembers each refund by its idempotency key, as a real processor
 * does: the same refund sent again (a retry after a lost answer, or two requests at once) is made once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sandbox_refunds (
      idempotency_key text PRIMARY KEY,
      charge_id text NOT NULL REFERENCES sandbox_charges (id) ON DELETE CASCADE,
      amount integer NOT NULL CHECK (amount > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sandbox_refunds`.execute(db);
}
