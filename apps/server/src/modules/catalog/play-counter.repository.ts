import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/** Adds the plays not recorded yet (per viewer, episode and day); returns the ones that were new. */
export function insertPlays(db: Executor, plays: { episodeId: number; viewer: string; day: string }[]) {
  return db
    .insertInto('episode_plays')
    .values(plays.map((p) => ({ episode_id: p.episodeId, viewer: p.viewer, day: p.day })))
    .onConflict((oc) => oc.doNothing())
    .returning(['episode_id', 'viewer'])
    .execute();
}

/**
 * Claims, in one statement, the (series, address, day) of every play given; per play, its series and
 * whether its (series, address, day) was claimed now (first) rather than before.
 */
export async function claimSeriesAddressDays(
  db: Executor,
  plays: { episodeId: number; address: string; day: string }[],
) {
  const values = sql.join(plays.map((p) => sql`(${p.episodeId}::int, ${p.address}::text, ${p.day}::date)`));
  const { rows } = await sql<{ episode_id: number; series_id: number; address: string; day: string; first: boolean }>`
    WITH v(episode_id, address, day) AS (VALUES ${values}),
    claims AS (
      INSERT INTO series_address_plays (series_id, address, day)
      SELECT DISTINCT e.series_id, v.address, v.day FROM v JOIN episodes e ON e.id = v.episode_id
      ON CONFLICT DO NOTHING RETURNING series_id, address, day
    )
    SELECT v.episode_id, e.series_id, v.address, v.day::text AS day,
           EXISTS (SELECT 1 FROM claims c WHERE c.series_id = e.series_id AND c.address = v.address AND c.day = v.day) AS first
    FROM v JOIN episodes e ON e.id = v.episode_id`.execute(db);
  return rows;
}

/** Grows the episodes' play counters, and their series' by the same plays. */
export async function addPlayCounts(db: Executor, perEpisode: Map<number, number>): Promise<void> {
  const values = sql.join([...perEpisode].map(([id, n]) => sql`(${id}::int, ${n}::int)`));
  await sql`
    WITH counts(episode_id, n) AS (VALUES ${values}),
    episodes_updated AS (
      UPDATE episodes e SET play_count = e.play_count + c.n FROM counts c WHERE e.id = c.episode_id RETURNING e.series_id, c.n
    )
    UPDATE series s SET play_count = s.play_count + u.total
    FROM (SELECT series_id, sum(n) AS total FROM episodes_updated GROUP BY series_id) u
    WHERE s.id = u.series_id`.execute(db);
}

/**
 * Remembers that a viewer's player started an episode. A start already under way is kept (the player
 * reports first frames again on replays); one from another day starts over. A viewer or episode gone
 * meanwhile (a guest merged away) is remembered as nothing.
 */
export async function rememberStart(db: Executor, userId: string, episodeId: number): Promise<void> {
  await sql`
    INSERT INTO playback_starts (user_id, episode_id)
    SELECT u.id, e.id FROM users u, episodes e WHERE u.id = ${userId}::uuid AND e.id = ${episodeId}
    ON CONFLICT (user_id, episode_id) DO UPDATE SET started_at = now()
    WHERE playback_starts.started_at < now() - interval '1 day'`
    .execute(db)
    .catch((err: unknown) => {
      if ((err as { code?: string }).code !== '23503') throw err;
    });
}

/**
 * Takes (deletes) a start of today that is at least `seconds` old, by the database's clock; whether
 * the viewer's plays count per address (a guest, or an account younger than `newAccountMinutes`).
 */
export async function takeStart(
  db: Executor,
  userId: string,
  episodeId: number,
  seconds: number,
  newAccountMinutes: number,
) {
  const { rows } = await sql<{ per_address: boolean }>`
    DELETE FROM playback_starts s USING users u
    WHERE s.user_id = ${userId}::uuid AND s.episode_id = ${episodeId} AND u.id = s.user_id
      AND s.started_at <= now() - make_interval(secs => ${seconds})
      AND s.started_at > now() - interval '1 day'
    RETURNING u.is_guest OR u.created_at > now() - make_interval(mins => ${newAccountMinutes}) AS per_address`.execute(
    db,
  );
  return rows[0];
}

/** Forgets starts that never became plays and yesterday's per-address claims. */
export async function pruneStartsAndClaims(db: Executor): Promise<void> {
  await sql`DELETE FROM playback_starts WHERE started_at < now() - interval '1 day'`.execute(db);
  await sql`DELETE FROM series_address_plays WHERE day < current_date - 1`.execute(db);
}

/** A deleted account's plays keep counting, under a random viewer id that names no one. */
export async function forgetViewer(db: Executor, userId: string): Promise<void> {
  await sql`UPDATE episode_plays SET viewer = 'deleted:' || gen_random_uuid() WHERE viewer = ${userId}`.execute(db);
}
