import { sql, type Kysely } from 'kysely';

/**
 * What keeps the hot queries flat as plays, viewers and orders grow (docs/QUERIES.md):
 * - play counts per day and per series and day, kept by triggers on episode_plays, so the dashboard
 *   and Trending read a few hundred counters instead of millions of plays;
 * - plays by viewer (the dashboard leaves out a handful of operators' plays; an account's deletion
 *   renames its plays);
 * - orders by their provider's reference (the console's order search);
 * - arrivals and paid orders by date with the columns the dashboard counts (index-only scans).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // All plays of a day, spread over a few rows so that concurrent plays do not queue on one row.
  await sql`
    CREATE TABLE play_days (
      day date NOT NULL,
      shard smallint NOT NULL,
      plays bigint NOT NULL,
      PRIMARY KEY (day, shard)
    )`.execute(db);
  await sql`
    CREATE TABLE series_play_days (
      series_id integer NOT NULL REFERENCES series (id) ON DELETE CASCADE,
      day date NOT NULL,
      plays bigint NOT NULL,
      PRIMARY KEY (series_id, day)
    )`.execute(db);
  await sql`CREATE INDEX series_play_days_day_idx ON series_play_days (day, series_id) INCLUDE (plays)`.execute(db);

  // Statement-level triggers: one upsert per (series, day) a statement touches, not one per play.
  // A play deleted with its episode is taken off its series by the episode's own trigger below
  // (by then the episode row is gone and the join here finds nothing).
  await sql`
    CREATE FUNCTION episode_plays_counted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        INSERT INTO play_days AS t (day, shard, plays)
          SELECT day, floor(random() * 8)::smallint, -count(*) FROM old_plays GROUP BY day
          ON CONFLICT (day, shard) DO UPDATE SET plays = t.plays + excluded.plays;
        INSERT INTO series_play_days AS t (series_id, day, plays)
          SELECT e.series_id, c.day, -count(*) FROM old_plays c JOIN episodes e ON e.id = c.episode_id
          GROUP BY e.series_id, c.day
          ON CONFLICT (series_id, day) DO UPDATE SET plays = t.plays + excluded.plays;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO play_days AS t (day, shard, plays)
          SELECT day, floor(random() * 8)::smallint, count(*) FROM new_plays GROUP BY day
          ON CONFLICT (day, shard) DO UPDATE SET plays = t.plays + excluded.plays;
        INSERT INTO series_play_days AS t (series_id, day, plays)
          SELECT e.series_id, c.day, count(*) FROM new_plays c JOIN episodes e ON e.id = c.episode_id
          GROUP BY e.series_id, c.day
          ON CONFLICT (series_id, day) DO UPDATE SET plays = t.plays + excluded.plays;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER episode_plays_inserted AFTER INSERT ON episode_plays REFERENCING NEW TABLE AS new_plays
    FOR EACH STATEMENT EXECUTE FUNCTION episode_plays_counted()`.execute(db);
  await sql`CREATE TRIGGER episode_plays_deleted AFTER DELETE ON episode_plays REFERENCING OLD TABLE AS old_plays
    FOR EACH STATEMENT EXECUTE FUNCTION episode_plays_counted()`.execute(db);
  await sql`CREATE TRIGGER episode_plays_updated AFTER UPDATE ON episode_plays
    REFERENCING OLD TABLE AS old_plays NEW TABLE AS new_plays FOR EACH STATEMENT EXECUTE FUNCTION episode_plays_counted()`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION episode_deleted_uncount() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE series_play_days t SET plays = t.plays - p.n
        FROM (SELECT day, count(*) AS n FROM episode_plays WHERE episode_id = OLD.id GROUP BY day) p
        WHERE t.series_id = OLD.series_id AND t.day = p.day;
      RETURN OLD;
    END $$`.execute(db);
  await sql`CREATE TRIGGER episodes_deleted_uncount BEFORE DELETE ON episodes
    FOR EACH ROW EXECUTE FUNCTION episode_deleted_uncount()`.execute(db);

  await sql`
    INSERT INTO play_days (day, shard, plays) SELECT day, 0, count(*) FROM episode_plays GROUP BY day`.execute(db);
  await sql`
    INSERT INTO series_play_days (series_id, day, plays)
    SELECT e.series_id, p.day, count(*) FROM episode_plays p JOIN episodes e ON e.id = p.episode_id
    GROUP BY e.series_id, p.day`.execute(db);

  await sql`CREATE INDEX episode_plays_viewer_idx ON episode_plays (viewer, day)`.execute(db);
  // Orders search by the provider's reference uses orders_provider_ref_idx (0025-order-search).
  // The dashboard's arrivals and sales of a period, read from the index alone.
  await sql`CREATE INDEX users_created_cover_idx ON users (created_at) INCLUDE (is_guest, role, disabled_at)`.execute(
    db,
  );
  await sql`CREATE INDEX orders_paid_cover_idx ON orders (paid_at) INCLUDE (status, currency, amount, user_id, purpose)
    WHERE paid_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_paid_cover_idx, users_created_cover_idx, episode_plays_viewer_idx`.execute(db);
  await sql`DROP TRIGGER episodes_deleted_uncount ON episodes`.execute(db);
  await sql`DROP TRIGGER episode_plays_inserted ON episode_plays`.execute(db);
  await sql`DROP TRIGGER episode_plays_deleted ON episode_plays`.execute(db);
  await sql`DROP TRIGGER episode_plays_updated ON episode_plays`.execute(db);
  await sql`DROP FUNCTION episode_deleted_uncount(), episode_plays_counted()`.execute(db);
  await sql`DROP TABLE series_play_days, play_days`.execute(db);
}
