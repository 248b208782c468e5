import { sql, type Kysely } from 'kysely';

/**
 * Each user's Customer at Stripe, made once on their first Stripe payment and reused: the cards a
 * buyer saves for renewals belong to that Customer, and Stripe's own idempotency keys expire after a
 * day, so the id is kept here rather than asked for again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE stripe_customers (
    user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    customer_id text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE stripe_customers`.execute(db);
}
