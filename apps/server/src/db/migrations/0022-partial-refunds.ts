import { sql, type Kysely } from 'kysely';

/**
 * Partial refunds: an order may have several refunds (each its own row, `id`), together never more
 * than was paid. A refund asked by the console carries the form's `request_id`, so the same click sent
 * twice is one refund. The sandbox processor keeps how much of a charge it gave back. Unlocks an
 * operator takes away are recorded (`unlock_revocations`): an episode unlocked again after that is a new
 * purchase and is charged again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE refunds DROP CONSTRAINT refunds_pkey`.execute(db);
  await sql`ALTER TABLE refunds
    ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    ADD COLUMN request_id uuid,
    ADD COLUMN unlocks_revoked integer NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE INDEX refunds_order_idx ON refunds (order_id)`.execute(db);
  await sql`CREATE UNIQUE INDEX refunds_request_idx ON refunds (order_id, request_id)`.execute(db);

  await sql`ALTER TABLE sandbox_charges ADD COLUMN refunded_amount integer NOT NULL DEFAULT 0`.execute(db);
  await sql`UPDATE sandbox_charges SET refunded_amount = amount WHERE status = 'refunded'`.execute(db);

  await sql`
    CREATE TABLE unlock_revocations (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      episode_id integer NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      refund_id bigint REFERENCES refunds (id) ON DELETE SET NULL,
      reason text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX unlock_revocations_user_idx ON unlock_revocations (user_id, episode_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE unlock_revocations`.execute(db);
  await sql`ALTER TABLE sandbox_charges DROP COLUMN refunded_amount`.execute(db);
  // Back to one refund per order: the latest of each order stays.
  await sql`DELETE FROM refunds r WHERE EXISTS (SELECT 1 FROM refunds n WHERE n.order_id = r.order_id AND n.id > r.id)`.execute(
    db,
  );
  await sql`DROP INDEX refunds_request_idx, refunds_order_idx`.execute(db);
  await sql`ALTER TABLE refunds DROP COLUMN id, DROP COLUMN request_id, DROP COLUMN unlocks_revoked`.execute(db);
  await sql`ALTER TABLE refunds ADD PRIMARY KEY (order_id)`.execute(db);
}
