import { sql, type Kysely } from 'kysely';

/**
 * Plays that count: a playback start per viewer and episode (a play counts only when the viewer's
 * progress report comes some seconds after it), and one play per series, address and day for
 * accounts too new to be trusted on their own. And the indexes the scheduled purge of unused guests
 * and expired sessions reads by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE playback_starts (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      episode_id integer NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
      started_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, episode_id)
    )`.execute(db);
  await sql`CREATE INDEX playback_starts_started_at_idx ON playback_starts (started_at)`.execute(db);
  await sql`
    CREATE TABLE series_address_plays (
      series_id integer NOT NULL REFERENCES series (id) ON DELETE CASCADE,
      address text NOT NULL CHECK (length(address) <= 64),
      day date NOT NULL,
      PRIMARY KEY (series_id, day, address)
    )`.execute(db);
  await sql`CREATE INDEX series_address_plays_day_idx ON series_address_plays (day)`.execute(db);
  await sql`CREATE INDEX users_guests_by_age_idx ON users (created_at) WHERE is_guest`.execute(db);
  await sql`CREATE INDEX sessions_expires_at_idx ON sessions (expires_at)`.execute(db);
  // Purged guests still arrived: the dashboard's new visitors of a day add those purged since.
  await sql`
    CREATE TABLE purged_guests (
      day date PRIMARY KEY,
      n integer NOT NULL CHECK (n >= 0)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sessions_expires_at_idx, users_guests_by_age_idx`.execute(db);
  await sql`DROP TABLE purged_guests, series_address_plays, playback_starts`.execute(db);
}
