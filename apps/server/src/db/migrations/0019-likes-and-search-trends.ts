import { sql, type Kysely } from 'kysely';

/**
 * Series likes (one per viewer per series) with the count kept on the series by a trigger, so every
 * way a like row goes (a tap, a merge, an account's or a series' deletion by cascade) keeps the count
 * exact; and the searches viewers submit, one row per viewer, language, query and day, from which the
 * search screen's trending searches are counted (kept 8 days).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE series ADD COLUMN like_count bigint NOT NULL DEFAULT 0`.execute(db);
  await sql`
    CREATE TABLE series_likes (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      series_id integer NOT NULL REFERENCES series (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, series_id)
    )`.execute(db);
  await sql`CREATE INDEX series_likes_series_idx ON series_likes (series_id)`.execute(db);
  // Row by row, in the transaction that adds or removes the like: the series row's lock orders
  // concurrent likes, so the count cannot lose one.
  await sql`
    CREATE FUNCTION series_likes_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE series SET like_count = like_count + 1 WHERE id = NEW.series_id;
      ELSE
        UPDATE series SET like_count = like_count - 1 WHERE id = OLD.series_id;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER series_likes_count AFTER INSERT OR DELETE ON series_likes
    FOR EACH ROW EXECUTE FUNCTION series_likes_count()`.execute(db);

  await sql`
    CREATE TABLE daily_searches (
      day date NOT NULL DEFAULT current_date,
      language text NOT NULL CHECK (language IN ('en', 'es', 'fy', 'dy', 'pt')),
      query text NOT NULL CHECK (length(query) BETWEEN 1 AND 100),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      PRIMARY KEY (day, language, query, user_id)
    )`.execute(db);
  await sql`CREATE INDEX daily_searches_user_idx ON daily_searches (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE daily_searches, series_likes`.execute(db);
  await sql`DROP FUNCTION series_likes_count()`.execute(db);
  await sql`ALTER TABLE series DROP COLUMN like_count`.execute(db);
}
