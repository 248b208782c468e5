import { sql, type Kysely } from 'kysely';

/** Small records of the system's own progress (for example, how far the demo catalog got). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE system_state (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE system_state`.execute(db);
}
