import { sql, type Kysely } from 'kysely';

/**
 * The built-in sandbox processor remembers each refund by its idempotency key, as a real processor
 * does: the same refund sent again (a retry after a lost answer, or two requests at once) is made once.
 *
 * A console reply to a contact message is mailed from a leased queue (jobs/queue.ts) instead of
 * during the operator's request: `next_attempt_at` is set while it waits to be sent (null once sent
 * or given up), with the lease columns of every queue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sandbox_refunds (
      idempotency_key text PRIMARY KEY,
      charge_id text NOT NULL REFERENCES sandbox_charges (id) ON DELETE CASCADE,
      amount integer NOT NULL CHECK (amount > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    ALTER TABLE contact_replies
      ADD COLUMN attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN lease_until timestamptz,
      ADD COLUMN next_attempt_at timestamptz`.execute(db);
  await sql`CREATE INDEX contact_replies_due_idx ON contact_replies (next_attempt_at) WHERE next_attempt_at IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX contact_replies_due_idx`.execute(db);
  await sql`ALTER TABLE contact_replies DROP COLUMN attempts, DROP COLUMN lease_until, DROP COLUMN next_attempt_at`.execute(
    db,
  );
  await sql`DROP TABLE sandbox_refunds`.execute(db);
}
