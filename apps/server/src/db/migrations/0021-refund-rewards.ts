import { sql, type Kysely } from 'kysely';

/**
 * A refund takes back the rewards its order brought (the first-purchase bonus) as far as the viewer
 * still holds them: the refund's record keeps how many reward coins were taken back and how many were
 * already spent, beside the order's own coins. Refunds made before took none back (0).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE refunds
    ADD COLUMN reward_coins_reversed integer NOT NULL DEFAULT 0,
    ADD COLUMN reward_coins_short integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE refunds DROP COLUMN reward_coins_reversed, DROP COLUMN reward_coins_short`.execute(db);
}
