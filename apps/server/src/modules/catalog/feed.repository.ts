import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Paging } from './catalog.repository';

export interface FeedRow {
  id: number;
  /** The viewer's saved place in the series, if any. */
  episode_id: number | null;
  position_ms: number | null;
  finished: boolean | null;
}

/** A series is visible once published with at least one published, packaged episode. */
const visible = sql<boolean>`s.status = 'published' AND EXISTS (
  SELECT 1 FROM episodes e WHERE e.series_id = s.id AND e.status = 'published' AND e.media_status = 'ready')`;

/**
 * The For You feed's series for one viewer (or nobody), best first, with the viewer's saved place.
 *
 * Score: the viewer's taste (categories of the series they watched, weight 2, and listed, weight 1,
 * summed over the series' categories), a listed series not started yet (+3), plays over the last days
 * and all-time plays (logarithmic, so one hit does not bury the rest), and a series already under way
 * a little lower (the feed is for finding the next one). Series the viewer finished (the saved
 * episode finished and no later episode) are left out. Without a viewer only the plays count.
 */
export async function feedSeries(
  db: Kysely<DB>,
  userId: string | null,
  days: number,
  { offset, limit }: Paging,
): Promise<FeedRow[]> {
  const { rows } = await sql<FeedRow>`
    WITH mine AS (
      SELECT h.series_id, 2 AS weight FROM watch_history h WHERE h.user_id = ${userId}::uuid
      UNION ALL
      SELECT f.series_id, 1 FROM favorites f WHERE f.user_id = ${userId}::uuid
    ),
    taste AS (
      SELECT st.tag_id, sum(m.weight) AS weight FROM mine m JOIN series_tags st ON st.series_id = m.series_id
      GROUP BY st.tag_id
    ),
    recent AS (
      SELECT series_id, sum(plays)::bigint AS plays FROM series_play_days
      WHERE day >= current_date - ${days}::int GROUP BY series_id
    )
    SELECT s.id, h.episode_id, h.position_ms, h.finished
    FROM series s
    LEFT JOIN recent ON recent.series_id = s.id
    LEFT JOIN watch_history h ON h.user_id = ${userId}::uuid AND h.series_id = s.id
    LEFT JOIN favorites f ON f.user_id = ${userId}::uuid AND f.series_id = s.id
    LEFT JOIN LATERAL (
      SELECT sum(t.weight) AS weight FROM series_tags st JOIN taste t ON t.tag_id = st.tag_id WHERE st.series_id = s.id
    ) affinity ON true
    WHERE ${visible}
      AND NOT (h.finished IS TRUE AND NOT EXISTS (
        SELECT 1 FROM episodes later JOIN episodes saved ON saved.id = h.episode_id
        WHERE later.series_id = s.id AND later.number > saved.number
          AND later.status = 'published' AND later.media_status = 'ready'))
    ORDER BY
      COALESCE(affinity.weight, 0) * 2
        + CASE WHEN f.series_id IS NOT NULL AND h.series_id IS NULL THEN 3 ELSE 0 END
        - CASE WHEN h.series_id IS NOT NULL THEN 1 ELSE 0 END
        + ln(1 + COALESCE(recent.plays, 0)) + ln(1 + s.play_count) / 2 DESC,
      s.published_at DESC NULLS LAST, s.id DESC
    OFFSET ${offset} LIMIT ${limit}`.execute(db);
  return rows;
}
