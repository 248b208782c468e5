import { sql, type Kysely } from 'kysely';
import type { Language } from '@episodic/contract';
import type { DB } from '../../db/schema';
import type { EpisodeRow, SeriesCardRow } from './catalog.repository';

/*
 * Archived content a viewer keeps. Which episodes they keep is the access module's answer; these read
 * the rows to show for them, whatever their status, and are never cached, so no other viewer sees them.
 */

/** The given episodes, by number. */
export async function episodeRows(db: Kysely<DB>, ids: readonly number[], lang: Language): Promise<EpisodeRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<EpisodeRow>`
    SELECT e.id, e.series_id, e.number, COALESCE(t.title, en.title) AS title, e.duration_ms, e.free, e.unlock_cost
    FROM episodes e
    LEFT JOIN episode_translations t ON t.episode_id = e.id AND t.language = ${lang}
    LEFT JOIN episode_translations en ON en.episode_id = e.id AND en.language = 'en'
    WHERE e.id = ANY(${sql.val([...ids])}::int[])
    ORDER BY e.number`.execute(db);
  return rows;
}

/** Card data of the given series that were archived once published; the caller sets the counts. */
export async function archivedSeriesCards(
  db: Kysely<DB>,
  ids: readonly number[],
  lang: Language,
): Promise<SeriesCardRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<SeriesCardRow>`
    SELECT s.id, s.cover_key, s.banner_key, s.accent_color, s.series_price, s.play_count,
      COALESCE(t.title, en.title, anyt.title) AS title,
      COALESCE(t.synopsis, en.synopsis, anyt.synopsis, '') AS synopsis,
      0 AS episode_count, 0 AS free_count
    FROM series s
    LEFT JOIN series_translations t ON t.series_id = s.id AND t.language = ${lang}
    LEFT JOIN series_translations en ON en.series_id = s.id AND en.language = 'en'
    LEFT JOIN LATERAL (SELECT title, synopsis FROM series_translations x WHERE x.series_id = s.id ORDER BY language LIMIT 1) anyt ON true
    WHERE s.id = ANY(${sql.val([...ids])}::int[]) AND s.status = 'archived' AND s.archived_from = 'published'`.execute(
    db,
  );
  return rows;
}
