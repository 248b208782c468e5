import { sql, type Kysely } from 'kysely';

/** The personal library: a list of favorite series and one history entry per series watched. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE favorites (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      series_id integer NOT NULL REFERENCES series (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, series_id)
    )`.execute(db);
  await sql`CREATE INDEX favorites_recent_idx ON favorites (user_id, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE watch_history (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      series_id integer NOT NULL REFERENCES series (id) ON DELETE CASCADE,
      episode_id integer NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
      position_ms integer NOT NULL DEFAULT 0 CHECK (position_ms >= 0),
      finished boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, series_id)
    )`.execute(db);
  await sql`CREATE INDEX watch_history_recent_idx ON watch_history (user_id, updated_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE watch_history, favorites`.execute(db);
}
